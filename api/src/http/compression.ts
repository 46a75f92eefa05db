import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Every answer of 1 KB or more goes out compressed when the client accepts it (brotli, else
 * gzip): the whole network's locations list is 79 KB of JSON and about 5 KB compressed (issue 18).
 * Brotli at quality 4, not the default 11: these answers are made per request, and 11 costs more
 * CPU than it saves on the wire. Answers that are compressed already (the shell's precompressed
 * files, the price answers cached gzipped) keep their own Content-Encoding.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

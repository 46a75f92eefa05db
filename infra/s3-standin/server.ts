// A local stand-in for S3-compatible object storage (issue 13): the part of the S3 HTTP API the
// portal's file storage (api/src/storage/s3-storage.ts) calls through AWS's own client, so that
// tests and a development machine keep complaint attachments "in a bucket" with no network.
// It speaks S3's contract: path-style addressing (`/bucket/key`), requests signed with AWS
// Signature V4 and checked here with AWS's own signer (wrong keys get S3's 403), bodies plain or
// in `aws-chunked` encoding with a trailing CRC32 checksum (what the SDK sends for streams), S3's
// XML errors. Objects live in memory. Production refuses it: the config module refuses its
// published credentials and any S3_ENDPOINT on this machine.
//   PUT /{bucket}/{key}  (PutObject)   GET /{bucket}/{key}  (GetObject)   DELETE /{bucket}/{key}  (DeleteObject)
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { SignatureV4 } from '@smithy/signature-v4';

export interface S3StandInOptions {
  /** The key pair the portal signs with; any other gets S3's 403. */
  accessKeyId: string;
  secretAccessKey: string;
  /** Buckets that exist; requests to others get NoSuchBucket. */
  buckets: readonly string[];
  port?: number;
  host?: string;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface S3StandIn {
  url: string;
  /** The objects of each bucket, by key. */
  buckets: ReadonlyMap<string, ReadonlyMap<string, StoredObject>>;
  /** Every request as `METHOD /path` with its answer's status, oldest first. */
  log: readonly string[];
  close(): Promise<void>;
}

/** The largest object it takes: S3's single PutObject limit is 5 GB; the portal's files are 30 MB. */
const MAX_OBJECT_BYTES = 64 * 1024 * 1024;
/** S3 refuses requests signed more than 15 minutes away from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const UNSIGNED = ['UNSIGNED-PAYLOAD', 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'];

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly resource = '',
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

function sendError(response: ServerResponse, error: S3Error, requestId: string) {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message>` +
    `<Resource>${xmlEscape(error.resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
  response.writeHead(error.status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
    'x-amz-request-id': requestId,
  });
  response.end(body);
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData): string | Buffer =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** Node's crypto as the signer's hash (the SDK's `Checksum` shape: update, then digest). */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData) {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_OBJECT_BYTES)
      throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** `AWS4-HMAC-SHA256 Credential=AKID/date/region/s3/aws4_request, SignedHeaders=a;b, Signature=hex`. */
function parseAuthorization(header: string | undefined) {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      header ?? '',
    );
  if (!match) throw new S3Error(403, 'AccessDenied', 'Requests must be signed with AWS Signature Version 4.');
  const [, accessKeyId = '', date = '', region = '', signedHeaders = '', signature = ''] = match;
  return { accessKeyId, date, region, signedHeaders: signedHeaders.split(';'), signature };
}

/** `20261127T101500Z` → Date. */
function parseAmzDate(value: string | undefined): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) throw new S3Error(403, 'AccessDenied', 'The x-amz-date header is missing or malformed.');
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
}

/** Checks the request's Signature V4 by signing the same canonical request with the same key. */
async function verifySignature(request: IncomingMessage, options: S3StandInOptions): Promise<void> {
  const auth = parseAuthorization(request.headers.authorization);
  if (auth.accessKeyId !== options.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  const signingDate = parseAmzDate(request.headers['x-amz-date'] as string | undefined);
  if (Math.abs(Date.now() - signingDate.getTime()) > MAX_CLOCK_SKEW_MS) {
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const url = new URL(request.url ?? '/', 'http://standin');
  const headers: Record<string, string> = {};
  for (const name of auth.signedHeaders) {
    const value = request.headers[name];
    if (value === undefined) throw new S3Error(403, 'AccessDenied', `The signed header ${name} is missing.`);
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const previous = query[name];
    query[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  // S3 signs the path as sent (no normalising, no second encoding).
  const rawPath = (request.url ?? '/').split('?')[0] ?? '/';
  const signer = new SignatureV4({
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    region: auth.region,
    service: 's3',
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    { method: request.method ?? 'GET', protocol: 'http:', hostname: url.hostname, path: rawPath, query, headers },
    { signingDate, signingRegion: auth.region, signingService: 's3' },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1] ?? '';
  if (
    expected.length !== auth.signature.length ||
    !timingSafeEqual(Buffer.from(expected), Buffer.from(auth.signature))
  ) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
}

/**
 * The object's bytes: as sent, or decoded from `aws-chunked` (`<hex size>\r\n<bytes>\r\n … 0\r\n`
 * then trailing headers such as `x-amz-checksum-crc32`, then `\r\n`), with the checksums checked.
 */
function objectBytes(request: IncomingMessage, raw: Buffer): Buffer {
  const contentSha = String(request.headers['x-amz-content-sha256'] ?? '');
  const chunked = contentSha.startsWith('STREAMING-');
  if (chunked && contentSha !== 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') {
    throw new S3Error(501, 'NotImplemented', `${contentSha} is not supported by the stand-in.`);
  }
  if (!chunked && !UNSIGNED.includes(contentSha)) {
    if (createHash('sha256').update(raw).digest('hex') !== contentSha) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
  }
  const trailers: Record<string, string> = {};
  let body = raw;
  if (chunked) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const end = raw.indexOf('\r\n', at);
      if (end < 0) throw new S3Error(400, 'IncompleteBody', 'The chunked body ended early.');
      const size = Number.parseInt(raw.subarray(at, end).toString('latin1').split(';')[0] ?? '', 16);
      if (!Number.isInteger(size) || size < 0)
        throw new S3Error(400, 'InvalidChunkSizeError', 'A chunk size is not valid.');
      at = end + 2;
      if (size === 0) break;
      parts.push(raw.subarray(at, at + size));
      at += size + 2;
    }
    for (const line of raw.subarray(at).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    body = Buffer.concat(parts);
    const declared = Number(request.headers['x-amz-decoded-content-length']);
    if (declared !== body.length) {
      throw new S3Error(400, 'IncompleteBody', 'The decoded content length does not match the body.');
    }
  }
  const checksum = trailers['x-amz-checksum-crc32'] ?? (request.headers['x-amz-checksum-crc32'] as string | undefined);
  if (checksum !== undefined) {
    const computed = Buffer.alloc(4);
    computed.writeUInt32BE(crc32(body));
    if (computed.toString('base64') !== checksum) {
      throw new S3Error(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
    }
  }
  return body;
}

/** Starts the stand-in; port 0 (the default) picks a free one. */
export async function startS3StandIn(options: S3StandInOptions): Promise<S3StandIn> {
  const buckets = new Map(options.buckets.map((name) => [name, new Map<string, StoredObject>()]));
  const log: string[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse, requestId: string) {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const [, bucketName = '', ...keyParts] = path.split('/');
    const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
    // The signature covers the headers (the payload's hash among them), so it is checked before a byte is read.
    await verifySignature(request, options);
    const raw = await readBody(request);
    const bucket = buckets.get(bucketName);
    if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.', `/${bucketName}`);
    if (!key) throw new S3Error(501, 'NotImplemented', 'Only object operations are implemented by the stand-in.');
    const headers = { 'x-amz-request-id': requestId };

    if (request.method === 'PUT') {
      if (request.headers['x-amz-copy-source'])
        throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented.');
      const body = objectBytes(request, raw);
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      bucket.set(key, {
        body,
        contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
        etag,
        lastModified: new Date(),
      });
      response.writeHead(200, { ...headers, etag, 'content-length': 0 });
      response.end();
      return;
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      const object = bucket.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', `/${bucketName}/${key}`);
      response.writeHead(200, {
        ...headers,
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: object.etag,
        'last-modified': object.lastModified.toUTCString(),
        'accept-ranges': 'bytes',
      });
      response.end(request.method === 'GET' ? object.body : undefined);
      return;
    }
    if (request.method === 'DELETE') {
      // S3 answers 204 whether or not the key existed.
      bucket.delete(key);
      response.writeHead(204, headers);
      response.end();
      return;
    }
    throw new S3Error(501, 'NotImplemented', `${request.method} is not implemented by the stand-in.`);
  }

  const server: Server = createServer((request, response) => {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    handle(request, response, requestId)
      .catch((error: unknown) => {
        const s3Error =
          error instanceof S3Error ? error : new S3Error(500, 'InternalError', 'We encountered an internal error.');
        if (!response.headersSent) sendError(response, s3Error, requestId);
        else response.destroy();
      })
      .finally(() => log.push(`${request.method} ${(request.url ?? '').split('?')[0]} ${response.statusCode}`));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    buckets,
    log,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

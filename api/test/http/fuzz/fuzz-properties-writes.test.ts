/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { fuzzRoutes, isWrite, useFuzzApp } from './support';

useFuzzApp();

// Reads and writes are two files so that jest's workers share them.
it('never answers 5xx to odd path parameters, queries and bodies on writes', async () => {
  await fuzzRoutes((route) => isWrite(route.method), 100);
}, 240_000);

/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import fc from 'fast-check';
import { anyBody, appRoutes, callers, encode, isWrite, pathParameter, query, testApp, useFuzzApp } from './support';

useFuzzApp();

// Generated path parameters, queries and (on writes) bodies, by each kind of caller. Reads and
// writes are two files so that jest's workers share them.
it('never answers 5xx to odd path parameters, queries and bodies on writes', async () => {
  for (const route of appRoutes().filter((route) => isWrite(route.method))) {
    const writes = isWrite(route.method);
    await fc.assert(
      fc.asyncProperty(
        fc.array(pathParameter, { minLength: 3, maxLength: 3 }),
        query,
        writes ? anyBody : fc.constant(undefined),
        fc.constantFrom(...(Object.keys(callers) as (keyof typeof callers)[])),
        async (params, search, payload, caller) => {
          let index = 0;
          const path = route.path.replace(/:[A-Za-z]+/g, () => encode(params[index++] ?? ''));
          const queryString = Object.entries(search)
            .map(([key, value]) => `${encode(key)}=${encode(value)}`)
            .join('&');
          const response = await testApp.app.inject({
            method: route.method,
            url: queryString ? `${path}?${queryString}` : path,
            headers: { ...callers[caller], ...(writes ? { 'content-type': 'application/json' } : {}) },
            ...(writes ? { payload: JSON.stringify(payload) } : {}),
          });
          if (response.statusCode >= 500) {
            throw new Error(`${route.method} ${route.path} answered ${response.statusCode}: ${response.body}`);
          }
        },
      ),
      { numRuns: 100, seed: 19 },
    );
  }
}, 240_000);

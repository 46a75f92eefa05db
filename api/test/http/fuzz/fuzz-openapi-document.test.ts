/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { PORTAL_OPENAPI_DOCUMENT_PATH } from '../../../src/http/openapi';
import { users } from '../../../src/modules/identity/schema';
import { bearer } from '../../helpers';
import { fuzzRequests, type OpenApiDocument } from './openapi-requests';
import { existing, owner, testApp, useFuzzApp } from './support';

// Issue 36 item 1: every operation of the API's own document, with each path parameter, query
// parameter and body leaf (in arrays and nested objects too) replaced in turn by odd values, by the
// caller the route is for: no answer is a 5xx. A route added tomorrow is in the document, and so here.

useFuzzApp();
const ADMIN = bearer({ sub: 'fuzz-admin', email: 'fuzz-admin@example.com' });

const callerOf = (url: string) => (url.startsWith('/api/admin/') ? ADMIN : url.startsWith('/api/public/') ? {} : owner);

it('answers every request made from the OpenAPI document without a 5xx', async () => {
  await testApp.db.orm
    .insert(users)
    .values({ subject: 'fuzz-admin', email: 'fuzz-admin@example.com', adminRoles: ['administrator'] });
  const document = (
    await testApp.app.inject({ method: 'GET', url: PORTAL_OPENAPI_DOCUMENT_PATH })
  ).json() as OpenApiDocument;
  // The reference itself is left out: each call writes the whole document (openapi.test.ts sends it odd input).
  const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => !path.startsWith('/api/docs')));
  const requests = fuzzRequests({ ...document, paths }, (name) => (name === 'key' ? existing[0] : undefined));
  // The sweep reads what it should: every operation, and many leaves each.
  expect(Object.values(paths).flatMap((operations) => Object.keys(operations)).length).toBeGreaterThan(150);
  expect(requests.length).toBeGreaterThan(5_000);

  const failures: string[] = [];
  for (const request of requests) {
    const response = await testApp.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: {
        ...callerOf(request.url),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    if (response.statusCode >= 500) {
      failures.push(
        `${request.method} ${request.url} (${request.changed}): ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    }
  }
  expect(failures).toEqual([]);
}, 600_000);

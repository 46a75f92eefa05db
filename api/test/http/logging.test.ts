/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { scrubbed } from '../../src/http/logging';
import { NO_QUERY } from '../../src/http/route-schemas';
import { startTestApp, type TestApp } from '../helpers';

const logLines: string[] = [];
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
    extend: (app) => {
      // A query that fails with a person's data among its values, as an order insert could.
      app.get('/api/public/test-failing-query', { schema: { querystring: NO_QUERY } }, async () => {
        await testApp.db.orm.execute(sql`select ${'anna.berzina@example.com'}::int`);
        return {};
      });
    },
  });
}, 60_000);
afterAll(() => testApp.close());

describe('logs', () => {
  it("keep a failed query's SQL but not its values", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/public/test-failing-query' });
    expect(response.statusCode).toBe(500);
    const logged = logLines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toContain('Failed query: select $1::int');
    expect(logged).not.toContain('anna.berzina');
  });

  it('log request lines without their query string or credentials', async () => {
    logLines.length = 0;
    await testApp.app.inject({
      method: 'GET',
      url: '/api/public/countries?search=Anna%20B%C4%93rzi%C5%86a',
      headers: { authorization: 'Bearer secret-token' },
    });
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/public/countries');
    expect(logged).not.toContain('Anna');
    expect(logged).not.toContain('secret-token');
  });
});

describe('scrubbed', () => {
  it('removes values, details and credentials at any depth', () => {
    expect(
      scrubbed({
        message: 'Failed query: insert into users values ($1)\nparams: anna@example.com',
        params: ['anna@example.com'],
        cause: {
          message: 'invalid input syntax for type integer: "anna@example.com"',
          detail: 'Key (email)=(anna@example.com) already exists.',
          hint: 'Key (email)=(anna@example.com)',
          code: '23505',
        },
      }),
    ).toEqual({
      message: 'Failed query: insert into users values ($1)\nparams: [redacted]',
      params: '[redacted]',
      cause: {
        message: 'invalid input syntax for type integer: "[redacted]"',
        detail: '[redacted]',
        hint: 'Key (email)=([redacted])',
        code: '23505',
      },
    });
  });
});

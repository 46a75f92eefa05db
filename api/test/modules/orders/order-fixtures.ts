import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { workFlows } from '../../../src/modules/workflows/schema';
import { bearer, type TestApp } from '../../helpers';

export type Headers = Record<string, string>;
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
  headers: Record<string, unknown>;
}

export function requester(getApp: () => TestApp) {
  return async (
    method: InjectOptions['method'],
    url: string,
    headers: Headers = {},
    body?: unknown,
  ): Promise<Answer> => {
    // Bodies go as JSON text, as a browser sends them (light-my-request refuses some values as
    // objects, e.g. a bare number, which the fuzz test must be able to send).
    const response = await getApp().app.inject({
      method,
      url,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const type = String(response.headers['content-type'] ?? '');
    return {
      status: response.statusCode,
      body: type.includes('json') && response.body ? response.json() : response.body,
      headers: response.headers,
    };
  };
}

/** Solves and verifies a bot-check challenge: the header one write by a visitor needs. */
export async function botCheckHeader(getApp: () => TestApp): Promise<Headers> {
  const request = requester(getApp);
  const { body: challenge } = await request('GET', '/api/public/bot-check/challenge');
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const verified = await request('POST', '/api/public/recaptcha-verify', {}, { token });
  if (verified.status !== 200) throw new Error(`bot check not verified: ${verified.status}`);
  return { 'x-bot-check': token };
}

/** Identity-verified callers skip the bot check (SPEC §6). */
export const verifiedUser = (sub: string) =>
  bearer({ sub, email: `${sub}@example.com`, given_name: 'Test', family_name: 'User', identityVerified: true });

export async function workflowId(testApp: TestApp, seedKey: string): Promise<number> {
  const [row] = await testApp.db.orm.select({ id: workFlows.id }).from(workFlows).where(eq(workFlows.seedKey, seedKey));
  if (!row) throw new Error(`no workflow ${seedKey}`);
  return row.id;
}

export { completed, domesticParcel, latvianReceiver, sender } from './order-bodies';

/** The sandbox page's buttons: follows the pay call's redirect and presses one. */
export async function pressSandbox(
  getApp: () => TestApp,
  redirectUrl: string,
  action: 'pay' | 'decline' | 'cancel',
): Promise<Answer> {
  const response = await getApp().app.inject({
    method: 'POST',
    url: redirectUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

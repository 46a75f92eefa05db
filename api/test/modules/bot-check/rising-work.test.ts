/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { loadConfig } from '../../../src/config';
import { BotCheckService, MAX_WORK_FACTOR } from '../../../src/modules/bot-check';
import { startTestApp, type TestApp } from '../../helpers';

// Issue 19, item 4: the bot check's work rises for a client that asks for challenges too often.

describe('work factor', () => {
  const service = (freeChallenges?: number) =>
    new BotCheckService(undefined as never, { freeChallenges, ttlSeconds: 600, secret: 'x'.repeat(32) });

  it('doubles per batch of free challenges, up to the cap, per client and within the window', () => {
    const bot = service(3);
    const start = Date.UTC(2026, 10, 24, 8);
    const factors = Array.from({ length: 21 }, (_, index) => bot.workFactorFor('10.0.0.1', start + index));
    expect(factors).toEqual([1, 1, 1, 2, 2, 2, 4, 4, 4, 8, 8, 8, 16, 16, 16, 32, 32, 32, 32, 32, 32]);
    expect(MAX_WORK_FACTOR).toBe(32);
    // Another client starts at the normal work; ten minutes later the first one does again.
    expect(bot.workFactorFor('10.0.0.2', start + 30)).toBe(1);
    expect(bot.workFactorFor('10.0.0.1', start + 600_001 + 30)).toBe(1);
  });

  it('never rises when no limit is set (tests, RATE_LIMIT=off)', () => {
    const bot = service(undefined);
    expect(Array.from({ length: 50 }, () => bot.workFactorFor('10.0.0.1'))).toEqual(Array(50).fill(1));
  });
});

describe('the challenge route', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({
      modules: ['identity'],
      config: loadConfig({ NODE_ENV: 'test', BOT_CHECK_FREE_CHALLENGES: '2', RATE_LIMIT_EXPENSIVE: '1000' }),
    });
  }, 60_000);
  afterAll(() => testApp?.close());

  const solvedCounter = async (remoteAddress: string) => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/public/bot-check/challenge', remoteAddress });
    const solution = await solveChallenge({ challenge: response.json() as Challenge, deriveKey });
    return solution?.counter ?? -1;
  };

  it('gives a client that asked eleven times in a row thirty-two times the work, and others the normal work', async () => {
    expect(await solvedCounter('10.9.0.1')).toBeLessThan(6_000);
    for (let call = 0; call < 9; call += 1) {
      await testApp.app.inject({ method: 'GET', url: '/api/public/bot-check/challenge', remoteAddress: '10.9.0.1' });
    }
    expect(await solvedCounter('10.9.0.1')).toBeGreaterThanOrEqual(2_000 * 32);
    expect(await solvedCounter('10.9.0.2')).toBeLessThan(6_000);
  }, 60_000);
});

import { AttemptLimiter } from './attempts';

// Per-account sign-in limits (issue 36 item 4), on a clock the test drives.

describe('attempt limits per account', () => {
  const MINUTE = 60_000;
  let clock = Date.UTC(2026, 0, 15, 10, 0, 0);
  const now = () => clock;

  it('refuses a key after `max` failures within the window until the oldest of them leaves it', () => {
    const limiter = new AttemptLimiter({ max: 3, windowSeconds: 600 }, now);
    limiter.fail('anna@example.com');
    clock += MINUTE;
    limiter.fail('anna@example.com');
    expect(limiter.retryAfterSeconds('anna@example.com')).toBe(0);
    clock += MINUTE;
    limiter.fail('anna@example.com');
    // The first failure was 2 minutes ago: 8 minutes left.
    expect(limiter.retryAfterSeconds('anna@example.com')).toBe(480);
    expect(limiter.retryAfterSeconds('janis@example.com')).toBe(0);
    clock += 8 * MINUTE - 1000;
    expect(limiter.retryAfterSeconds('anna@example.com')).toBe(1);
    clock += 1000;
    expect(limiter.retryAfterSeconds('anna@example.com')).toBe(0);
  });

  it('forgets a key’s failures when it succeeds, and keeps at most `maxKeys` keys', () => {
    const limiter = new AttemptLimiter({ max: 2, windowSeconds: 600 }, now, 3);
    limiter.fail('a');
    limiter.succeed('a');
    limiter.fail('a');
    expect(limiter.retryAfterSeconds('a')).toBe(0);
    limiter.fail('a');
    expect(limiter.retryAfterSeconds('a')).toBe(600);
    for (const key of ['b', 'c', 'd']) limiter.fail(key);
    // Four keys failed: the one failed longest ago ('a') is the one forgotten.
    expect(limiter.retryAfterSeconds('a')).toBe(0);
  });
});

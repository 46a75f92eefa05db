import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, hashPassword, passwordMatches, UserStore } from './users';

describe('password hashing of the development provider', () => {
  it('matches the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(await passwordMatches('correct horse', stored)).toBe(true);
    expect(await passwordMatches('wrong horse', stored)).toBe(false);
    expect(await passwordMatches('correct horse', null)).toBe(false);
  });

  it('checks the demo users seeded with their password', async () => {
    const user = new UserStore().byEmail('anna@example.com');
    expect(await passwordMatches(DEMO_PASSWORD, user?.passwordHash ?? null)).toBe(true);
  });

  it('keeps the event loop free while 12 wrong passwords are checked', async () => {
    const stored = await hashPassword('secret-password');
    // A timer due in 5 ms fires while the checks run only if none of them hashes on the event loop:
    // hashing there, it would wait for all 12. Compared with the checks' end, not with a fixed
    // time, so that a busy machine (which delays both) cannot fail it.
    const timerFired = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 5));
    const checks = Array.from({ length: 12 }, (_, index) => passwordMatches(`wrong-${index}`, stored));
    const checked = Promise.all(checks).then((outcomes) => ({ at: performance.now(), outcomes }));
    const [firedAt, { at: checkedAt, outcomes }] = await Promise.all([timerFired, checked]);
    expect(outcomes).toEqual(Array(12).fill(false));
    expect(firedAt).toBeLessThan(checkedAt);
  }, 30_000);
});

describe('the development provider’s user file', () => {
  it('is readable by its owner only, and keeps registrations unverified until proved', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'idp-users-'));
    const store = new UserStore(dir);
    const file = path.join(dir, 'users.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const registered = store.add({
      email: 'new@example.com',
      givenName: 'New',
      familyName: 'Person',
      personalCode: null,
      passwordHash: null,
    });
    expect(registered.emailVerified).toBe(false);
    expect(store.byEmail('anna@example.com')?.emailVerified).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart reads the same people back, with what was proved of each.
    expect(new UserStore(dir).find(registered.sub)?.emailVerified).toBe(false);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { email: string }[];
    expect(stored.map((user) => user.email)).toContain('new@example.com');
  });
});

import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A person known to the development identity provider. */
export interface IdpUser {
  /** `sub` of the tokens; the demo users' subjects match the API's seed (modules/identity/seed.ts). */
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Simulated personal code for Smart-ID and eParaksts sign-ins. */
  personalCode: string | null;
  /** `scrypt$<salt>$<hash>` (hex); null for people who only ever used Smart-ID or eParaksts. */
  passwordHash: string | null;
}

/** The password of every demo user (development only; printed in the README). */
export const DEMO_PASSWORD = 'demo-password';

/** Demo people: a private user, a company user (MAIN_ADMIN in the API seed), an administrator. Made up. */
const DEMO_USERS: Omit<IdpUser, 'passwordHash'>[] = [
  {
    sub: 'dev-private',
    email: 'anna@example.com',
    givenName: 'Anna',
    familyName: 'Bērziņa',
    personalCode: '010190-10001',
  },
  {
    sub: 'dev-company',
    email: 'janis@example.com',
    givenName: 'Jānis',
    familyName: 'Ozols',
    personalCode: '020285-10002',
  },
  {
    sub: 'dev-admin',
    email: 'admin@example.com',
    givenName: 'Ilze',
    familyName: 'Kalniņa',
    personalCode: '030375-10003',
  },
];

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${scryptSync(password, salt, 32).toString('hex')}`;
}

export function passwordMatches(password: string, stored: string | null): boolean {
  const [scheme, salt, hash] = stored?.split('$') ?? [];
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(password, Buffer.from(salt, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * The provider's people, in memory and, when `dataDir` is given, in `<dataDir>/users.json` so that
 * registrations survive restarts. Demo users are added on first start.
 */
export class UserStore {
  private readonly users = new Map<string, IdpUser>();
  private readonly file: string | null;

  constructor(dataDir?: string) {
    this.file = dataDir ? path.join(dataDir, 'users.json') : null;
    if (this.file) {
      try {
        for (const user of JSON.parse(readFileSync(this.file, 'utf8')) as IdpUser[]) this.users.set(user.sub, user);
      } catch {
        // first start: nothing stored yet
      }
    }
    if (this.users.size === 0) {
      const passwordHash = hashPassword(DEMO_PASSWORD);
      for (const demo of DEMO_USERS) this.users.set(demo.sub, { ...demo, passwordHash });
      this.save();
    }
  }

  find(sub: string): IdpUser | undefined {
    return this.users.get(sub);
  }

  byEmail(email: string): IdpUser | undefined {
    const wanted = email.trim().toLowerCase();
    return [...this.users.values()].find((user) => user.email.toLowerCase() === wanted);
  }

  byPersonalCode(code: string): IdpUser | undefined {
    return [...this.users.values()].find((user) => user.personalCode === code);
  }

  add(user: Omit<IdpUser, 'sub'>): IdpUser {
    const created = { ...user, sub: randomUUID() };
    this.users.set(created.sub, created);
    this.save();
    return created;
  }

  private save(): void {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify([...this.users.values()], null, 2));
  }
}

import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asBuffer, type WorkerPool, workerModule, workerPool } from '@portal/api/worker-pool';
import type { ScryptTask } from './password-worker';

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
  /**
   * Whether the e-mail address was proved to be theirs. The demo users' are; a registration's is
   * not (the development provider sends no confirmation mail), so its tokens say
   * `email_verified: false` and nobody can claim someone else's address.
   */
  emailVerified?: boolean;
}

/** The password of every demo user (development only; printed in the README). */
export const DEMO_PASSWORD = 'demo-password';

/** Demo people: a private user, a company user (MAIN_ADMIN in the API seed), an administrator, a content editor, a customer-service agent. Made up. */
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
  {
    // A back-office content editor (issue 14): CMS blocks only.
    sub: 'dev-editor',
    email: 'editor@example.com',
    givenName: 'Līga',
    familyName: 'Liepiņa',
    personalCode: '040480-10004',
  },
  {
    // A back-office product manager (issue 14): products, tariffs, post offices and lockers.
    sub: 'dev-manager',
    email: 'manager@example.com',
    givenName: 'Pēteris',
    familyName: 'Kļaviņš',
    personalCode: '050585-10005',
  },
  {
    // A back-office customer-service agent (issue 14): the complaints queue and orders.
    sub: 'dev-service',
    email: 'service@example.com',
    givenName: 'Mārtiņš',
    familyName: 'Kalējs',
    personalCode: '050590-10005',
  },
];

// scrypt runs on a bounded pool of its own (password-worker.ts; issue 36): one thread, so that a
// flood of sign-ins (or wrong passwords) leaves the other core to the event loop and never waits
// in libuv's pool before the file system, zlib and DNS of every other request (as the async
// scrypt did: /api/health p99 87-125 ms under 200 wrong passwords). Up to 32 checks wait for it;
// more are refused at once (503 BUSY, provider.ts answers "busy, try again in a few seconds").
const PASSWORD_THREADS = 1;
export const PASSWORD_QUEUE = 32;
const PASSWORD_WORKER = workerModule(import.meta.url, './password-worker');
let passwordPool: WorkerPool<ScryptTask, Uint8Array> | undefined;

const scryptAsync = async (password: string, salt: Buffer, length: number) => {
  passwordPool ??= workerPool<ScryptTask, Uint8Array>(PASSWORD_WORKER, PASSWORD_THREADS, {
    maxQueue: PASSWORD_QUEUE,
  });
  return asBuffer(await passwordPool.run({ password, salt, length }));
};

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${(await scryptAsync(password, salt, 32)).toString('hex')}`;
}

export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  const [scheme, salt, hash] = stored?.split('$') ?? [];
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = await scryptAsync(password, Buffer.from(salt, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** The demo users' hash, once when the store is first made (not on any request). */
function demoPasswordHash(): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${scryptSync(DEMO_PASSWORD, salt, 32).toString('hex')}`;
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
    // Demo users missing from the store are added (all on first start; a demo user added in a later
    // release, e.g. the customer-service one, joins a store made before it).
    const missing = DEMO_USERS.filter((demo) => !this.users.has(demo.sub));
    if (missing.length > 0) {
      const passwordHash = demoPasswordHash();
      for (const demo of missing) this.users.set(demo.sub, { ...demo, passwordHash, emailVerified: true });
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

  add(user: Omit<IdpUser, 'sub' | 'emailVerified'>): IdpUser {
    const created = { ...user, sub: randomUUID(), emailVerified: false };
    this.users.set(created.sub, created);
    this.save();
    return created;
  }

  private save(): void {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    // Password hashes and personal codes: readable by the portal's own user only (a mode given to
    // writeFileSync applies only when the file is created, so an older file is narrowed too).
    writeFileSync(this.file, JSON.stringify([...this.users.values()], null, 2), { mode: 0o600 });
    chmodSync(this.file, 0o600);
  }
}

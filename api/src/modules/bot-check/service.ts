import { createHash, randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Orm } from '../../db';
import { botCheckTokens } from './schema';

export interface BotCheckOptions {
  /** HMAC secret that signs challenges; all API instances must share it (BOT_CHECK_SECRET). */
  secret?: string;
  /** Work per challenge: the counter the solver has to find lies in [min, max). */
  minCounter?: number;
  maxCounter?: number;
  /** How long a challenge, and a verified solution, stays usable. */
  ttlSeconds?: number;
  /**
   * Rising work (issue 19): challenges one client (IP) may ask for within `ttlSeconds` at the
   * normal work; every further batch of as many doubles the work, up to 32 times. Unset: the work
   * never rises (tests; RATE_LIMIT=off).
   */
  freeChallenges?: number;
}

export type SignedChallenge = Challenge & { signature: string };

/** The most a client's work is multiplied by: a person on a shared address still gets through. */
export const MAX_WORK_FACTOR = 32;

const ALGORITHM = 'SHA-256';

/**
 * The self-hosted proof-of-work bot check (DESIGN §5, ALTCHA). A token is the base64 JSON of
 * `{ challenge, solution }` as `altcha-lib` makes it. POST /api/recaptcha-verify checks the work
 * and records the challenge; one write then spends it (`spend`), so a token cannot be replayed.
 */
export class BotCheckService {
  private readonly secret: string;
  private readonly keySecret: string;
  private readonly minCounter: number;
  private readonly maxCounter: number;
  private readonly ttlSeconds: number;
  private readonly freeChallenges: number | undefined;
  /** When each client last asked for challenges (epoch ms), within the window; per API instance. */
  private readonly askedAt = new Map<string, number[]>();

  constructor(
    private readonly orm: Orm,
    options: BotCheckOptions = {},
  ) {
    this.secret = options.secret ?? randomBytes(32).toString('hex');
    this.keySecret = createHash('sha256').update(`key:${this.secret}`).digest('hex');
    this.minCounter = options.minCounter ?? 2_000;
    this.maxCounter = options.maxCounter ?? 6_000;
    this.ttlSeconds = options.ttlSeconds ?? 600;
    this.freeChallenges = options.freeChallenges;
  }

  /**
   * Counts a challenge for `client` and answers how many times the normal work it gets: 1 for the
   * first `freeChallenges` within the window, then 2, 4… up to MAX_WORK_FACTOR.
   */
  workFactorFor(client: string | undefined, now = Date.now()): number {
    if (this.freeChallenges === undefined || !client) return 1;
    const since = now - this.ttlSeconds * 1000;
    const times = (this.askedAt.get(client) ?? []).filter((time) => time > since);
    times.push(now);
    this.askedAt.set(client, times);
    if (this.askedAt.size > 10_000) {
      // Bounded memory: clients that asked nothing within the window are forgotten.
      for (const [key, asked] of this.askedAt) if ((asked.at(-1) ?? 0) <= since) this.askedAt.delete(key);
    }
    const doublings = Math.floor((times.length - 1) / this.freeChallenges);
    return Math.min(2 ** doublings, MAX_WORK_FACTOR);
  }

  /** A challenge whose work rises for a `client` that asks too often (see `workFactorFor`). */
  async challenge(client?: string): Promise<SignedChallenge> {
    const factor = this.workFactorFor(client);
    // Signed, as an HMAC secret is given.
    return (await createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(this.minCounter * factor, this.maxCounter * factor),
      deriveKey,
      expiresAt: new Date(Date.now() + this.ttlSeconds * 1000),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    })) as SignedChallenge;
  }

  /** Checks a solved token and records it as verified; false when wrong, expired or seen before. */
  async verify(token: string): Promise<boolean> {
    const payload = decodeToken(token);
    if (!payload) return false;
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    }).catch(() => null);
    if (!result?.verified) return false;
    const now = new Date();
    await this.orm.delete(botCheckTokens).where(lt(botCheckTokens.expiresAt, now));
    const inserted = await this.orm
      .insert(botCheckTokens)
      .values({
        tokenHash: challengeKey(payload.challenge),
        expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000),
      })
      .onConflictDoNothing()
      .returning({ tokenHash: botCheckTokens.tokenHash });
    return inserted.length === 1;
  }

  /** Spends a verified token on one write; false when it is missing, unverified, expired or spent. */
  async spend(token: string | undefined): Promise<boolean> {
    const payload = token ? decodeToken(token) : null;
    if (!payload) return false;
    const spent = await this.orm
      .update(botCheckTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(botCheckTokens.tokenHash, challengeKey(payload.challenge)),
          isNull(botCheckTokens.usedAt),
          gt(botCheckTokens.expiresAt, new Date()),
        ),
      )
      .returning({ tokenHash: botCheckTokens.tokenHash });
    return spent.length === 1;
  }
}

interface TokenPayload {
  challenge: Challenge;
  solution: Solution;
}

export function decodeToken(token: string): TokenPayload | null {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<TokenPayload>;
    const parameters = payload.challenge?.parameters;
    if (!parameters || typeof parameters.nonce !== 'string' || typeof parameters.salt !== 'string') return null;
    if (typeof payload.solution?.counter !== 'number' || typeof payload.solution.derivedKey !== 'string') return null;
    return payload as TokenPayload;
  } catch {
    return null;
  }
}

/** One challenge, one key: a second solution of the same challenge is a replay too. */
function challengeKey(challenge: Challenge): string {
  return createHash('sha256').update(`${challenge.parameters.nonce}:${challenge.parameters.salt}`).digest('hex');
}

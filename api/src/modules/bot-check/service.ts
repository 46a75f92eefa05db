import { createHash, randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Orm } from '../../db';
import { botCheckTokens } from '../../db/schema';

export interface BotCheckOptions {
  /** HMAC secret that signs challenges; all API instances must share it (BOT_CHECK_SECRET). */
  secret?: string;
  /** Work per challenge: the counter the solver has to find lies in [min, max). */
  minCounter?: number;
  maxCounter?: number;
  /** How long a challenge, and a verified solution, stays usable. */
  ttlSeconds?: number;
}

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

  constructor(
    private readonly orm: Orm,
    options: BotCheckOptions = {},
  ) {
    this.secret = options.secret ?? randomBytes(32).toString('hex');
    this.keySecret = createHash('sha256').update(`key:${this.secret}`).digest('hex');
    this.minCounter = options.minCounter ?? 2_000;
    this.maxCounter = options.maxCounter ?? 6_000;
    this.ttlSeconds = options.ttlSeconds ?? 600;
  }

  async challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(this.minCounter, this.maxCounter),
      deriveKey,
      expiresAt: new Date(Date.now() + this.ttlSeconds * 1000),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
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

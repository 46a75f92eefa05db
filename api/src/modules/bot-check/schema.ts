import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Bot-check solutions (SPEC §7): verified once by POST /api/recaptcha-verify, then spent by one
// write. Keyed by the SHA-256 of the solution payload; expired rows are purged as new ones arrive.
export const botCheckTokens = pgTable('bot_check_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

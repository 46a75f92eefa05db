import * as z from 'zod/mini';
import type { RuleViolation } from '../rules/violations';
import { violation } from '../rules/violations';
import { openEnum } from '../schemas/open-enum';

// Issue 20 item 2: a company account's API keys. Its main administrator creates, names, scopes and
// revokes them on the settings page; a key acts for the company account on the routes that accept
// its scope (see api/src/modules/api-keys/README.md for which route needs which scope).

/**
 * What a key may do: `read` orders and prices, `ship` (create, price, pay, print labels), `track`
 * shipments, manage `webhooks`, create prepaid `returns` (return labels and codes, issue 40).
 */
export const API_KEY_SCOPES = ['read', 'ship', 'track', 'webhooks', 'returns'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every live key starts with this, so the API tells a key from an identity provider's token at a glance. */
export const API_KEY_PREFIX = 'lvp_live_';
/** A test key's start (issue 38): its orders are the sandbox's, never the post's. */
export const API_KEY_TEST_PREFIX = 'lvp_test_';
/** `live` keys act for real; `test` keys make sandbox orders only their account's test keys see. */
export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];
export const MAX_API_KEY_NAME = 100;
/** Keys per account, revoked ones included (they stay listed). */
export const MAX_API_KEYS = 50;
/** Recent uses kept (and shown) per key. */
export const API_KEY_RECENT_USES = 20;

export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name.',
  nameTooLong: `The name may be at most ${MAX_API_KEY_NAME} characters.`,
  scopesRequired: 'Choose at least one permission.',
  scopeInvalid: 'The value you selected is not a valid choice.',
  companyOnly: 'API keys are for company accounts only.',
  tooMany: `An account may have at most ${MAX_API_KEYS} API keys.`,
  keyNotFound: 'API key not found.',
  unknownKey: 'The API key is not valid.',
  revokedKey: 'The API key has been revoked.',
  notAllowed: 'This call cannot be made with an API key.',
  scopeMissing: 'The API key does not have the permission this call needs.',
} as const;

export const API_KEY_CODES = {
  unknownKey: 'API_KEY_INVALID',
  revokedKey: 'API_KEY_REVOKED',
  notAllowed: 'API_KEY_NOT_ALLOWED',
  scopeMissing: 'API_KEY_SCOPE_MISSING',
} as const;

/** One recorded use of a key (the newest API_KEY_RECENT_USES are kept). */
export const apiKeyUseSchema = z.object({
  method: z.string(),
  route: z.string(),
  status: z.int(),
  usedAt: z.string(),
});

/** A key as listed: never the key itself, only its recognisable start. */
export const apiKeySchema = z.object({
  '@id': z.string(),
  id: z.int(),
  name: z.string(),
  scopes: z.array(openEnum(API_KEY_SCOPES)),
  /** `live`, or `test` (`lvp_test_…`: sandbox orders only). Absent from answers before issue 38. */
  mode: z.optional(z.enum(API_KEY_MODES)),
  /** The key's first characters (`lvp_live_` and its id), to recognise it. */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  recentUses: z.array(apiKeyUseSchema),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of creating a key: the only time the key is shown. */
export const createdApiKeySchema = z.extend(apiKeySchema, { key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export interface ApiKeyInput {
  name: string;
  scopes: readonly string[];
}

/** The body of POST /api/accounts/{id}/api_keys, checked before it is sent (paths `name`, `scopes`). */
export function apiKeyViolations(input: ApiKeyInput): RuleViolation[] {
  const found: RuleViolation[] = [];
  const name = input.name.trim();
  if (name === '') found.push(violation('name', API_KEY_MESSAGES.nameRequired, 'NOT_BLANK'));
  else if (name.length > MAX_API_KEY_NAME) found.push(violation('name', API_KEY_MESSAGES.nameTooLong, 'TOO_LONG'));
  if (input.scopes.length === 0) found.push(violation('scopes', API_KEY_MESSAGES.scopesRequired, 'NOT_BLANK'));
  else if (input.scopes.some((scope) => !(API_KEY_SCOPES as readonly string[]).includes(scope)))
    found.push(violation('scopes', API_KEY_MESSAGES.scopeInvalid, 'INVALID_VALUE'));
  return found;
}

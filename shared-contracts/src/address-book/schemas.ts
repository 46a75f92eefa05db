// zod/mini, as the other shared entries (keeps classic zod out of the browser bundle).
import * as z from 'zod/mini';
import { MAX_DATABASE_ID } from '../format/safe-text';

/**
 * The address book's contract (SPEC §3 Contact, Contact group): what the screens send to
 * POST/PUT /api/contacts and /api/contact_groups and what the API answers. Shapes only (types,
 * lengths); the SPEC §5 rules are in rules.ts and return violations.
 */

const text = (max: number) => z.string().check(z.maxLength(max));
const optionalText = (max: number) => z.optional(z.nullable(text(max)));

/** Default rows per page of the book's tables (SPEC §9: pagination default 5 rows). */
export const ADDRESS_BOOK_PAGE_SIZE = 5;
export const ADDRESS_BOOK_MAX_PAGE_SIZE = 100;
/** SPEC §9: a search finding more contacts than this asks the user to narrow it. */
export const SEARCH_NARROW_OVER = 50;
/** Ids accepted by one bulk delete. */
export const MAX_BULK_DELETE = 500;

export const contactWriteSchema = z.object({
  name: optionalText(100),
  companyName: optionalText(255),
  email: optionalText(180),
  countryCode: optionalText(2),
  phonePrefix: optionalText(4),
  phone: optionalText(20),
  addressLine: optionalText(255),
  city: optionalText(100),
  region: optionalText(100),
  postCode: optionalText(20),
  addressId: optionalText(20),
  groupIds: z.optional(z.array(z.int().check(z.positive(), z.maximum(MAX_DATABASE_ID))).check(z.maxLength(100))),
});
export type ContactWrite = z.infer<typeof contactWriteSchema>;

const nullableText = z.nullable(z.string());

export const contactGroupRefSchema = z.object({ id: z.int(), name: z.string() });
export type ContactGroupRef = z.infer<typeof contactGroupRefSchema>;

/** A contact as the API answers it (GET /api/contacts/{id}, and each member of the list). */
export const contactResourceSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Contact'),
  id: z.int(),
  name: z.string(),
  companyName: nullableText,
  email: nullableText,
  countryCode: z.string(),
  phonePrefix: nullableText,
  phone: nullableText,
  addressLine: nullableText,
  city: nullableText,
  region: nullableText,
  postCode: nullableText,
  addressId: nullableText,
  groups: z.array(contactGroupRefSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactResource = z.infer<typeof contactResourceSchema>;

export const contactGroupWriteSchema = z.object({ name: text(100) });
export type ContactGroupWrite = z.infer<typeof contactGroupWriteSchema>;

export const contactGroupResourceSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('ContactGroup'),
  id: z.int(),
  name: z.string(),
  contactCount: z.int(),
});
export type ContactGroupResource = z.infer<typeof contactGroupResourceSchema>;

/** Columns the contact list sorts by (`order[name]=asc`). */
export const CONTACT_SORT_FIELDS = ['name', 'companyName', 'city', 'countryCode', 'createdAt'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

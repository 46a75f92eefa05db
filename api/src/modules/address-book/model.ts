import { MAX_DATABASE_ID } from '@portal/shared-contracts';
import {
  ADDRESS_BOOK_MAX_PAGE_SIZE,
  ADDRESS_BOOK_PAGE_SIZE,
  MAX_BULK_DELETE,
} from '@portal/shared-contracts/address-book';
import { z } from 'zod';

// Route input of the address book (zod, strict: an unknown parameter is a caller's mistake).

const positiveInteger = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

const direction = z.enum(['asc', 'desc'], { error: 'The value you selected is not a valid choice.' }).optional();

export const contactListQuery = z.strictObject({
  page: positiveInteger(1_000_000).default(1),
  itemsPerPage: positiveInteger(ADDRESS_BOOK_MAX_PAGE_SIZE).default(ADDRESS_BOOK_PAGE_SIZE),
  search: z.string().max(100, 'This value is too long. It should have 100 characters or less.').optional(),
  group: positiveInteger(2_147_483_647).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'The country code has two letters.')
    .transform((value) => value.toUpperCase())
    .optional(),
  'order[name]': direction,
  'order[companyName]': direction,
  'order[city]': direction,
  'order[countryCode]': direction,
  'order[createdAt]': direction,
});
export type ContactListQuery = z.output<typeof contactListQuery>;

export const groupListQuery = z.strictObject({
  page: positiveInteger(1_000_000).default(1),
  itemsPerPage: positiveInteger(ADDRESS_BOOK_MAX_PAGE_SIZE).default(ADDRESS_BOOK_PAGE_SIZE),
  search: z.string().max(100, 'This value is too long. It should have 100 characters or less.').optional(),
});
export type GroupListQuery = z.output<typeof groupListQuery>;

export const idParams = z.strictObject({ id: positiveInteger(2_147_483_647) });

export const bulkDeleteBody = z.strictObject({
  ids: z
    .array(z.number().int().positive().max(MAX_DATABASE_ID))
    .min(1, 'Choose at least one contact.')
    .max(MAX_BULK_DELETE, `This collection should contain ${MAX_BULK_DELETE} elements or less.`),
});

const locale = z.enum(['en', 'lv'], { error: 'The value you selected is not a valid choice.' }).default('en');

export const exportQuery = z.strictObject({
  lang: locale,
  group: positiveInteger(2_147_483_647).optional(),
  /** A selection: contact ids joined by commas. */
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,499}$/, 'This value should be contact ids separated by commas.')
    .transform((value) => value.split(',').map(Number))
    .optional(),
});

export const templateQuery = z.strictObject({ lang: locale });

export const importQuery = z.strictObject({
  /** `all`: store nothing unless every row is correct ("all or nothing"); `valid`: store the good rows. */
  mode: z.enum(['valid', 'all'], { error: 'The value you selected is not a valid choice.' }).default('valid'),
});

// The address book (issue 12): contact and group contract, SPEC §5 contact rules, search folding,
// contacts as order parties and the order wizard's picker.
export { type ContactPickerProps, contactOfParty, partyOfContact } from './party';
export {
  ADDRESS_BOOK_CODES,
  ADDRESS_BOOK_MESSAGES,
  ADDRESS_ID_PATTERN,
  contactViolations,
  duplicateKey,
  foldForSearch,
} from './rules';
export {
  ADDRESS_BOOK_MAX_PAGE_SIZE,
  ADDRESS_BOOK_PAGE_SIZE,
  CONTACT_SORT_FIELDS,
  type ContactGroupRef,
  type ContactGroupResource,
  type ContactGroupWrite,
  type ContactResource,
  type ContactSortField,
  type ContactWrite,
  contactGroupRefSchema,
  contactGroupResourceSchema,
  contactGroupWriteSchema,
  contactResourceSchema,
  contactWriteSchema,
  MAX_BULK_DELETE,
  SEARCH_NARROW_OVER,
} from './schemas';
export {
  GROUP_SEPARATOR,
  type ImportReport,
  type ImportRowError,
  importReportSchema,
  importRowErrorSchema,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  SPREADSHEET_COLUMNS,
  SPREADSHEET_MESSAGES,
  type SpreadsheetField,
  XLSX_MIME,
} from './spreadsheet';

// Main entry (`@portal/shared-contracts`): no React here, so the API can import it.
// React-only code lives in `@portal/shared-contracts/react`.

export { BOT_CHECK_HEADER, BOT_CHECK_VERIFY_PATH, createApiClient } from './api/api-client';
export {
  ApplicationError,
  type ApplicationErrorOptions,
  BOT_CHECK_ERROR,
  DEFAULT_ERROR_MESSAGE,
  FINISH_SELECTION_MESSAGE,
  NETWORK_ERROR_MESSAGE,
} from './api/application-error';
export {
  APPROVAL_VIOLATION_CODES,
  type ApprovalViolationCode,
  isApprovalViolation,
  splitApprovalViolations,
} from './api/approval';
export { type FieldMessages, fieldErrorsOf, messagesByField } from './api/field-errors';
export {
  type ApiAnswer,
  type ApiBody,
  type ApiMethod,
  type ApiPaths,
  type ApiQuery,
  type CallOptions,
  type CallQuery,
  fillPath,
  lastSegment,
  type ParameterNames,
  type PathsWith,
  parametersOf,
  type TypedCalls,
  typedCalls,
} from './api/typed-client';
export type { ApiClient, ApiClientOptions, HttpMethod, QueryValue, RequestOptions } from './api/types';
export { saveFile } from './browser/save-file';
export { createEventBus, type EventBus, type EventName, type Listener, type PortalEvents } from './events/event-bus';
export {
  type CalendarDate,
  DATE_FORMATS,
  type DateInput,
  isValidDisplayDate,
  parseDate,
  parseDateTime,
  toDbDate,
  toDisplayDate,
  toDisplayDateTime,
} from './format/dates';
export { normaliseDecimalInput } from './format/decimal-input';
export { formatFileSize } from './format/file-size';
export { formatMoney, parseMoneyToCents } from './format/money';
export { formatPercentage } from './format/percentage';
export {
  findUnsafeText,
  isSafeText,
  MAX_DATABASE_ID,
  MAX_DATABASE_INTEGER,
  MIN_DATABASE_INTEGER,
  UNSAFE_TEXT_CODE,
  UNSAFE_TEXT_MESSAGE,
} from './format/safe-text';
export { normalizeSearchText } from './format/search-text';
export { formatWeight } from './format/weight';
export { collapseWhitespace, type EmptyStringsToNull, emptyStringsToNull } from './format/whitespace';
export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, toLocale } from './i18n/locale';
export { type NewsItem, newsItemSchema } from './news/types';
export {
  CLIENT_ERROR_KINDS,
  CLIENT_ERRORS_PATH,
  type ClientErrorKind,
  type ClientErrorReport,
  clientErrorReportSchema,
  MAX_CLIENT_ERRORS_PER_PAGE,
  REQUEST_ID_HEADER,
  withoutQuery,
} from './observability/client-errors';
export {
  DIGITS_MESSAGE,
  EMAIL_MESSAGE,
  emailProblem,
  LATVIAN_PHONE_MESSAGE,
  LATVIAN_PHONE_PREFIX,
  MIN_NAME_LENGTH,
  NAME_MESSAGE,
  NAME_PATTERN,
  NAME_TOO_SHORT,
  nameProblem,
  PHONE_TOO_SHORT,
  phoneFormatProblem,
} from './people/person-rules';
export {
  BOOT_DATA_ELEMENT_ID,
  type BootData,
  type FirstScreenModule,
  type FirstScreenQuery,
  type FirstScreenRequest,
  type RemoteExpose,
  type RenderedFirstScreen,
  remoteAreaId,
  remoteAreasOf,
} from './remotes/boot-data';
export {
  type LocalizedText,
  REMOTE_ENTRY_FILE,
  type RemoteAppProps,
  type RemoteDescription,
  type RemoteEntry,
  type RemotesFile,
  remoteDescriptionSchema,
  remoteEntrySchema,
  remoteEntryUrlOf,
  remotesFileSchema,
  WIDGET_PLACEMENTS_FOR_EVERYONE,
  type WidgetPlacement,
} from './remotes/manifest';
export {
  type HydraCollection,
  type HydraError,
  type HydraView,
  hydraCollection,
  hydraErrorSchema,
  hydraViewSchema,
  type Violation,
  violationSchema,
} from './schemas/hydra';
export { EXTENSIBLE_ENUM, openEnum } from './schemas/open-enum';
export {
  type Account,
  type AccountContact,
  type AccountMember,
  accountContactSchema,
  accountMemberSchema,
  accountSchema,
  type PlatformSession,
  type SessionStatus,
  type User,
  type UserAccountLink,
  userAccountLinkSchema,
  userSchema,
} from './session/types';
export { PORTAL_COLOR_SCHEME } from './ui/color-scheme';

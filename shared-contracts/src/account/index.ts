// `@portal/shared-contracts/account`: the rules of My data and settings (SPEC §2 /settings, §4
// Phone change, §5 goods code unique per account), for the API and the screens.

export {
  ANNOUNCEMENT_CHANNELS,
  ANNOUNCEMENT_CODES,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_STATUSES,
  type Announcement,
  type AnnouncementChannel,
  type AnnouncementInput,
  type AnnouncementStatus,
  announcementSms,
  announcementTexts,
  announcementViolations,
  BANNER_MESSAGES,
  type BannerInput,
  bannerViolations,
  MAX_ANNOUNCEMENT_CAPTION,
  MAX_ANNOUNCEMENT_CONTENT,
  MAX_ANNOUNCEMENT_DESCRIPTION,
  MAX_BANNER_TEXT,
  normaliseAnnouncement,
  RECIPIENT_GROUPS,
  type RecipientGroup,
} from './announcements';
export {
  COMPANY_APPLICATION_MESSAGES,
  COMPANY_APPLICATION_STATUSES,
  COMPANY_REGISTRATION_NUMBER_LENGTH,
  type CompanyApplicationInput,
  type CompanyApplicationStatus,
  companyApplicationViolations,
  isCompanyRegistrationNumber,
  MAX_COMPANY_APPLICATION_TEXT,
} from './company-application';
export {
  type AccountBranch,
  COMPANY_ROLES,
  COMPANY_USER_MESSAGES,
  type CompanyRole,
  companyUserViolations,
  ROLE_MAIN_ADMIN,
  ROLE_USER,
} from './company-users';
export {
  isNotifiedStatus,
  NOTIFICATION_CHOICES,
  NOTIFICATION_SETTINGS_MESSAGES,
  NOTIFIED_STATUSES,
  type NotificationSettings,
  type NotifiedStatus,
  notificationSettingsViolations,
} from './notification-settings';
export {
  normalisePhoneCode,
  PHONE_CODE_CODES,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MESSAGES,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MINUTES,
  PHONE_CODES_PER_HOUR,
  type PhoneVerification,
  phoneChangeViolations,
  phoneCodeViolation,
  secondsUntil,
} from './phone-verification';
export {
  hsCodeDigits,
  MAX_SAVED_HS_CODE_DESCRIPTION,
  MAX_SAVED_HS_CODES,
  matchSavedHsCodes,
  SAVED_HS_CODE_CODES,
  SAVED_HS_CODE_MESSAGES,
  type SavedHsCode,
  savedHsCodeViolations,
} from './saved-hs-codes';

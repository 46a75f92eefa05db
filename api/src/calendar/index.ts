// The API's calendar (issue 22): Riga's clock from the shared contracts (the screens read the same
// one) and Latvia's working days and public holidays. Every module that decides by "today", a
// cut-off hour or working days imports it from here, never from another module.
export {
  addCalendarDays,
  RIGA_TIME_ZONE,
  rigaClock,
  rigaDate,
  rigaDisplayDate,
  rigaMidnight,
} from '@portal/shared-contracts/calendar';
export {
  addLatvianWorkingDays,
  isLatvianHoliday,
  isLatvianPublicHoliday,
  latvianPublicHolidays,
  type PublicHoliday,
  usePostDaysOff,
} from './working-days';

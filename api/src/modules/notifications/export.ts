import { announcementTexts } from '@portal/shared-contracts/account';
import { RIGA_TIME_ZONE } from '@portal/shared-contracts/calendar';
import type { WorkbookPlan } from '../../spreadsheet/workbook-plan';
import { escapeCell } from '../../spreadsheet/xlsx';
import type { AnnouncementAdminView } from './announcements';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Locale = 'en' | 'lv';

const COLUMNS: { en: string; lv: string; width: number }[] = [
  { en: 'No.', lv: 'Nr.', width: 8 },
  { en: 'Status', lv: 'Statuss', width: 12 },
  { en: 'Recipient groups', lv: 'Saņēmēju grupas', width: 22 },
  { en: 'Sent by', lv: 'Sūtīšanas veids', width: 22 },
  { en: 'Caption', lv: 'Virsraksts', width: 32 },
  { en: 'Description', lv: 'Apraksts', width: 40 },
  { en: 'Content', lv: 'Saturs', width: 60 },
  { en: 'Created', lv: 'Izveidots', width: 18 },
  { en: 'Sent at', lv: 'Nosūtīts', width: 18 },
  { en: 'E-mails', lv: 'E-pasti', width: 10 },
  { en: 'SMS', lv: 'SMS', width: 10 },
];

const WORDS: Record<string, Record<Locale, string>> = {
  unsent: { en: 'unsent', lv: 'nenosūtīts' },
  sent: { en: 'sent', lv: 'nosūtīts' },
  private: { en: 'private', lv: 'privātpersonas' },
  company: { en: 'company', lv: 'uzņēmumi' },
  email: { en: 'e-mail', lv: 'e-pasts' },
  sms: { en: 'SMS', lv: 'SMS' },
  portal: { en: 'portal', lv: 'portāls' },
};

const rigaParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: RIGA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "DD.MM.YYYY - H:mm" in Riga time (SPEC §9), whatever the server's zone. */
export function rigaDateTime(iso: string | null): string {
  if (!iso) return '';
  const part = Object.fromEntries(rigaParts.formatToParts(new Date(iso)).map((piece) => [piece.type, piece.value]));
  return `${part.day}.${part.month}.${part.year} - ${Number(part.hour)}:${part.minute}`;
}

/** The announcements of the back office's list as one sheet (SPEC §7 notification export xlsx). */
export function announcementsWorkbook(rows: AnnouncementAdminView[], locale: Locale): WorkbookPlan {
  const word = (value: string) => WORDS[value]?.[locale] ?? value;
  const words = (values: readonly string[]) => values.map(word).join(', ');
  return {
    sheets: [
      {
        name: locale === 'lv' ? 'Paziņojumi' : 'Notifications',
        columns: COLUMNS.map((column) => ({ header: column[locale], width: column.width })),
        rows: rows.map((row) => {
          // The texts in the sheet's language (the back office writes both).
          const texts = announcementTexts(row, locale);
          return {
            cells: [
              row.id,
              word(row.status),
              words(row.recipientGroups),
              words(row.channels),
              // Texts typed in the back office never become formulas in the reader's spreadsheet.
              escapeCell(texts.caption),
              escapeCell(texts.description),
              escapeCell(texts.content),
              rigaDateTime(row.createdAt),
              rigaDateTime(row.sentAt),
              row.emailCount,
              row.smsCount,
            ],
          };
        }),
      },
    ],
  };
}

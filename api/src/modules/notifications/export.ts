import { announcementTexts } from '@portal/shared-contracts/account';
import { RIGA_TIME_ZONE } from '@portal/shared-contracts/calendar';
import { loadExcelJs } from '../../spreadsheet/exceljs';
import { escapeCell } from '../../spreadsheet/xlsx';
import type { AnnouncementAdminView } from './announcements';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Locale = 'en' | 'lv';

const COLUMNS: { key: string; en: string; lv: string; width: number }[] = [
  { key: 'id', en: 'No.', lv: 'Nr.', width: 8 },
  { key: 'status', en: 'Status', lv: 'Statuss', width: 12 },
  { key: 'recipientGroups', en: 'Recipient groups', lv: 'Saņēmēju grupas', width: 22 },
  { key: 'channels', en: 'Sent by', lv: 'Sūtīšanas veids', width: 22 },
  { key: 'caption', en: 'Caption', lv: 'Virsraksts', width: 32 },
  { key: 'description', en: 'Description', lv: 'Apraksts', width: 40 },
  { key: 'content', en: 'Content', lv: 'Saturs', width: 60 },
  { key: 'createdAt', en: 'Created', lv: 'Izveidots', width: 18 },
  { key: 'sentAt', en: 'Sent at', lv: 'Nosūtīts', width: 18 },
  { key: 'emailCount', en: 'E-mails', lv: 'E-pasti', width: 10 },
  { key: 'smsCount', en: 'SMS', lv: 'SMS', width: 10 },
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
export async function announcementsWorkbook(rows: AnnouncementAdminView[], locale: Locale): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet(locale === 'lv' ? 'Paziņojumi' : 'Notifications');
  sheet.columns = COLUMNS.map((column) => ({ header: column[locale], key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  const words = (values: readonly string[]) => values.map((value) => WORDS[value]?.[locale] ?? value).join(', ');
  for (const row of rows) {
    // The texts in the sheet's language (the back office writes both).
    const texts = announcementTexts(row, locale);
    sheet.addRow({
      id: row.id,
      status: WORDS[row.status]?.[locale] ?? row.status,
      recipientGroups: words(row.recipientGroups),
      channels: words(row.channels),
      // Texts typed in the back office never become formulas in the reader's spreadsheet.
      caption: escapeCell(texts.caption),
      description: escapeCell(texts.description),
      content: escapeCell(texts.content),
      createdAt: rigaDateTime(row.createdAt),
      sentAt: rigaDateTime(row.sentAt),
      emailCount: row.emailCount,
      smsCount: row.smsCount,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

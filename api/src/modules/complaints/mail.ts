import type { MailMessage } from '../notifications';
import type { complaints } from './schema';

type ComplaintRow = typeof complaints.$inferSelect;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain-text lines and their HTML twin: empty lines separate paragraphs, line breaks are kept. */
function message(to: string, subject: string, lines: string[]): MailMessage {
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: lines
      .map((line) => (line === '' ? '<br>' : `<p>${escapeHtml(line).replace(/\r?\n/g, '<br>')}</p>`))
      .join('\n'),
  };
}

/**
 * The receipt e-mail of a filed complaint, in Latvian and English in one message: a visitor's
 * complaint has no account whose language we know, and the submission number is all they keep.
 */
export function complaintReceipt(row: ComplaintRow, portalUrl: string): MailMessage {
  const number = row.submissionNumber ?? String(row.id);
  return message(row.email, `Sūdzība ${number} saņemta / Complaint ${number} received`, [
    `Jūsu sūdzība ir saņemta. Iesnieguma numurs: ${number}.`,
    'Atbildi nosūtīsim uz šo e-pasta adresi; reģistrēti lietotāji to redz arī savā profilā.',
    '',
    `Your complaint has been received. Submission number: ${number}.`,
    'We will answer to this e-mail address; registered users also see the answer in their profile.',
    '',
    `${portalUrl}/user/profile`,
  ]);
}

/**
 * The post's answer to a complaint, by e-mail to the address the complaint gave, Latvian first and
 * English below (as the receipt). The answer itself is quoted once, in the words the post wrote it.
 */
export function complaintAnswered(row: ComplaintRow, portalUrl: string): MailMessage {
  const number = row.submissionNumber ?? String(row.id);
  return message(row.email, `Atbilde uz sūdzību ${number} / Answer to complaint ${number}`, [
    `Uz jūsu sūdzību ${number} ir sniegta atbilde.`,
    'Reģistrēti lietotāji atbildi redz arī savā profilā.',
    '',
    `Your complaint ${number} has been answered.`,
    'Registered users also see the answer in their profile.',
    '',
    'Atbilde / Answer:',
    row.answer ?? '',
    '',
    `${portalUrl}/user/profile`,
  ]);
}

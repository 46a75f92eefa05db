import type { complaints } from '../../db/schema';
import type { MailMessage } from '../notifications';

type ComplaintRow = typeof complaints.$inferSelect;

/**
 * The receipt e-mail of a filed complaint, in Latvian and English in one message: a visitor's
 * complaint has no account whose language we know, and the submission number is all they keep.
 */
export function complaintReceipt(row: ComplaintRow, portalUrl: string): MailMessage {
  const number = row.submissionNumber ?? String(row.id);
  const lines = [
    `Jūsu sūdzība ir saņemta. Iesnieguma numurs: ${number}.`,
    'Atbildi nosūtīsim uz šo e-pasta adresi; reģistrēti lietotāji to redz arī savā profilā.',
    '',
    `Your complaint has been received. Submission number: ${number}.`,
    'We will answer to this e-mail address; registered users also see the answer in their profile.',
    '',
    `${portalUrl}/user/profile`,
  ];
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    to: row.email,
    subject: `Sūdzība ${number} saņemta / Complaint ${number} received`,
    text: lines.join('\n'),
    html: lines.map((line) => (line === '' ? '<br>' : `<p>${escapeHtml(line)}</p>`)).join('\n'),
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';

/** One e-mail as the portal writes it: plain text with an HTML twin. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail. The notifications module only knows this interface. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where the messages go, for the start-up log (no secrets). */
  readonly description: string;
}

export const DEFAULT_MAIL_FROM = 'Pasta portāls <no-reply@portal.localhost>';
const defaultMailDir = fileURLToPath(new URL('../../../../.data/mail', import.meta.url));

/** Production: any SMTP server nodemailer accepts as a URL (`smtps://user:pass@host:465`). */
export function smtpMailer(url: string, from = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    description: `SMTP ${new URL(url).host}`,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Development stand-in for a mail server: nodemailer builds the whole MIME message (the same
 * headers and encoding as SMTP would carry) and each one is written to `dir` as an .eml file,
 * which any mail client opens. Tests read the files.
 */
export function mailboxFolderMailer(dir: string, from = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `mailbox folder ${dir}`,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique within a millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(join(dir, name), info.message as Buffer);
    },
  };
}

/** Keeps the built messages in memory: the default of test runs, so they leave no files behind. */
export function memoryMailer(from = DEFAULT_MAIL_FROM): Mailer & { readonly sent: string[] } {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const sent: string[] = [];
  return {
    description: 'memory',
    sent,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      sent.push((info.message as Buffer).toString('utf8'));
    },
  };
}

/** `SMTP_URL` → SMTP; else `MAIL_DIR` (default `<repo>/.data/mail`); test runs without MAIL_DIR keep mail in memory. */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer {
  const from = env.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  if (env.SMTP_URL) return smtpMailer(env.SMTP_URL, from);
  if (env.MAIL_DIR) return mailboxFolderMailer(env.MAIL_DIR, from);
  if (env.NODE_ENV === 'test') return memoryMailer(from);
  return mailboxFolderMailer(defaultMailDir, from);
}

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Transporter } from 'nodemailer';

/** One e-mail as the portal writes it: plain text with an HTML twin. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Files carried along (nodemailer's attachments). One with a `cid` is a picture the HTML shows
   * inline (`<img src="cid:…">`, e.g. the hand-over QR), which mail clients display without loading
   * anything from the internet.
   */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

/** Sends e-mail. The notifications module only knows this interface. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where the messages go, for the start-up log (no secrets). */
  readonly description: string;
}

export const DEFAULT_MAIL_FROM = 'Pasta portāls <no-reply@portal.localhost>';
const defaultMailDir = fileURLToPath(new URL('../../../../.data/mail', import.meta.url));

/**
 * A nodemailer transport made with `options` as the first e-mail is built: nodemailer (and the
 * modules it loads) is then loaded only by a process that writes e-mail, not by every start
 * (most API test files' apps never send one).
 */
function transportOnFirstUse(options: string | object): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}

/** Production: any SMTP server nodemailer accepts as a URL (`smtps://user:pass@host:465`). */
export function smtpMailer(url: string, from = DEFAULT_MAIL_FROM): Mailer {
  const transport = transportOnFirstUse(url);
  return {
    description: `SMTP ${new URL(url).host}`,
    async send(message) {
      await (await transport()).sendMail({ from, ...message });
    },
  };
}

/**
 * Development stand-in for a mail server: nodemailer builds the whole MIME message (the same
 * headers and encoding as SMTP would carry) and each one is written to `dir` as an .eml file,
 * which any mail client opens. Tests read the files.
 */
export function mailboxFolderMailer(dir: string, from = DEFAULT_MAIL_FROM): Mailer {
  const transport = transportOnFirstUse({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `mailbox folder ${dir}`,
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique within a millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(join(dir, name), info.message as Buffer);
    },
  };
}

/** Keeps the built messages in memory: the default of test runs, so they leave no files behind. */
export function memoryMailer(from = DEFAULT_MAIL_FROM): Mailer & { readonly sent: string[] } {
  const transport = transportOnFirstUse({ streamTransport: true, buffer: true, newline: 'unix' });
  const sent: string[] = [];
  return {
    description: 'memory',
    sent,
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message });
      sent.push((info.message as Buffer).toString('utf8'));
    },
  };
}

/** The mail settings of the configuration (SMTP_URL, MAIL_DIR, MAIL_FROM, NODE_ENV: api/src/config). */
export interface MailSettings {
  smtpUrl?: string;
  dir?: string;
  from?: string;
  nodeEnv?: string;
}

/** `SMTP_URL` → SMTP; else `MAIL_DIR` (default `<repo>/.data/mail`); test runs without MAIL_DIR keep mail in memory. */
export function mailerFromSettings(settings: MailSettings): Mailer {
  const from = settings.from ?? DEFAULT_MAIL_FROM;
  if (settings.smtpUrl) return smtpMailer(settings.smtpUrl, from);
  if (settings.dir) return mailboxFolderMailer(settings.dir, from);
  if (settings.nodeEnv === 'test') return memoryMailer(from);
  return mailboxFolderMailer(defaultMailDir, from);
}

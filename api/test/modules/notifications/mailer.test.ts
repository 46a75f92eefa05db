import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailboxFolderMailer, mailerFromSettings, memoryMailer } from '../../../src/modules/notifications/mailer';
import { statusMail } from '../../../src/modules/notifications/texts';

describe('mail transports', () => {
  it('chooses SMTP, then the mailbox folder, then memory for test runs', () => {
    expect(mailerFromSettings({ smtpUrl: 'smtp://mail.example.com:2525', dir: '/tmp/x' }).description).toBe(
      'SMTP mail.example.com:2525',
    );
    expect(mailerFromSettings({ dir: '/tmp/x', nodeEnv: 'test' }).description).toBe('mailbox folder /tmp/x');
    expect(mailerFromSettings({ nodeEnv: 'test' }).description).toBe('memory');
    expect(mailerFromSettings({}).description).toMatch(/^mailbox folder .*\.data\/mail$/);
  });

  it('writes each message as an .eml file a mail client opens', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-mailer-'));
    try {
      const mailer = mailboxFolderMailer(join(dir, 'inbox'));
      await mailer.send(statusMail('anna@example.com', 'RR123456785LV', 'onHold', 'https://portal.test/'));
      await mailer.send(statusMail('anna@example.com', 'RR123456785LV', 'returned', 'https://portal.test/'));
      const files = await readdir(join(dir, 'inbox'));
      expect(files).toHaveLength(2);
      expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
      const raw = await readFile(join(dir, 'inbox', files[0] as string), 'utf8');
      expect(raw).toMatch(/^To: anna@example\.com$/m);
      expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('escapes what it puts into the HTML part', async () => {
    const mailer = memoryMailer();
    const message = statusMail('a@example.com', 'RR123456785LV', 'delivered', 'https://portal.test/?a=<b>');
    expect(message.html).not.toContain('<b>');
    expect(message.html).toContain('https://portal.test/?a=&#60;b&#62;/track?number=RR123456785LV');
    await mailer.send(message);
    expect(mailer.sent).toHaveLength(1);
  });
});

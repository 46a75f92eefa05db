import type { Page } from '@playwright/test';
import { choose, expect, expectNoAxeViolations, test } from './fixtures';
import { accessToken, orderAsUser, signInWithSmartId } from './signed-in-orders';

// Issue 13 item 4: a signed-in user files a complaint about their own paid order with a PDF
// attached, sees it with its file in their list and downloads the file back; an executable
// renamed to .pdf is refused beside the field by the API's content check. English and Latvian.

const texts = {
  en: {
    type: 'Damaged shipment',
    damage: 'Damaged content',
    description: 'Description of the problem',
    iban: 'Bank account for the refund (IBAN)',
    attachments: 'Attachments (photos, documents)',
    submit: 'Send the complaint',
    received: 'Received',
    notContent: "The file's content does not match its type",
  },
  lv: {
    type: 'Bojāts sūtījums',
    damage: 'Bojāts saturs',
    description: 'Problēmas apraksts',
    iban: 'Bankas konts atmaksai (IBAN)',
    attachments: 'Pielikumi (fotoattēli, dokumenti)',
    submit: 'Nosūtīt sūdzību',
    received: 'Saņemta',
    notContent: 'Faila saturs neatbilst tā tipam',
  },
};

/** A small real PDF (what the content check reads is its header). */
const receiptPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Title (Receipt 25,50 EUR) >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
/** The start of a Windows program: MZ header pointing at a PE signature. */
function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

async function fileComplaintWithPdf(page: Page, locale: 'en' | 'lv', orderKey: string) {
  const t = texts[locale];
  await page.goto(`/complaint/${orderKey}?locale=${locale}`);
  const form = page.locator('form');
  await choose(form.getByRole('radio', { name: t.type }));
  await choose(form.getByRole('radio', { name: t.damage }));
  const description = `The parcel arrived crushed (${locale}, ${Date.now()}).`;
  await form.getByLabel(t.description).fill(description);
  await form.getByLabel(t.iban).fill('LV80 BANK 0000 4351 9500 1');

  // An executable renamed to .pdf passes the name check in the browser; the API reads its content.
  const attachments = form.getByLabel(t.attachments);
  await attachments.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: windowsExecutable() });
  await form.getByRole('button', { name: t.submit }).click();
  const refusedFile = form.getByTestId('chosen-file').filter({ hasText: 'invoice.pdf' });
  await expect(refusedFile.getByTestId('file-error')).toContainText(t.notContent);
  await expect(page).toHaveURL(new RegExp(`/complaint/${orderKey}`));

  // Replaced by the real receipt.
  await refusedFile.getByRole('button').click();
  await attachments.setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: receiptPdf });
  await expect(form.getByTestId('chosen-file')).toHaveCount(1);
  await expectNoAxeViolations(page, ['form']);
  await form.getByRole('button', { name: t.submit }).click();

  await expect(page).toHaveURL(/\/complaint-sent\?number=CMP-\d{4}-\d{6}/);
  const number = new URL(page.url()).searchParams.get('number') ?? '';
  const item = page.getByTestId('complaint-item').filter({ hasText: number });
  await expect(item).toContainText(description);
  await expect(item).toContainText(t.received);
  const file = item.getByTestId('complaint-files').getByRole('button', { name: /receipt\.pdf/ });
  await expect(file).toBeVisible();
  await expectNoAxeViolations(page, ['[data-testid="complaints-list"]']);

  // The complainant downloads the file back, byte for byte.
  const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
  expect(download.suggestedFilename()).toBe('receipt.pdf');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).equals(receiptPdf)).toBe(true);
}

for (const locale of ['en', 'lv'] as const) {
  test(`a user files a complaint about their own paid order with a PDF and sees it in the list (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signInWithSmartId(page, '010190-10001');
    const { key } = await orderAsUser(request, await accessToken(page), `Saņēmējs Complaint${locale}`, true);
    await fileComplaintWithPdf(page, locale, key);
  });
}

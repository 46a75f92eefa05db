/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import { complaintAttachments, complaints } from '../../../src/modules/complaints/schema';
import { memoryMailer } from '../../../src/modules/notifications';
import { type FileStorage, LocalFolderStorage } from '../../../src/storage';
import { startTestApp, type TestApp } from '../../helpers';
import { botCheckHeader, type Headers, requester, verifiedUser } from '../orders/order-fixtures';
import { edoc, multipart, pdf, png, type UploadFile, windowsExecutable, xlsx } from './upload-fixtures';

// SPEC §5 Uploads (issue 13 item 4): a complaint's files are checked by name, size, count and by
// their content's magic bytes, kept through the file storage, listed with the complaint, and read
// back by the complainant only. A refused upload keeps nothing: no row, no stored file, no
// temporary file, no e-mail.

let testApp: TestApp;
let uploadsDir: string;
const mailer = memoryMailer();
const request = requester(() => testApp);
const now = () => new Date('2026-11-23T10:00:00Z');
const anna = verifiedUser('attachments-anna');
const janis = verifiedUser('attachments-janis');

const complaint = {
  type: 'damaged_shipment',
  complainant: 'sender',
  damageType: 'damaged_content',
  fullName: 'Anna Bērziņa',
  email: 'anna@example.lv',
  description: 'The vase arrived broken; photos and the receipt are attached.',
  refundIban: 'LV80 BANK 0000 4351 9500 1',
  shipmentValue: '25,50',
};

/** A storage that fails on its `failOn`-th put, to prove a failed filing takes its files back. */
class FailingStorage implements FileStorage {
  readonly description = 'failing test storage';
  puts = 0;
  constructor(
    private readonly inner: FileStorage,
    public failOn = Number.POSITIVE_INFINITY,
  ) {}
  async put(key: string, body: Readable, meta: { size: number; contentType: string }) {
    this.puts += 1;
    if (this.puts === this.failOn) {
      body.destroy();
      throw new Error('object storage unavailable');
    }
    return this.inner.put(key, body, meta);
  }
  get(key: string) {
    return this.inner.get(key);
  }
  delete(key: string) {
    return this.inner.delete(key);
  }
}
let storage: FailingStorage;

async function upload(url: string, headers: Headers, body: unknown, files: readonly UploadFile[], extra = {}) {
  const { payload, contentType } = await multipart(body, files, extra);
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Everything a filing could leave behind: rows, stored files, temporary files, e-mails. */
async function traces() {
  const [filed] = await testApp.db.orm.select({ n: count() }).from(complaints);
  const [attached] = await testApp.db.orm.select({ n: count() }).from(complaintAttachments);
  const stored = await readdir(join(uploadsDir, 'complaints')).catch(() => []);
  const temporary = (await readdir(tmpdir())).filter((name) => name.startsWith('portal-complaint-'));
  return {
    complaints: filed?.n,
    attachments: attached?.n,
    stored: stored.length,
    temporary,
    mails: mailer.sent.length,
  };
}

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'portal-uploads-test-'));
  storage = new FailingStorage(new LocalFolderStorage(uploadsDir));
  testApp = await startTestApp({ modules: ['complaints'], now, mailer, fileStorage: storage });
  await request('POST', '/api/accounts', anna, { type: 'private' });
  await request('POST', '/api/accounts', janis, { type: 'private' });
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

describe('complaint attachments', () => {
  let annas: { id: number; attachments: { '@id': string; id: number; fileName: string }[] };
  const receipt = pdf('receipt 25,50 EUR');

  it('files a complaint with a PDF and a proof of value, lists them and lets the complainant download them', async () => {
    const photo = png();
    const filed = await upload('/api/complaints', anna, complaint, [
      { name: 'Bojājums.pdf', bytes: pdf('damage') },
      { field: 'proofOfValue', name: 'rēķins.PNG', bytes: photo, type: 'application/octet-stream' },
    ]);
    expect(filed.status).toBe(201);
    expect(filed.body.submissionNumber).toMatch(/^CMP-2026-\d{6}$/);
    expect(filed.body.attachments).toEqual([
      expect.objectContaining({ field: 'attachments', fileName: 'Bojājums.pdf', contentType: 'application/pdf' }),
      // The type is the one the content has, not the one the browser claimed.
      expect.objectContaining({
        field: 'proofOfValue',
        fileName: 'rēķins.PNG',
        contentType: 'image/png',
        size: photo.length,
      }),
    ]);
    annas = filed.body;
    expect((await readdir(join(uploadsDir, 'complaints'))).length).toBe(2);

    const listed = await request('GET', '/api/complaints', anna);
    expect(listed.body['hydra:member'][0].attachments.map((a: { fileName: string }) => a.fileName)).toEqual([
      'Bojājums.pdf',
      'rēķins.PNG',
    ]);

    const download = await testApp.app.inject({
      method: 'GET',
      url: annas.attachments[1]?.['@id'] ?? '',
      headers: anna,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="rekins.PNG"; filename*=UTF-8''r%C4%93%C4%B7ins.PNG`,
    );
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(photo)).toBe(true);
  });

  it('accepts the SPEC §5 kinds it can build here (pdf, xlsx, eDoc, jpeg) by their content', async () => {
    const filed = await upload('/api/complaints', anna, complaint, [
      { name: 'receipt.pdf', bytes: receipt },
      { name: 'value.xlsx', bytes: await xlsx() },
      { name: 'signed.edoc', bytes: edoc() },
      { name: 'photo.jpeg', bytes: Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64)]) },
    ]);
    expect(filed.status).toBe(201);
    expect(filed.body.attachments.map((a: { contentType: string }) => a.contentType)).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.etsi.asic-e+zip',
      'image/jpeg',
    ]);
  });

  it.each([
    [
      'an executable renamed to .pdf',
      [{ name: 'invoice.pdf', bytes: windowsExecutable() }],
      'attachments[0]',
      'complaint.attachment_content',
    ],
    ['a PNG named .pdf', [{ name: 'scan.pdf', bytes: png() }], 'attachments[0]', 'complaint.attachment_content'],
    [
      'plain text named .docx',
      [{ name: 'letter.docx', bytes: Buffer.from('Dear post, my parcel…') }],
      'attachments[0]',
      'complaint.attachment_content',
    ],
    [
      'a file type SPEC §5 does not list',
      [{ name: 'setup.exe', bytes: windowsExecutable() }],
      'attachments[0]',
      'complaint.attachment_type',
    ],
    [
      'a 31 MB file',
      [{ name: 'video.pdf', bytes: Buffer.concat([pdf(), Buffer.alloc(31 * 1024 * 1024 - pdf().length)]) }],
      'attachments[0]',
      'complaint.attachment_size',
    ],
    [
      'an empty file',
      [{ field: 'proofOfValue', name: 'empty.pdf', bytes: Buffer.alloc(0) }],
      'proofOfValue[0]',
      'complaint.attachment_empty',
    ],
    [
      'six files',
      Array.from({ length: 6 }, (_, index) => ({ name: `page-${index}.pdf`, bytes: pdf(`page ${index}`) })),
      'attachments',
      'complaint.attachment_count',
    ],
  ])('refuses %s with a violation beside the field and keeps nothing', async (_name, files, path, code) => {
    const before = await traces();
    // A good file beside the bad one is not kept either.
    const refused = await upload('/api/complaints', anna, complaint, [
      ...files,
      { field: 'proofOfValue', name: 'receipt.pdf', bytes: receipt },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([expect.objectContaining({ propertyPath: path, code })]);
    expect(await traces()).toEqual(before);
  });

  it('answers the complaint’s mistakes and the files’ together, and keeps nothing', async () => {
    const before = await traces();
    const refused = await upload('/api/complaints', anna, { ...complaint, refundIban: '' }, [
      { name: 'invoice.pdf', bytes: windowsExecutable() },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      'refundIban',
      'attachments[0]',
    ]);
    expect(await traces()).toEqual(before);
  });

  it('refuses malformed uploads with client errors, never 500', async () => {
    const before = await traces();
    const unexpected = await upload('/api/complaints', anna, complaint, [
      { field: 'photo', name: 'a.pdf', bytes: receipt },
    ]);
    expect(unexpected.status).toBe(422);
    expect(unexpected.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'photo', code: 'UNEXPECTED_FIELD' }),
    ]);
    const badJson = await upload('/api/complaints', anna, '{"type":', [{ name: 'a.pdf', bytes: receipt }]);
    expect(badJson.status).toBe(400);
    const wrongShape = await upload('/api/complaints', anna, { ...complaint, isCompany: 'yes' }, []);
    expect(wrongShape.status).toBe(422);
    const noComplaint = await upload('/api/complaints', anna, undefined, [{ name: 'a.pdf', bytes: receipt }]);
    expect(noComplaint.status).toBe(422);
    const unsafeName = await upload('/api/complaints', anna, complaint, [{ name: 'a\u0000.pdf', bytes: receipt }]);
    expect(unsafeName.status).toBe(422);
    expect(await traces()).toEqual(before);
  });

  it('takes back the files already stored when storing a later one fails', async () => {
    const before = await traces();
    storage.puts = 0;
    storage.failOn = 2;
    const failed = await upload('/api/complaints', anna, complaint, [
      { name: 'one.pdf', bytes: pdf('one') },
      { name: 'two.pdf', bytes: pdf('two') },
    ]);
    storage.failOn = Number.POSITIVE_INFINITY;
    expect(failed.status).toBe(500);
    expect(failed.body['hydra:description']).toBe('Internal server error');
    expect(await traces()).toEqual(before);
  });

  it('lets nobody but the complainant download an attachment', async () => {
    const url = annas.attachments[0]?.['@id'] ?? '';
    expect((await request('GET', url, janis)).status).toBe(404);
    expect((await request('GET', url.replace('/api/', '/api/public/'))).status).toBe(404);
    // Jānis's own complaint id with Anna's attachment id is not a way in either.
    const his = await upload('/api/complaints', janis, { ...complaint, fullName: 'Jānis Kalniņš' }, []);
    expect(his.status).toBe(201);
    expect(
      (await request('GET', `/api/complaints/${his.body.id}/attachments/${annas.attachments[0]?.id}`, janis)).status,
    ).toBe(404);
    expect((await request('GET', `/api/complaints/${annas.id}/attachments/999999`, anna)).status).toBe(404);
    expect((await request('GET', `/api/complaints/${annas.id}/attachments/x`, anna)).status).toBe(400);
  });

  it('lets a visitor attach files after the bot check, and never read them back', async () => {
    const visitor = { ...complaint, complainant: 'recipient', shipmentNumber: 'RR123456785LV' };
    const withoutCheck = await upload('/api/public/complaints', {}, visitor, [{ name: 'a.pdf', bytes: receipt }]);
    expect(withoutCheck.status).toBe(403);
    const filed = await upload('/api/public/complaints', await botCheckHeader(() => testApp), visitor, [
      { name: 'photo.pdf', bytes: receipt },
    ]);
    expect(filed.status).toBe(201);
    expect(filed.body.attachments).toHaveLength(1);
    const url = filed.body.attachments[0]['@id'].replace('/api/', '/api/public/');
    expect((await request('GET', url)).status).toBe(404);
  });
});

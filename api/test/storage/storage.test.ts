/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { type S3StandIn, startS3StandIn } from '../../../infra/s3-standin/server';
import { loadConfig, S3_STANDIN_ACCESS_KEY_ID, S3_STANDIN_SECRET_ACCESS_KEY } from '../../src/config';
import { LocalFolderStorage, S3FileStorage } from '../../src/storage';
import { startTestApp, type TestApp } from '../helpers';
import { multipart, pdf } from '../modules/complaints/upload-fixtures';
import { requester, verifiedUser } from '../modules/orders/order-fixtures';

// The file storage behind complaint attachments: a local folder, and S3-compatible object storage
// through AWS's own client against the stand-in (infra/s3-standin/) that speaks S3's HTTP contract.

const BUCKET = 'portal-uploads';
let standIn: S3StandIn;
let work: string;

const s3 = (secretAccessKey = S3_STANDIN_SECRET_ACCESS_KEY, bucket = BUCKET) =>
  new S3FileStorage({
    endpoint: standIn.url,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: S3_STANDIN_ACCESS_KEY_ID, secretAccessKey },
    forcePathStyle: true,
  });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'portal-storage-test-'));
  standIn = await startS3StandIn({
    accessKeyId: S3_STANDIN_ACCESS_KEY_ID,
    secretAccessKey: S3_STANDIN_SECRET_ACCESS_KEY,
    buckets: [BUCKET],
  });
});
afterAll(async () => {
  await standIn?.close();
  await rm(work, { recursive: true, force: true });
});

describe('local folder storage', () => {
  it('stores, reads back and deletes a file, and refuses keys that could leave its folder', async () => {
    const storage = new LocalFolderStorage(join(work, 'uploads'));
    const body = 'Rēķins Nr. 17';
    await storage.put('complaints/abc-1', Readable.from([Buffer.from(body)]), {
      size: Buffer.byteLength(body),
      contentType: 'text/plain',
    });
    const stored = await storage.get('complaints/abc-1');
    expect(stored?.size).toBe(Buffer.byteLength(body));
    expect(await text(stored?.body ?? Readable.from([]))).toBe(body);
    await storage.delete('complaints/abc-1');
    expect(await storage.get('complaints/abc-1')).toBeNull();
    await storage.delete('complaints/abc-1'); // deleting a missing file is no error
    for (const key of ['../escape', '/etc/passwd', 'a/../../b', 'UPPER', 'complaints/']) {
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
    }
  });

  it('leaves nothing behind when a write comes short', async () => {
    const storage = new LocalFolderStorage(join(work, 'short'));
    await expect(
      storage.put('complaints/short', Readable.from([Buffer.from('12345')]), { size: 10, contentType: 'text/plain' }),
    ).rejects.toThrow('stored 5 bytes of 10');
    expect(await readdir(join(work, 'short', 'complaints'))).toEqual([]);
  });
});

describe('S3-compatible storage against the stand-in', () => {
  it('puts a streamed file, gets it back and deletes it, path-style and signed', async () => {
    const storage = s3();
    const file = join(work, 'receipt.pdf');
    const content = Buffer.concat([pdf('receipt'), Buffer.alloc(2 * 1024 * 1024, 7)]);
    await writeFile(file, content);
    await storage.put('complaints/s3-roundtrip', createReadStream(file), {
      size: content.length,
      contentType: 'application/pdf',
    });
    expect(standIn.buckets.get(BUCKET)?.get('complaints/s3-roundtrip')).toMatchObject({
      contentType: 'application/pdf',
    });
    expect(standIn.buckets.get(BUCKET)?.get('complaints/s3-roundtrip')?.body.equals(content)).toBe(true);

    const stored = await storage.get('complaints/s3-roundtrip');
    expect(stored?.size).toBe(content.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);

    await storage.delete('complaints/s3-roundtrip');
    expect(await storage.get('complaints/s3-roundtrip')).toBeNull();
    expect(standIn.log).toEqual(
      expect.arrayContaining([
        `PUT /${BUCKET}/complaints/s3-roundtrip 200`,
        `GET /${BUCKET}/complaints/s3-roundtrip 200`,
        `DELETE /${BUCKET}/complaints/s3-roundtrip 204`,
        `GET /${BUCKET}/complaints/s3-roundtrip 404`,
      ]),
    );
    storage.close();
  });

  it('is refused with a wrong secret or an unknown bucket, as S3 refuses them', async () => {
    const wrongKey = s3('not-the-secret');
    await expect(
      wrongKey.put('complaints/forged', Readable.from([Buffer.from('x')]), { size: 1, contentType: 'text/plain' }),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(standIn.buckets.get(BUCKET)?.has('complaints/forged')).toBe(false);
    const noBucket = s3(S3_STANDIN_SECRET_ACCESS_KEY, 'no-such-bucket');
    await expect(noBucket.get('complaints/x')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    wrongKey.close();
    noBucket.close();
  });
});

describe('complaint attachments in S3 (FILE_STORAGE=s3)', () => {
  let testApp: TestApp;
  const request = requester(() => testApp);
  const anna = verifiedUser('s3-anna');

  beforeAll(async () => {
    testApp = await startTestApp({
      config: loadConfig({
        ...process.env,
        RATE_LIMIT: 'off',
        DOCUMENT_WORKERS: '0',
        FILE_STORAGE: 's3',
        S3_ENDPOINT: standIn.url,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: S3_STANDIN_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: S3_STANDIN_SECRET_ACCESS_KEY,
      }),
    });
    await request('POST', '/api/accounts', anna, { type: 'private' });
  }, 60_000);
  afterAll(() => testApp?.close());

  it('keeps a filed complaint’s PDF in the bucket and gives it back to the complainant', async () => {
    const receipt = pdf('kept in S3');
    const { payload, contentType } = await multipart(
      {
        type: 'damaged_shipment',
        complainant: 'sender',
        damageType: 'damaged_content',
        fullName: 'Anna Bērziņa',
        email: 'anna@example.lv',
        description: 'Broken on arrival.',
        refundIban: 'LV80 BANK 0000 4351 9500 1',
      },
      [{ name: 'receipt.pdf', bytes: receipt }],
    );
    const filed = await testApp.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { ...anna, 'content-type': contentType },
      payload,
    });
    expect(filed.statusCode).toBe(201);
    const objects = [...(standIn.buckets.get(BUCKET)?.entries() ?? [])].filter(([, object]) =>
      object.body.equals(receipt),
    );
    expect(objects).toHaveLength(1);
    expect(objects[0]?.[0]).toMatch(/^complaints\/[0-9a-f-]{36}$/);

    const download = await testApp.app.inject({
      method: 'GET',
      url: filed.json().attachments[0]['@id'],
      headers: anna,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(receipt)).toBe(true);
  });
});

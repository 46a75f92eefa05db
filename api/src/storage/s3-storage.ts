import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage, type StoredFile } from './file-storage';

export interface S3StorageOptions {
  /** An S3-compatible server (MinIO, Ceph, the local stand-in); unset: Amazon S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, a container's or instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (`/bucket/key`) rather than the host name: what S3-compatible servers expect. */
  forcePathStyle: boolean;
}

/**
 * Files in S3-compatible object storage through AWS's own client (`@aws-sdk/client-s3`):
 * PutObject, GetObject and DeleteObject, signed with Signature V4. Every API instance sees the
 * same files, so the API stays stateless (DESIGN §7).
 */
export class S3FileStorage implements FileStorage {
  readonly description: string;
  /** The SDK and its client, loaded at the first file (0.2 s of every start and test file otherwise). */
  private sdk?: Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: S3Client }>;

  constructor(private readonly options: S3StorageOptions) {
    this.description = `S3 bucket ${options.bucket}${options.endpoint ? ` at ${new URL(options.endpoint).host}` : ''}`;
  }

  private connect() {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.options.region,
        forcePathStyle: this.options.forcePathStyle,
        ...(this.options.endpoint ? { endpoint: this.options.endpoint } : {}),
        ...(this.options.credentials ? { credentials: this.options.credentials } : {}),
      }),
    }));
    return this.sdk;
  }

  async put(key: string, body: Readable, meta: { size: number; contentType: string }): Promise<void> {
    assertStorageKey(key);
    const { s3, client } = await this.connect();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: body,
        ContentLength: meta.size,
        ContentType: meta.contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    const { s3, client } = await this.connect();
    try {
      const object = await client.send(new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error(`S3 GetObject ${key}: no readable body`);
      return { body: object.Body, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof s3.S3ServiceException && error.name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Closes the client's connections (the app's onClose). */
  async close(): Promise<void> {
    if (this.sdk) (await this.sdk).client.destroy();
  }
}

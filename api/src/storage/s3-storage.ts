import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
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
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
    this.description = `S3 bucket ${options.bucket}${options.endpoint ? ` at ${new URL(options.endpoint).host}` : ''}`;
  }

  async put(key: string, body: Readable, meta: { size: number; contentType: string }): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
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
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error(`S3 GetObject ${key}: no readable body`);
      return { body: object.Body, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Closes the client's connections (the app's onClose). */
  close(): void {
    this.client.destroy();
  }
}

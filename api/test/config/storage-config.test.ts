import { ConfigError, loadConfig, S3_STANDIN_ACCESS_KEY_ID, S3_STANDIN_SECRET_ACCESS_KEY } from '../../src/config';
import { PRODUCTION_SETTINGS } from './production-settings';

// FILE_STORAGE, UPLOADS_DIR and S3_*: where complaint attachments are kept, and the S3 stand-in
// (infra/s3-standin/) refused in production.

const PRODUCTION = PRODUCTION_SETTINGS;

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
const settingsNamed = (env: Record<string, string>) => problemsOf(env).map((problem) => problem.split(':')[0]);

describe('file storage settings', () => {
  it('keeps uploads in a local folder by default', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local', dir: undefined, nodeEnv: 'development' });
    expect(loadConfig({ UPLOADS_DIR: '/srv/uploads' }).storage).toMatchObject({ kind: 'local', dir: '/srv/uploads' });
  });

  it('reaches S3-compatible storage by endpoint, bucket, keys and region, path-style with an endpoint', () => {
    expect(
      loadConfig({
        FILE_STORAGE: 's3',
        S3_ENDPOINT: 'https://s3.storage.example.lv',
        S3_BUCKET: 'complaints',
        S3_REGION: 'eu-north-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://s3.storage.example.lv',
      bucket: 'complaints',
      region: 'eu-north-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // Amazon S3 itself, with the SDK's own credentials (a role): virtual-hosted style.
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'complaints' }).storage).toEqual({
      kind: 's3',
      bucket: 'complaints',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('names what S3 storage is missing', () => {
    expect(settingsNamed({ FILE_STORAGE: 's3' })).toEqual(['S3_BUCKET']);
    expect(settingsNamed({ FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' })).toEqual([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    ]);
    expect(settingsNamed({ FILE_STORAGE: 'ftp' })).toEqual(['FILE_STORAGE']);
    expect(settingsNamed({ FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toEqual(['S3_ENDPOINT']);
  });

  it('refuses the S3 stand-in in production: its published keys and any endpoint on this machine', () => {
    const operatorStorage = {
      ...PRODUCTION,
      FILE_STORAGE: 's3',
      S3_ENDPOINT: 'https://s3.storage.example.lv',
      S3_BUCKET: 'complaints',
      S3_ACCESS_KEY_ID: 'AKIAPRODUCTION',
      S3_SECRET_ACCESS_KEY: 'a-real-secret',
    };
    expect(problemsOf(operatorStorage)).toEqual([]);
    expect(
      settingsNamed({
        ...operatorStorage,
        S3_ENDPOINT: 'http://127.0.0.1:12112',
        S3_ACCESS_KEY_ID: S3_STANDIN_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: S3_STANDIN_SECRET_ACCESS_KEY,
      }).sort(),
    ).toEqual(['S3_ACCESS_KEY_ID', 'S3_ENDPOINT']);
    for (const endpoint of ['http://localhost:9000', 'http://[::1]:9000', 'http://127.8.0.1']) {
      expect(settingsNamed({ ...operatorStorage, S3_ENDPOINT: endpoint })).toEqual(['S3_ENDPOINT']);
    }
    // Development takes the stand-in as it is.
    expect(
      problemsOf({
        FILE_STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:12112',
        S3_BUCKET: 'portal-uploads',
        S3_ACCESS_KEY_ID: S3_STANDIN_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: S3_STANDIN_SECRET_ACCESS_KEY,
      }),
    ).toEqual([]);
  });
});

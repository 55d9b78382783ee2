import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

// A line per request at info level would scroll the first administrator's password off the console.
describe('request logging', () => {
  it('is off by default and at info level', () => {
    expect(loadConfig({}).logRequests).toBe(false);
    expect(loadConfig({ LOG_LEVEL: 'info' }).logRequests).toBe(false);
  });

  it('is on at debug and trace levels', () => {
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logRequests).toBe(true);
    expect(loadConfig({ LOG_LEVEL: 'trace' }).logRequests).toBe(true);
  });

  it('follows LOG_REQUESTS when it is set', () => {
    expect(loadConfig({ LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(loadConfig({ LOG_REQUESTS: '1' }).logRequests).toBe(true);
    expect(loadConfig({ LOG_LEVEL: 'debug', LOG_REQUESTS: 'false' }).logRequests).toBe(false);
  });

  it('refuses any other LOG_REQUESTS value', () => {
    expect(() => loadConfig({ LOG_REQUESTS: 'yes' })).toThrow(/LOG_REQUESTS/);
  });
});

// PostgreSQL's prepared statements (docs/decisions/021-postgres-prepared-statements.md).
describe('PG_PREPARED_STATEMENTS', () => {
  it('is on by default and off when set to false or 0', () => {
    expect(loadConfig({}).pgPreparedStatements).toBe(true);
    expect(loadConfig({ PG_PREPARED_STATEMENTS: 'false' }).pgPreparedStatements).toBe(false);
    expect(loadConfig({ PG_PREPARED_STATEMENTS: '0' }).pgPreparedStatements).toBe(false);
    expect(loadConfig({ PG_PREPARED_STATEMENTS: '1' }).pgPreparedStatements).toBe(true);
  });

  it('refuses any other value', () => {
    expect(() => loadConfig({ PG_PREPARED_STATEMENTS: 'off' })).toThrow(/PG_PREPARED_STATEMENTS/);
  });
});

// Object storage (docs/decisions/068-object-storage.md).
describe('STORAGE_URL and S3_*', () => {
  it('keeps files in DATA_DIR when neither is set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).storage).toEqual({ driver: 'folder', root: '/srv/portal' });
  });

  it('reads a bucket, its server, region, path style and credentials from STORAGE_URL', () => {
    expect(loadConfig({ STORAGE_URL: 's3+http://AK:s%2Fcret@minio.local:9000/fotos?region=eu-south-2' }).storage).toEqual({
      driver: 's3',
      endpoint: 'http://minio.local:9000',
      region: 'eu-south-2',
      bucket: 'fotos',
      forcePathStyle: true,
      accessKeyId: 'AK',
      secretAccessKey: 's/cret',
    });
    expect(loadConfig({ STORAGE_URL: 's3://s3.example.com/fotos?path_style=false' }).storage).toMatchObject({
      endpoint: 'https://s3.example.com',
      forcePathStyle: false,
      accessKeyId: undefined,
    });
  });

  it('reads the S3_* variables, path style by default only with an endpoint of its own', () => {
    expect(loadConfig({ S3_BUCKET: 'fotos', S3_REGION: 'eu-west-1' }).storage).toMatchObject({
      driver: 's3',
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    expect(loadConfig({ S3_BUCKET: 'fotos', S3_ENDPOINT: 'http://ceph:7480/' }).storage).toMatchObject({
      endpoint: 'http://ceph:7480',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'fotos', S3_ENDPOINT: 'http://ceph:7480', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('refuses a bad URL, a missing bucket, half a key pair, and both ways at once', () => {
    expect(() => loadConfig({ STORAGE_URL: 'ftp://host/fotos' })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ STORAGE_URL: 's3://host' })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ S3_REGION: 'eu-west-1' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Fotos_Malas' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'fotos', S3_ACCESS_KEY_ID: 'AK' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'fotos', STORAGE_URL: 's3://host/fotos' })).toThrow(/one or the other/);
  });
});

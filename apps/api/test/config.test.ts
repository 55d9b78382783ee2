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

import { VERSION } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, parseConfig } from './config.ts';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('has a default for everything', () => {
    expect(parseConfig({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      app: {
        version: VERSION,
        maxBodyBytes: 2 * 1048576 + 65536,
        maxCodeBytes: 1048576,
        storeCode: false,
        scanTimeBudgetMs: 5000,
        healthTimeoutMs: 1000,
        corsOrigins: [],
      },
      maxStoredScans: 10000,
      shutdownTimeoutMs: 10000,
      warnings: [],
    });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      SECSCAN_MAX_CODE_BYTES: '4096',
      SECSCAN_MAX_BODY_BYTES: '16384',
      SECSCAN_STORE_CODE: 'TRUE',
      SECSCAN_SCAN_TIME_BUDGET_MS: '250',
      SECSCAN_HEALTH_TIMEOUT_MS: '50',
      SECSCAN_CORS_ORIGINS: 'https://a.example, http://localhost:5173',
      SECSCAN_MAX_STORED_SCANS: '5',
      SECSCAN_SHUTDOWN_TIMEOUT_MS: '0',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      app: { maxCodeBytes: 4096, maxBodyBytes: 16384, storeCode: true, scanTimeBudgetMs: 250, healthTimeoutMs: 50, corsOrigins: ['https://a.example', 'http://localhost:5173'] },
      maxStoredScans: 5,
      shutdownTimeoutMs: 0,
    });
  });

  it('derives the body limit from the code limit', () => {
    expect(parseConfig({ SECSCAN_MAX_CODE_BYTES: '1000' }).app.maxBodyBytes).toBe(2000 + 65536);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', SECSCAN_STORE_CODE: ' ' }).port).toBe(8787);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: '80a', SECSCAN_MAX_CODE_BYTES: '-1', SECSCAN_STORE_CODE: 'maybe', SECSCAN_HEALTH_TIMEOUT_MS: '1e3' });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe('PORT: expected a whole number from 0 to 65535 (a TCP port), got "80a"');
    expect(problems.join('\n')).toMatch(/SECSCAN_MAX_CODE_BYTES.*"-1"/);
    expect(problems.join('\n')).toMatch(/SECSCAN_STORE_CODE: expected true or false, got "maybe"/);
    expect(problems.join('\n')).toMatch(/SECSCAN_HEALTH_TIMEOUT_MS/);
  });

  it.each([['65536'], ['99999999999999999999'], ['1.5'], [' 12 3']])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toHaveLength(1);
  });

  it('refuses a body limit below the code limit', () => {
    expect(problemsOf({ SECSCAN_MAX_CODE_BYTES: '2000', SECSCAN_MAX_BODY_BYTES: '1000' })[0]).toContain('must be at least');
  });

  it.each([['https://a.example/'], ['https://a.example/path'], ['ftp://a.example'], ['a.example'], ['https://user@a.example']])(
    'refuses the CORS origin %s',
    (origin) => {
      expect(problemsOf({ SECSCAN_CORS_ORIGINS: origin })[0]).toContain('is not an origin');
    },
  );

  it('refuses a host with odd characters', () => {
    expect(problemsOf({ HOST: 'a b' })[0]).toContain('HOST');
  });

  it('refuses DATABASE_URL without echoing it', () => {
    const problems = problemsOf({ DATABASE_URL: 'postgres://user:hunter2@db/secscan' });
    expect(problems[0]).toContain('DATABASE_URL');
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('warns about unknown SECSCAN_ variables but not reserved ones', () => {
    const { warnings } = parseConfig({ SECSCAN_MAX_CODE_BYTE: '1', SECSCAN_ANONYMOUS: 'true', PATH: '/bin' });
    expect(warnings).toEqual(['SECSCAN_MAX_CODE_BYTE is not a secscan setting (typo?); it is ignored']);
  });

  it('documents every variable it reads', () => {
    expect(CONFIG_VARIABLES.map((v) => v.name)).toEqual([
      'PORT',
      'HOST',
      'SECSCAN_MAX_CODE_BYTES',
      'SECSCAN_MAX_BODY_BYTES',
      'SECSCAN_STORE_CODE',
      'SECSCAN_SCAN_TIME_BUDGET_MS',
      'SECSCAN_HEALTH_TIMEOUT_MS',
      'SECSCAN_CORS_ORIGINS',
      'SECSCAN_MAX_STORED_SCANS',
      'SECSCAN_SHUTDOWN_TIMEOUT_MS',
    ]);
  });
});

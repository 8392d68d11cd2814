import { parseIpRange, PRIVATE_IP_RANGES, sha256Hex, VERSION } from '@secscan/core';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, parseConfig } from './config.ts';

const ADMIN_TOKEN = 'Zm9vYmFyLWFkbWluLXRva2VuLWZvci10ZXN0cw-Kq7x';

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
        maxFindings: 1000,
        maxFindingsPerRule: 100,
        bodyTimeoutMs: 30000,
        healthTimeoutMs: 1000,
        corsOrigins: [],
      },
      access: {
        anonymous: true,
        sessionTtlSeconds: 86400,
        trustProxyHops: 0,
        trustedProxies: PRIVATE_IP_RANGES,
        limits: { anonymousPerMinute: 10, anonymousPerHour: 100, sessionPerMinute: 100, freePerMinute: 100, proPerMinute: 1000 },
        accounts: { signUpPolicy: null, passwordMinLength: 15, invitationTtlSeconds: 7 * 86_400, publicUrl: null, oidc: null },
      },
      oidcClientSecret: null,
      adminToken: null,
      maxStoredScans: 10000,
      maxRateLimitedClients: 100000,
      database: null,
      retentionDays: 30,
      sweepIntervalSeconds: 600,
      shutdownTimeoutMs: 10000,
      scanning: { workers: null, maxConcurrent: null, maxQueued: 64, timeoutMs: 10000 },
      timeouts: { headersMs: 10000, bodyMs: 30000, idleMs: 10000 },
      maxConnections: 10000,
      modelFiles: [],
      warnings: [],
    });
  });

  it('reads the finding caps, the connection cap and the trusted proxies (issue #12)', () => {
    const config = parseConfig({
      SECSCAN_MAX_FINDINGS: '50',
      SECSCAN_MAX_FINDINGS_PER_RULE: '5',
      SECSCAN_MAX_CONNECTIONS: '200',
      SECSCAN_TRUST_PROXY: '1',
      SECSCAN_TRUSTED_PROXIES: ' 10.1.0.0/16 , 2001:db8::/32,192.0.2.7',
    });
    expect(config.app).toMatchObject({ maxFindings: 50, maxFindingsPerRule: 5 });
    expect(config.maxConnections).toBe(200);
    expect(config.access.trustedProxies).toEqual(['10.1.0.0/16', '2001:db8::/32', '192.0.2.7'].map(parseIpRange));
    expect(problemsOf({ SECSCAN_TRUSTED_PROXIES: '10.0.0.0/33, proxy.example' })).toEqual([
      'SECSCAN_TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR block like 10.0.0.0/8 or 2001:db8::/32',
      'SECSCAN_TRUSTED_PROXIES: "proxy.example" is not an IP address or CIDR block like 10.0.0.0/8 or 2001:db8::/32',
    ]);
    expect(parseConfig({ SECSCAN_TRUSTED_PROXIES: '10.0.0.1' }).warnings).toEqual(['SECSCAN_TRUSTED_PROXIES has no effect while SECSCAN_TRUST_PROXY is 0']);
    expect(problemsOf({ SECSCAN_MAX_FINDINGS: '0', SECSCAN_MAX_CONNECTIONS: '5' })).toHaveLength(2);
  });

  it('reads the scan pool and slow-client settings', () => {
    const config = parseConfig({
      SECSCAN_SCAN_WORKERS: '0',
      SECSCAN_MAX_CONCURRENT_SCANS: '3',
      SECSCAN_MAX_QUEUED_SCANS: '0',
      SECSCAN_SCAN_TIMEOUT_MS: '6000',
      SECSCAN_HEADERS_TIMEOUT_MS: '2000',
      SECSCAN_BODY_TIMEOUT_MS: '1500',
      SECSCAN_IDLE_TIMEOUT_MS: '3000',
    });
    expect(config.scanning).toEqual({ workers: 0, maxConcurrent: 3, maxQueued: 0, timeoutMs: 6000 });
    expect(config.timeouts).toEqual({ headersMs: 2000, bodyMs: 1500, idleMs: 3000 });
    expect(config.app.bodyTimeoutMs).toBe(1500);
  });

  it('refuses a hard scan timeout within the time budget, and more concurrent scans than workers', () => {
    expect(problemsOf({ SECSCAN_SCAN_TIMEOUT_MS: '5000' })).toEqual(['SECSCAN_SCAN_TIMEOUT_MS (5000) must be greater than SECSCAN_SCAN_TIME_BUDGET_MS (5000)']);
    expect(problemsOf({ SECSCAN_SCAN_WORKERS: '2', SECSCAN_MAX_CONCURRENT_SCANS: '3' })[0]).toMatch(/must not exceed SECSCAN_SCAN_WORKERS \(2\)/);
    expect(problemsOf({ SECSCAN_IDLE_TIMEOUT_MS: '300000' })[0]).toMatch(/^SECSCAN_IDLE_TIMEOUT_MS: /);
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
      SECSCAN_ANONYMOUS: 'false',
      SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN,
      SECSCAN_SESSION_TTL_SECONDS: '3600',
      SECSCAN_ANON_RPM: '2',
      SECSCAN_ANON_RPH: '20',
      SECSCAN_SESSION_RPM: '30',
      SECSCAN_FREE_RPM: '40',
      SECSCAN_PRO_RPM: '50',
      SECSCAN_TRUST_PROXY: '2',
      SECSCAN_MAX_RATE_LIMITED_CLIENTS: '5000',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      app: { maxCodeBytes: 4096, maxBodyBytes: 16384, storeCode: true, scanTimeBudgetMs: 250, healthTimeoutMs: 50, corsOrigins: ['https://a.example', 'http://localhost:5173'] },
      access: {
        anonymous: false,
        sessionTtlSeconds: 3600,
        trustProxyHops: 2,
        limits: { anonymousPerMinute: 2, anonymousPerHour: 20, sessionPerMinute: 30, freePerMinute: 40, proPerMinute: 50 },
      },
      maxStoredScans: 5,
      maxRateLimitedClients: 5000,
      shutdownTimeoutMs: 0,
    });
    expect(config.warnings).toEqual([]);
  });

  it('keeps the admin token out of sight and hands out only its hash, once', async () => {
    const config = parseConfig({ SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN });
    const token = config.adminToken;
    expect(token).not.toBeNull();
    expect(JSON.stringify(config)).not.toContain(ADMIN_TOKEN);
    expect(inspect(config, { depth: 10, showHidden: true })).not.toContain(ADMIN_TOKEN);
    expect(String(token)).toBe('[redacted]');
    expect(await token?.consumeSha256()).toBe(await sha256Hex(ADMIN_TOKEN));
    await expect(token?.consumeSha256()).rejects.toThrow();
  });

  it.each([
    ['too short', 'Zm9vYmFyLWFkbWluLXRva2Vu', /at least 32|32 to 512/],
    ['a space inside', `${ADMIN_TOKEN} x`, /may only hold/],
    ['repetitive', 'changemechangemechangemechangeme', /too repetitive/],
    ['an API key', `sk_live_${ADMIN_TOKEN}`, /must not start with/],
  ])('refuses an admin token that is %s, without echoing it', (_name, token, message) => {
    const problems = problemsOf({ SECSCAN_ADMIN_TOKEN: token });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
    expect(problems[0]).not.toContain(token);
    expect(problems[0]?.startsWith('SECSCAN_ADMIN_TOKEN: ')).toBe(true);
  });

  it.each([
    ['SECSCAN_ANON_RPM', '0'],
    ['SECSCAN_PRO_RPM', 'lots'],
    ['SECSCAN_TRUST_PROXY', 'true'],
    ['SECSCAN_SESSION_TTL_SECONDS', '10'],
    ['SECSCAN_ANONYMOUS', 'maybe'],
  ])('refuses %s=%s', (name, value) => {
    expect(problemsOf({ [name]: value })[0]?.startsWith(`${name}: `)).toBe(true);
  });

  it('warns when the hour limit is below the minute limit', () => {
    expect(parseConfig({ SECSCAN_ANON_RPM: '50', SECSCAN_ANON_RPH: '20' }).warnings).toEqual(['SECSCAN_ANON_RPH (20) is below SECSCAN_ANON_RPM (50): the hour limit binds first']);
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

  it.each([['https://a.example/'], ['https://a.example/path'], ['ftp://a.example'], ['a.example'], ['https://user@a.example']])('refuses the CORS origin %s', (origin) => {
    expect(problemsOf({ SECSCAN_CORS_ORIGINS: origin })[0]).toContain('is not an origin');
  });

  it('refuses a host with odd characters', () => {
    expect(problemsOf({ HOST: 'a b' })[0]).toContain('HOST');
  });

  it('takes DATABASE_URL as a secret that never prints, with the pool settings', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://user:hunter2@db:5432/secscan', SECSCAN_DB_POOL_SIZE: '4', SECSCAN_DB_STATEMENT_TIMEOUT_MS: '250' });
    expect(config.database).toMatchObject({ poolSize: 4, connectTimeoutMs: 5000, statementTimeoutMs: 250 });
    for (const shown of [JSON.stringify(config), String(config.database?.url), inspect(config, { depth: 5 })]) expect(shown).not.toContain('hunter2');
    expect(config.database?.url.consume()).toBe('postgres://user:hunter2@db:5432/secscan');
    expect(() => config.database?.url.consume()).toThrow('already been consumed');
    expect(parseConfig({ DATABASE_URL: 'postgresql://db/secscan' }).database).not.toBeNull();
  });

  it.each([['mysql://user:hunter2@db/secscan'], ['postgres://'], ['hunter2']])('refuses DATABASE_URL %s without echoing it', (url) => {
    const problems = problemsOf({ DATABASE_URL: url });
    expect(problems[0]).toContain('DATABASE_URL: expected postgres://');
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('refuses bad pool settings and warns about pool settings without DATABASE_URL', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://db/x', SECSCAN_DB_POOL_SIZE: '0' })[0]).toContain('SECSCAN_DB_POOL_SIZE');
    expect(problemsOf({ SECSCAN_RETENTION_DAYS: '0' })[0]).toContain('SECSCAN_RETENTION_DAYS');
    expect(parseConfig({ SECSCAN_DB_POOL_SIZE: '5' }).warnings).toEqual(['SECSCAN_DB_POOL_SIZE has no effect without DATABASE_URL']);
  });

  it('warns about unknown SECSCAN_ variables but not known ones', () => {
    const { warnings } = parseConfig({ SECSCAN_MAX_CODE_BYTE: '1', SECSCAN_ANONYMOUS: 'true', PATH: '/bin' });
    expect(warnings).toEqual(['SECSCAN_MAX_CODE_BYTE is not a secscan setting (typo?); it is ignored']);
  });

  it('reads the account and single sign-on settings, and refuses bad ones', () => {
    const config = parseConfig({
      SECSCAN_SIGNUP_POLICY: 'Open',
      SECSCAN_PASSWORD_MIN_LENGTH: '12',
      SECSCAN_INVITATION_TTL_HOURS: '24',
      SECSCAN_PUBLIC_URL: 'https://secscan.example.com/',
      SECSCAN_OIDC_ISSUER: 'https://idp.example.com',
      SECSCAN_OIDC_CLIENT_ID: 'secscan',
      SECSCAN_OIDC_CLIENT_SECRET: 'oidc-client-secret-value',
      SECSCAN_OIDC_SCOPES: 'email profile',
      SECSCAN_OIDC_AUTO_CREATE: 'false',
    });
    expect(config.access.accounts).toEqual({
      signUpPolicy: 'open',
      passwordMinLength: 12,
      invitationTtlSeconds: 86_400,
      publicUrl: 'https://secscan.example.com',
      oidc: { issuer: 'https://idp.example.com', clientId: 'secscan', clientSecret: null, scopes: 'email profile openid', name: 'single sign-on', autoCreate: false },
    });
    expect(String(config.oidcClientSecret)).toBe('[redacted]');
    expect(JSON.stringify(config)).not.toContain('oidc-client-secret-value');
    expect(() => parseConfig({ SECSCAN_SIGNUP_POLICY: 'sometimes' })).toThrow('SECSCAN_SIGNUP_POLICY');
    expect(() => parseConfig({ SECSCAN_PASSWORD_MIN_LENGTH: '6' })).toThrow('SECSCAN_PASSWORD_MIN_LENGTH');
    expect(() => parseConfig({ SECSCAN_OIDC_ISSUER: 'http://idp.example.com', SECSCAN_OIDC_CLIENT_ID: 'x' })).toThrow('SECSCAN_OIDC_ISSUER');
    expect(() => parseConfig({ SECSCAN_OIDC_ISSUER: 'https://idp.example.com' })).toThrow('SECSCAN_OIDC_CLIENT_ID');
    expect(parseConfig({ SECSCAN_OIDC_ISSUER: 'http://127.0.0.1:4000', SECSCAN_OIDC_CLIENT_ID: 'x' }).access.accounts.oidc?.issuer).toBe('http://127.0.0.1:4000');
    expect(parseConfig({ SECSCAN_OIDC_NAME: 'Okta' }).warnings).toEqual(['SECSCAN_OIDC_NAME has no effect without SECSCAN_OIDC_ISSUER']);
  });

  it('reads SECSCAN_MODELS as a comma-separated list of files', () => {
    expect(parseConfig({ SECSCAN_MODELS: ' /etc/secscan/acme.json, ./billing.json ,' }).modelFiles).toEqual(['/etc/secscan/acme.json', './billing.json']);
    expect(() => parseConfig({ SECSCAN_MODELS: Array.from({ length: 65 }, (_, i) => `m${i}.json`).join(',') })).toThrow(/SECSCAN_MODELS: at most 64 files/);
  });

  it('documents every variable it reads', () => {
    expect(CONFIG_VARIABLES.map((v) => v.name)).toEqual([
      'PORT',
      'HOST',
      'SECSCAN_MAX_CODE_BYTES',
      'SECSCAN_MAX_BODY_BYTES',
      'SECSCAN_STORE_CODE',
      'SECSCAN_SCAN_TIME_BUDGET_MS',
      'SECSCAN_MAX_FINDINGS',
      'SECSCAN_MAX_FINDINGS_PER_RULE',
      'SECSCAN_HEALTH_TIMEOUT_MS',
      'SECSCAN_SCAN_TIMEOUT_MS',
      'SECSCAN_SCAN_WORKERS',
      'SECSCAN_MAX_CONCURRENT_SCANS',
      'SECSCAN_MAX_QUEUED_SCANS',
      'SECSCAN_HEADERS_TIMEOUT_MS',
      'SECSCAN_BODY_TIMEOUT_MS',
      'SECSCAN_IDLE_TIMEOUT_MS',
      'SECSCAN_MAX_CONNECTIONS',
      'SECSCAN_CORS_ORIGINS',
      'SECSCAN_ANONYMOUS',
      'SECSCAN_ADMIN_TOKEN',
      'SECSCAN_SESSION_TTL_SECONDS',
      'SECSCAN_SIGNUP_POLICY',
      'SECSCAN_PASSWORD_MIN_LENGTH',
      'SECSCAN_INVITATION_TTL_HOURS',
      'SECSCAN_PUBLIC_URL',
      'SECSCAN_OIDC_ISSUER',
      'SECSCAN_OIDC_CLIENT_ID',
      'SECSCAN_OIDC_CLIENT_SECRET',
      'SECSCAN_OIDC_SCOPES',
      'SECSCAN_OIDC_NAME',
      'SECSCAN_OIDC_AUTO_CREATE',
      'SECSCAN_ANON_RPM',
      'SECSCAN_ANON_RPH',
      'SECSCAN_SESSION_RPM',
      'SECSCAN_FREE_RPM',
      'SECSCAN_PRO_RPM',
      'SECSCAN_TRUST_PROXY',
      'SECSCAN_TRUSTED_PROXIES',
      'DATABASE_URL',
      'SECSCAN_DB_POOL_SIZE',
      'SECSCAN_DB_CONNECT_TIMEOUT_MS',
      'SECSCAN_DB_STATEMENT_TIMEOUT_MS',
      'SECSCAN_RETENTION_DAYS',
      'SECSCAN_SWEEP_INTERVAL_SECONDS',
      'SECSCAN_MAX_STORED_SCANS',
      'SECSCAN_MAX_RATE_LIMITED_CLIENTS',
      'SECSCAN_MODELS',
      'SECSCAN_SHUTDOWN_TIMEOUT_MS',
    ]);
  });
});

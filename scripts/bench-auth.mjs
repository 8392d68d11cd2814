/**
 * What authentication and rate limiting add to a request (npm run bench:auth; builds first).
 *
 * The same app (`createApp`, in this process, memory stores) answers POST /api/scan with access
 * control off (`config.access: null`) and on, as each kind of caller: anonymous (rate limit only),
 * an API key and a session (checksum, SHA-256, store look-up, lastUsedAt check, rate limit). Two
 * scanners: a stub that answers at once — so the table shows the overhead itself — and the real
 * scanner on a 30-line JavaScript file, for scale. Requests run one at a time; the configurations
 * take turns in rounds so that drift (JIT, GC, a busy neighbour) hits them alike. Printed: p50 and
 * p99 latency per configuration and the difference of each to "off". Runs on Node (built
 * packages), `bun scripts/bench-auth.mjs` and Deno alike.
 *
 *   BENCH_REQUESTS (per configuration and round, default 2000), BENCH_ROUNDS (default 5)
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createMemoryStores, createScanner, issueApiKey, issueSession, RULES, sha256Hex, uuidV7 } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { createApp } from '@secscan/http';

const root = fileURLToPath(new URL('..', import.meta.url));
const perRound = Number(process.env.BENCH_REQUESTS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const sample = readFileSync(`${root}tests/fixtures/scan-30-lines.js`, 'utf8');

const BIG = 1_000_000_000;
const LIMITS = { anonymousPerMinute: BIG, anonymousPerHour: BIG, sessionPerMinute: BIG, freePerMinute: BIG, proPerMinute: BIG };

/** A scanner that answers at once: what remains is the HTTP layer, and auth + limits when on. */
const stubScanner = {
  rules: RULES,
  async scan(input) {
    return {
      language: input.language ?? 'generic',
      findings: [],
      summary: { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0 },
      suppressed: 0,
      truncated: false,
      partialParse: false,
      engine: { version: 'bench', rules: RULES.length },
      durationMs: 0,
    };
  },
};

async function buildApp(scanner, accessOn) {
  const stores = createMemoryStores();
  const config = {
    version: 'bench',
    maxBodyBytes: 1 << 20,
    maxCodeBytes: 1 << 19,
    storeCode: false,
    scanTimeBudgetMs: 5000,
    healthTimeoutMs: 1000,
    corsOrigins: [],
    access: accessOn
      ? {
          anonymous: true,
          adminTokenSha256: await sha256Hex('bench-admin-token-not-used-0123456789'),
          sessionTtlSeconds: 86_400,
          trustProxyHops: 0,
          trustedProxies: [],
          limits: LIMITS,
          accounts: { signUpPolicy: null, passwordMinLength: 15, invitationTtlSeconds: 604_800, publicUrl: null, oidc: null },
        }
      : null,
  };
  const app = createApp({ scanner, stores, config, docs: { scalarJs: async () => new Uint8Array() } });
  const context = { clock: { now: () => Date.now() }, newId: () => uuidV7(Date.now()) };
  const { key } = await issueApiKey(stores.keys, { name: 'bench', plan: 'enterprise', requestsPerMinute: BIG }, context);
  const { token } = await issueSession(stores.sessions, { subject: 'bench', ttlSeconds: 86_400 }, context);
  return { app, key, token };
}

/** The adapter env of a Deno server: the client address the anonymous caller is counted by. */
const env = { info: { remoteAddr: { transport: 'tcp', hostname: '192.0.2.10', port: 40000 } } };

function request(body, authorization) {
  // A real server's request always has its Host header; the app refuses one without (issue #12).
  const headers = { host: 'localhost', 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;
  return new Request('http://localhost/api/scan', { method: 'POST', headers, body });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label, scanner, body) {
  const off = await buildApp(scanner, false);
  const on = await buildApp(scanner, true);
  const configurations = [
    { name: 'off (access: null)', app: off.app, auth: null },
    { name: 'anonymous', app: on.app, auth: null },
    { name: 'API key', app: on.app, auth: `Bearer ${on.key}` },
    { name: 'session', app: on.app, auth: `Bearer ${on.token}` },
  ];
  const samples = new Map(configurations.map((c) => [c.name, []]));
  // Warm-up: JIT, grammar load for the real scanner.
  for (const c of configurations) {
    for (let i = 0; i < 300; i++) {
      const response = await c.app.fetch(request(body, c.auth), env);
      if (response.status !== 200) throw new Error(`${c.name}: warm-up answered ${response.status}`);
      await response.arrayBuffer();
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const c of configurations) {
      const times = samples.get(c.name);
      for (let i = 0; i < perRound; i++) {
        const started = performance.now();
        const response = await c.app.fetch(request(body, c.auth), env);
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${c.name}: answered ${response.status}`);
      }
    }
  }
  const rows = [];
  let base = null;
  for (const c of configurations) {
    const sorted = samples.get(c.name).sort((a, b) => a - b);
    const p50 = percentile(sorted, 50) * 1000;
    const p99 = percentile(sorted, 99) * 1000;
    base ??= { p50, p99 };
    rows.push({ scanner: label, caller: c.name, n: sorted.length, p50, p99, d50: p50 - base.p50, d99: p99 - base.p99 });
  }
  return rows;
}

const us = (v) => `${v.toFixed(1)} µs`;
const signed = (v) => `${v >= 0 ? '+' : ''}${v.toFixed(1)} µs`;

const runtime = globalThis.Bun ? `bun ${globalThis.Bun.version}` : globalThis.Deno ? `deno ${globalThis.Deno.version.deno}` : `node ${process.versions.node}`;
console.log(`bench:auth — ${runtime}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}); ${rounds} rounds × ${perRound} requests per configuration`);
const realScanner = createScanner({ loader: grammarLoader });
await realScanner.warmUp();
const results = [
  ...(await measure('stub (no scan work)', stubScanner, JSON.stringify({ code: 'x = 1', language: 'js' }))),
  ...(await measure('real, 30-line JS', realScanner, JSON.stringify({ code: sample, language: 'javascript', filename: 'app.js' }))),
];

const header = ['scanner', 'caller', 'requests', 'p50', 'p99', 'Δp50 vs off', 'Δp99 vs off'];
const table = results.map((r) => [
  r.scanner,
  r.caller,
  String(r.n),
  us(r.p50),
  us(r.p99),
  r.caller.startsWith('off') ? '—' : signed(r.d50),
  r.caller.startsWith('off') ? '—' : signed(r.d99),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(['', line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.map(line)].join('\n'));
console.log('\nΔ = difference of the percentiles (not the percentile of differences); in-process, so no socket or parser cost is included.');

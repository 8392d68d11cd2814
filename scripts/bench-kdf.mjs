/**
 * `npm run bench:kdf` — the cost of one password hash (Argon2id with OWASP's parameters, the ones
 * sign-up and sign-in use) on the runtime running this script: median and spread over N hashes
 * after a warm-up. The npm script runs it on Node, Bun and Deno in turn. Run on a quiet machine.
 * `node scripts/bench-kdf.mjs 3` checks it works with 3 hashes.
 */
import { hashPassword, OWASP_ARGON2ID, verifyPassword } from '@secscan/core';

const runs = Number(process.argv[2] ?? 30);
const runtime = typeof Deno !== 'undefined' ? `deno ${Deno.version.deno}` : typeof Bun !== 'undefined' ? `bun ${Bun.version}` : `node ${process.versions.node}`;
const phc = await hashPassword('warm-up password, long enough');
await verifyPassword('warm-up password, long enough', phc);
const times = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  await verifyPassword(`attempt ${i} at a password`, phc);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
console.log(
  `${runtime}: Argon2id m=${OWASP_ARGON2ID.memoryKiB} KiB t=${OWASP_ARGON2ID.iterations} p=${OWASP_ARGON2ID.parallelism}: median ${at(0.5)} ms, p10 ${at(0.1)} ms, p90 ${at(0.9)} ms over ${runs} hashes`,
);

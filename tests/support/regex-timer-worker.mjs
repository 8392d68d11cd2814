// Times a regular expression on adversarial inputs, in a worker thread the test can terminate when
// a pattern backtracks for good. Message in: { pattern, flags, attacks }; out: { worstMs, worstAt }.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ pattern, flags, attacks }) => {
  let worstMs = 0;
  let worstAt = '';
  let re;
  try {
    re = new RegExp(pattern, flags);
  } catch {
    parentPort.postMessage({ worstMs: 0, worstAt: 'does not compile here' });
    return;
  }
  for (const attack of attacks) {
    re.lastIndex = 0;
    const started = performance.now();
    // Global and sticky patterns are run the way the code runs them: every match in turn.
    if (re.global || re.sticky) for (let n = 0; n < 10_000 && re.exec(attack) !== null; n++);
    else re.exec(attack);
    const ms = performance.now() - started;
    if (ms > worstMs) {
      worstMs = ms;
      worstAt = JSON.stringify(attack.slice(0, 24)) + (attack.length > 24 ? `… (${attack.length} chars)` : '');
    }
  }
  parentPort.postMessage({ worstMs, worstAt });
});

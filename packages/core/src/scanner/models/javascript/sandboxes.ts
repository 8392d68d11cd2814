import { defineModel } from '../schema.ts';

/**
 * "Sandboxes" that run JavaScript source: vm2 (abandoned after sandbox escapes), sandbox,
 * safe-eval, notevil, static-eval. None is a security boundary for code an attacker writes; code
 * that is not a constant is reported whatever feeds it, at low confidence.
 */
export default defineModel({
  name: 'sandboxes',
  language: ['javascript', 'typescript'],
  description: 'vm2, sandbox, safe-eval, notevil and static-eval as code-injection sinks (audited when the code is not a constant).',
  sinks: [
    { call: ['safe-eval', 'safeEval', 'notevil', 'notevil.eval', 'static-eval'], class: 'code-injection', audit: true },
    { call: ['vm2.VMScript', 'VMScript'], class: 'code-injection', imports: 'vm2', audit: true },
    { call: '*.run', class: 'code-injection', imports: ['vm2', 'sandbox'], audit: true, label: 'a sandbox run()' },
  ],
});

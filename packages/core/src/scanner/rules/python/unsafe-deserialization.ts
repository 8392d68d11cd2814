import { defineRule } from '../../rule.ts';
import { onlyEnvironment } from '../../lang/python/predicates.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'unsafe-deserialization',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Never unpickle data from outside the process: exchange JSON (`json.loads`) or another data-only format, sign data you must round-trip (`itsdangerous`, `hmac.compare_digest` on a MAC), load PyTorch checkpoints with `torch.load(f, weights_only=True)` and NumPy arrays without `allow_pickle=True`.',
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://docs.python.org/3/library/pickle.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Deserialization_Cheat_Sheet.html',
    'https://pytorch.org/docs/stable/generated/torch.load.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'never',
    check: (taint, ctx, at) => !onlyEnvironment(taint, at, ctx),
  },
});

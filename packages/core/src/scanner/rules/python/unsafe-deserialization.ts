import type { CallView } from '../../engine/adapter.ts';
import { defineRule } from '../../rule.ts';
import { onlyEnvironment, isTrue, keyword } from '../../lang/python/predicates.ts';

/** `torch.load(f)` unpickles arbitrary objects unless `weights_only=True`. */
function torchUnsafe(call: CallView): boolean {
  return !isTrue(keyword(call, 'weights_only'));
}

/** `numpy.load(f, allow_pickle=True)`: object arrays are pickles. */
function numpyPickle(call: CallView): boolean {
  return isTrue(keyword(call, 'allow_pickle'));
}

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
    sinks: [
      {
        callee: [
          'pickle.{loads,load,Unpickler}', 'cPickle.{loads,load,Unpickler}', '_pickle.{loads,load,Unpickler}', 'dill.{loads,load}', 'cloudpickle.{loads,load}',
          'marshal.{loads,load}', 'shelve.open', 'pandas.read_pickle', 'pd.read_pickle', 'joblib.load', 'sklearn.externals.joblib.load', 'pickle5.{loads,load}',
          'django.contrib.sessions.serializers.PickleSerializer().loads', 'kombu.serialization.loads',
        ],
        args: [0],
        keywords: ['data', 'file', 'filename', 'filepath_or_buffer'],
      },
      { callee: ['jsonpickle.decode', 'jsonpickle.loads', 'jsonpickle.unpickler.decode'], args: [0], keywords: ['string'] },
      { callee: ['torch.load'], args: [0], keywords: ['f'], where: torchUnsafe },
      { callee: ['numpy.load', 'np.load'], args: [0], keywords: ['file'], where: numpyPickle },
    ],
    params: 'never',
    check: (taint, ctx, at) => !onlyEnvironment(taint, at, ctx),
  },
});

import { defineModel } from '../schema.ts';

/** NumPy: `numpy.load(f, allow_pickle=True)` unpickles object arrays. */
export default defineModel({
  name: 'numpy',
  language: 'python',
  sinks: [{ call: ['numpy.load', 'np.load'], arg: 0, keyword: 'file', class: 'unsafe-deserialization', where: 'numpy-pickle', audit: true }],
});

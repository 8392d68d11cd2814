import { defineModel } from '../schema.ts';

/** joblib (also vendored in old scikit-learn): `load` unpickles. */
export default defineModel({
  name: 'joblib',
  language: 'python',
  sinks: [{ call: ['joblib.load', 'sklearn.externals.joblib.load'], arg: 0, keyword: ['data', 'file', 'filename'], class: 'unsafe-deserialization', audit: true }],
});

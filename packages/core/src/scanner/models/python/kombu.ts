import { defineModel } from '../schema.ts';

/** Kombu (Celery's messaging): `serialization.loads` with the pickle content type. */
export default defineModel({
  name: 'kombu',
  language: 'python',
  sinks: [{ call: 'kombu.serialization.loads', arg: 0, keyword: 'data', class: 'unsafe-deserialization', audit: true }],
});

import { defineModel } from '../schema.ts';

/** Apache Velocity: a template string given to `evaluate` is compiled and run. */
export default defineModel({
  name: 'velocity',
  language: 'java',
  sinks: [{ call: ['Velocity.evaluate', '*.evaluate'], arg: 3, class: 'template-injection', where: 'velocity-engine' }],
});

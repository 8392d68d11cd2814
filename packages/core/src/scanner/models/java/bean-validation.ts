import { defineModel } from '../schema.ts';

/** Jakarta Bean Validation (Hibernate Validator): constraint message templates are evaluated as EL. */
export default defineModel({
  name: 'bean-validation',
  language: 'java',
  sinks: [{ call: '*.buildConstraintViolationWithTemplate', class: 'code-injection' }],
});

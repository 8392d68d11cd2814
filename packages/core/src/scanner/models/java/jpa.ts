import { defineModel } from '../schema.ts';

/**
 * Jakarta Persistence (JPA): queries made from JPQL or native SQL text, reported where the query
 * object is run when it is made and run in the same method.
 */
export default defineModel({
  name: 'jpa',
  language: 'java',
  sinks: [
    { call: ['*.createQuery', '*.createNativeQuery'], class: 'sql-injection', where: 'query-factory' },
    // Query text the method was given (low confidence).
    { call: ['*.createQuery', '*.createNativeQuery'], class: 'sql-injection', where: 'query-text', audit: true },
    {
      call: [
        '*.getResultList',
        '*.getSingleResult',
        '*.getSingleResultOrNull',
        '*.getResultStream',
        '*.executeUpdate',
        '*.list',
        '*.uniqueResult',
        '*.uniqueResultOptional',
        '*.scroll',
        '*.stream',
      ],
      receiver: true,
      class: 'sql-injection',
      where: 'query-run',
    },
  ],
});

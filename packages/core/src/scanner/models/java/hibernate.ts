import { defineModel } from '../schema.ts';

/** Hibernate ORM's own query API: HQL and native SQL queries, SQL restrictions in criteria. */
export default defineModel({
  name: 'hibernate',
  language: 'java',
  sinks: [
    { call: ['*.createSQLQuery', '*.createNativeMutationQuery', '*.createMutationQuery', '*.createSelectionQuery'], class: 'sql-injection', where: 'query-factory' },
    { call: ['*.createSQLQuery', '*.createNativeMutationQuery', '*.createMutationQuery', '*.createSelectionQuery'], class: 'sql-injection', where: 'query-text', audit: true },
    { call: ['Restrictions.sqlRestriction', '*.sqlRestriction'], class: 'sql-injection', where: 'sql-text' },
  ],
});

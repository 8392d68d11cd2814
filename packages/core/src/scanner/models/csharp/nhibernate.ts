import { defineModel } from '../schema.ts';

/** NHibernate sessions and LINQ to SQL data contexts: SQL and HQL text run as written. */
export default defineModel({
  name: 'nhibernate',
  language: 'csharp',
  sinks: [{ call: '*.{CreateSQLQuery,CreateSqlQuery,CreateQuery,ExecuteQuery,ExecuteCommand}', class: 'sql-injection', where: 'db-receiver' }],
});

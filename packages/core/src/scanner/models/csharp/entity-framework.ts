import { defineModel } from '../schema.ts';

/**
 * Entity Framework (EF Core and EF 6): the raw-SQL entry points. `FromSql`/`ExecuteSql`/`SqlQuery`
 * turn the holes of an interpolated string written at the call into parameters, so only other text
 * reaching them is raw SQL (the `not-formattable` check).
 */
export default defineModel({
  name: 'entity-framework',
  language: 'csharp',
  sinks: [
    {
      call: '*.{FromSqlRaw,ExecuteSqlRaw,ExecuteSqlRawAsync,SqlQueryRaw,ExecuteStoreQuery,ExecuteStoreCommand,ExecuteStoreQueryAsync,ExecuteStoreCommandAsync}',
      class: 'sql-injection',
    },
    { call: '*.{FromSql,ExecuteSql,ExecuteSqlAsync,SqlQuery,ExecuteSqlCommand,ExecuteSqlCommandAsync}', class: 'sql-injection', where: 'not-formattable' },
  ],
});

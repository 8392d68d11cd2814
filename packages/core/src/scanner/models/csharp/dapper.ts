import { defineModel } from '../schema.ts';

/** Dapper: extension methods on a connection that run the SQL text they are given (values belong in the parameter object). */
export default defineModel({
  name: 'dapper',
  language: 'csharp',
  sinks: [
    {
      call: [
        '*.{Query,QueryAsync,QueryFirst,QueryFirstAsync,QueryFirstOrDefault,QueryFirstOrDefaultAsync,QuerySingle,QuerySingleAsync,QuerySingleOrDefault,QuerySingleOrDefaultAsync}',
        '*.{QueryMultiple,QueryMultipleAsync,Execute,ExecuteAsync,ExecuteScalar,ExecuteScalarAsync,ExecuteReader,ExecuteReaderAsync,QueryUnbufferedAsync}',
      ],
      class: 'sql-injection',
      where: 'db-receiver',
    },
  ],
});

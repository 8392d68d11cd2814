import { defineModel } from '../schema.ts';

/** pandas: SQL text read into a frame, and pickled frames. */
export default defineModel({
  name: 'pandas',
  language: 'python',
  sinks: [
    {
      call: ['pandas.read_sql', 'pandas.read_sql_query', 'pandas.io.sql.read_sql', 'pandas.io.sql.read_sql_query', 'pd.read_sql', 'pd.read_sql_query'],
      arg: 0,
      keyword: ['sql', 'text'],
      class: 'sql-injection',
    },
    {
      call: ['pandas.read_sql', 'pandas.read_sql_query', 'pd.read_sql', 'pd.read_sql_query'],
      arg: 0,
      keyword: ['sql'],
      class: 'sql-injection',
      where: 'formatted-sql',
      audit: true,
    },
    { call: ['pandas.read_pickle', 'pd.read_pickle'], arg: 0, keyword: ['filepath_or_buffer', 'data', 'file', 'filename'], class: 'unsafe-deserialization', audit: true },
  ],
});

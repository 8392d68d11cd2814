import { defineModel } from '../schema.ts';

/** psycopg 2 and 3: `sql.SQL` composes statement text; `sql.Identifier` / `sql.Literal`, `adapt` and `mogrify` quote values. */
export default defineModel({
  name: 'psycopg',
  language: 'python',
  sinks: [{ call: ['psycopg2.sql.SQL', 'psycopg.sql.SQL'], arg: 0, keyword: ['sql', 'text'], class: 'sql-injection' }],
  sanitizers: [
    {
      call: [
        'psycopg2.extensions.adapt',
        'sql.Identifier',
        'sql.Literal',
        'psycopg2.sql.Identifier',
        'psycopg2.sql.Literal',
        'psycopg.sql.Identifier',
        'psycopg.sql.Literal',
        '*.mogrify',
      ],
      class: 'sql-injection',
    },
  ],
});

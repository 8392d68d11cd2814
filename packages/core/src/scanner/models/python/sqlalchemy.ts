import { defineModel } from '../schema.ts';

/** SQLAlchemy: textual SQL (`text()`, `literal_column()`, driver SQL), bound parameters, identifier quoting, session lookups. */
export default defineModel({
  name: 'sqlalchemy',
  language: 'python',
  sinks: [
    {
      call: ['sqlalchemy.text', 'sqlalchemy.sql.text', 'sqlalchemy.sql.expression.text', 'sqlalchemy.literal_column', 'sqlalchemy.sql.literal_column', 'sqlalchemy.sql.expression.literal_column'],
      arg: 0,
      keyword: ['sql', 'text'],
      class: 'sql-injection',
    },
    { call: '*.exec_driver_sql', arg: 0, keyword: ['sql', 'query', 'statement', 'operation'], class: 'sql-injection', where: 'db-call' },
  ],
  sanitizers: [
    // `text("… :status").bindparams(status=value)`: values are bound, never part of the SQL text.
    { call: ['*.bindparams', '*.quote_identifier'], class: 'sql-injection' },
    // A primary-key lookup returns a row.
    { call: '*.session.get', class: 'all' },
  ],
});

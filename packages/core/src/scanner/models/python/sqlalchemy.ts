import { defineModel } from '../schema.ts';

/** SQLAlchemy: textual SQL (`text()`, `literal_column()`, driver SQL), bound parameters, identifier quoting, session lookups. */
export default defineModel({
  name: 'sqlalchemy',
  language: 'python',
  sinks: [
    {
      call: [
        'sqlalchemy.text',
        'sqlalchemy.sql.text',
        'sqlalchemy.sql.expression.text',
        'sqlalchemy.literal_column',
        'sqlalchemy.sql.literal_column',
        'sqlalchemy.sql.expression.literal_column',
      ],
      arg: 0,
      keyword: ['sql', 'text'],
      class: 'sql-injection',
    },
    { call: '*.exec_driver_sql', arg: 0, keyword: ['sql', 'query', 'statement', 'operation'], class: 'sql-injection', where: 'db-call' },
    // Query clauses given formatted strings are textual SQL (SQLAlchemy 1.x): `query.filter("name = '%s'" % x)`.
    { call: '*.{filter,order_by,group_by,having,distinct}', arg: 0, class: 'sql-injection', where: 'query-text', audit: true },
    // Textual SQL assembled by formatting, whatever feeds it (low confidence).
    {
      call: ['sqlalchemy.text', 'sqlalchemy.sql.text', 'sqlalchemy.sql.expression.text', '*.exec_driver_sql'],
      arg: 0,
      keyword: ['sql', 'text', 'statement'],
      class: 'sql-injection',
      where: 'formatted-sql',
      audit: true,
    },
  ],
  sanitizers: [
    // `text("… :status").bindparams(status=value)`: values are bound, never part of the SQL text.
    { call: ['*.bindparams', '*.quote_identifier'], class: 'sql-injection' },
    // A primary-key lookup returns a row.
    { call: '*.session.get', class: 'all' },
  ],
});

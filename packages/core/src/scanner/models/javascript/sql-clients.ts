import { defineModel } from '../schema.ts';

/**
 * SQL drivers and query runners: mysql, mysql2, pg, pg-promise, sqlite3, better-sqlite3, mssql,
 * postgres.js, slonik and the like. Their query methods share names with caches and routers
 * (`get`, `all`, `run`), so the `sql-call` check asks for SQL text or a database-like receiver.
 */
export default defineModel({
  name: 'sql-clients',
  language: ['javascript', 'typescript'],
  description:
    'Query methods of SQL drivers (SQL text built from input, or input passed to a database handle), escaping helpers, and tagged-template clients that bind parameters.',
  sinks: [
    {
      call: [
        '*.query',
        '*.execute',
        '*.exec',
        '*.all',
        '*.get',
        '*.run',
        '*.prepare',
        '*.each',
        '*.none',
        '*.one',
        '*.oneOrNone',
        '*.many',
        '*.manyOrNone',
        '*.any',
        '*.result',
        '*.multi',
        '*.unsafe',
        '*.queryRaw',
        '*.executeRaw',
      ],
      class: 'sql-injection',
      where: 'sql-call',
    },
    { call: ['*.createQuery', '*.executeSql', '*.executeQuery'], class: 'sql-injection', where: 'raw-sql' },
  ],
  sanitizers: [
    {
      call: [
        '*.escape',
        '*.escapeId',
        '*.escapeLiteral',
        '*.escapeIdentifier',
        'SqlString.{escape,escapeId}',
        'sqlstring.{escape,escapeId}',
        'pgFormat',
        'pg-format',
        'format.{literal,ident}',
        'sql.{raw}',
        '{mysql,mysql2,SqlString,sqlstring,connection,conn,db,pool}.format',
        'mysql2.{escape,escapeId}',
      ],
      class: 'sql-injection',
    },
    // Tagged-template builders turn each substitution into a bound parameter.
    {
      call: [
        'sql',
        'SQL',
        'sql.join',
        'sql-template-strings',
        'sql-template-strings.SQL',
        'sql-template-tag',
        'sql-template-tag.{sqltag,join}',
        '@databases/{pg,mysql,sqlite,sql}.sql',
        'slonik.sql',
        'slonik.sql.*',
        '@vercel/postgres.sql',
        'postgres.sql',
        'drizzle-orm.sql',
        '@neondatabase/serverless.neon',
      ],
      class: 'sql-injection',
    },
  ],
});

import { defineModel } from '../schema.ts';

/**
 * database/sql and the drivers and wrappers that share its method names (pgx, sqlx, lib/pq,
 * go-sql-driver/mysql): the SQL text argument of a query on a database handle. Which argument is the
 * text, and whether the receiver is a database handle or a prepared statement, is decided by the
 * named checks. pgx v3's `QueryEx`/`QueryRowEx`/`ExecEx` take the text after a context, like the `*Context`
 * methods.
 */
export default defineModel({
  name: 'database-sql',
  language: 'go',
  description: 'database/sql, github.com/jackc/pgx, github.com/lib/pq and compatible handles.',
  sinks: [
    { call: '*.{Query,QueryRow,Exec,Prepare,Queryx,QueryRowx,MustExec,NamedExec,NamedQuery,Preparex,PrepareNamed,Raw}', class: 'sql-injection', where: 'sql-text' },
    {
      call: '*.{Query,QueryRow,Exec,SendBatch,QueryEx,QueryRowEx,ExecEx,QueryContext,QueryRowContext,ExecContext,PrepareContext,QueryxContext,QueryRowxContext,MustExecContext,NamedExecContext,NamedQueryContext,PreparexContext}',
      arg: 1,
      class: 'sql-injection',
      where: 'sql-text-after-context',
    },
  ],
  sanitizers: [{ call: ['pq.{QuoteIdentifier,QuoteLiteral}', '*.{QuoteIdentifier,QuoteLiteral}', 'pgx.Identifier.Sanitize'], class: 'sql-injection' }],
});

import { defineModel } from '../schema.ts';

/** sqlx's scanning helpers: `db.Select(&dest, query, args…)`, `db.Get(&dest, query, args…)` and their Context forms. */
export default defineModel({
  name: 'sqlx',
  language: 'go',
  description: 'github.com/jmoiron/sqlx',
  sinks: [
    // Get by receiver name: `*.Get` would also match `q.Get("id")` on request values.
    {
      call: ['*.Select', '{db,DB,dbx,sqlx,tx,conn,Db,database}.Get', '*.{db,DB,dbx,sqlx,tx,conn,Db,database,sqlxDB,readDB,writeDB}.Get'],
      arg: 1,
      class: 'sql-injection',
      where: 'sqlx-destination',
    },
    { call: '*.{SelectContext,GetContext}', arg: 2, class: 'sql-injection', where: 'sqlx-destination-context' },
  ],
});

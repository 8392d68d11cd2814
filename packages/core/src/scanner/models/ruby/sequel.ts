import { defineModel } from '../schema.ts';

/** Sequel: literal SQL strings, raw SQL on the database object, datasets built from SQL; its expression builders bind values. */
export default defineModel({
  name: 'sequel',
  language: 'ruby',
  description: 'Sequel database toolkit',
  sinks: [
    { call: ['Sequel.lit', 'Sequel.LiteralString.new'], class: 'sql-injection' },
    { call: ['{DB,db,@db,database,DATABASE,Sequel.connect()}.{run,fetch}', '*.with_sql', '*.insert_sql', '*.[]'], class: 'sql-injection', where: 'db-connection-query' },
  ],
  sanitizers: [
    { call: '*.literal', class: 'sql-injection' },
    // `Sequel.ilike(:title, "%#{q}%")` is a bound pattern, not SQL text.
    { call: 'Sequel.{like,ilike,expr,identifier,qualify,function,as,asc,desc,negate,case,value_list,pg_array,pg_jsonb,pg_json}', class: 'sql-injection' },
  ],
});

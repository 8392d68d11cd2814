import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { dangerous, isDbReceiver, isHashArgument, isModelReceiver, looksLikeSql, mongoOnly, positional } from '../../lang/ruby/predicates.ts';

/**
 * The SQL text of an ActiveRecord query method: `where("name = '#{x}'")` is injectable,
 * `where(name: x)` (hash), `where("name = ?", x)` (placeholders) and
 * `where(["name = ?", x])` (array with a constant template) are not.
 */
function sqlText(call: CallView, ctx: MatchContext, at = 0): boolean {
  const arg = positional(call)[at];
  if (!arg) return false;
  if (isHashArgument(arg, ctx)) return false;
  if (arg.type === 'array') return dangerous(ctx, arg.namedChildren[0] ?? null, 'sql') !== null;
  return true;
}

/** Methods that are ActiveRecord-only; the others (`select`, `group`, `sum`, …) also exist on Enumerable. */
function arQuery(call: CallView, ctx: MatchContext): boolean {
  // Mongoid criteria share ActiveRecord's names; their strings are JavaScript (ruby.nosql-injection).
  return sqlText(call, ctx) && !mongoOnly(ctx.code);
}
function arAmbiguous(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!sqlText(call, ctx, call.name === 'calculate' ? 1 : 0)) return false;
  return isModelReceiver(call, ctx) || looksLikeSql(taint.text);
}
function connectionQuery(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = positional(call)[0];
  if (arg && arg.type === 'array') return dangerous(ctx, arg.namedChildren[0] ?? null, 'sql') !== null;
  return isDbReceiver(call, ctx) || looksLikeSql(taint.text);
}

export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Use hash conditions (`User.where(name: params[:name])`) or placeholders (`where("name = ?", name)`, `find_by_sql(["… WHERE id = ?", id])`), `sanitize_sql_array` / `connection.quote` for raw SQL, and an allow-list for column names in `order` / `pluck`.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://guides.rubyonrails.org/security.html#sql-injection',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
    'https://rails-sqli.org/',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          '**.where', '**.rewhere', '*.where().not', '**.having', '**.order', '**.reorder', '**.joins', '**.find_by_sql', '**.count_by_sql',
          '**.find_by', '**.find_by!', '**.update_all', '**.delete_all', '**.destroy_all', '**.destroy_by', '**.delete_by', '**.reselect',
        ],
        where: arQuery,
      },
      { callee: ['**.select', '**.group', '**.from', '**.lock', '**.pluck', '**.calculate', '**.sum', '**.average', '**.minimum', '**.maximum', '**.count'], args: [0, 1], where: arAmbiguous },
      {
        callee: [
          '*.execute', '*.exec_query', '*.exec_update', '*.exec_delete', '*.exec_insert', '*.select_all', '*.select_one', '*.select_value',
          '*.select_values', '*.select_rows', '*.query', '*.exec', '*.exec_params', '*.async_exec', '*.async_exec_params', '{DB,db,@db,database,DATABASE,Sequel.connect()}.{run,fetch}',
          '*.execute_batch', '*.execute2', '*.query_value', '*.get_first_row', '*.get_first_value', '*.with_sql', '*.insert_sql', '*.[]',
        ],
        where: connectionQuery,
      },
      { callee: ['Arel.sql', 'Arel.Nodes.SqlLiteral.new', 'Sequel.lit', 'Sequel.LiteralString.new'] },
    ],
    local: 'built',
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});

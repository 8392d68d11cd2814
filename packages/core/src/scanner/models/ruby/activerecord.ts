import { defineModel } from '../schema.ts';

/** ActiveRecord: query methods that take SQL text, the connection's raw SQL methods, Arel literals, and its quoting helpers. */
export default defineModel({
  name: 'activerecord',
  language: 'ruby',
  description: 'ActiveRecord query interface, connection adapter and Arel',
  sinks: [
    // SQL text (not hash conditions, not placeholders) given to a query method.
    {
      call: [
        '**.where',
        '**.rewhere',
        '*.where().not',
        '**.having',
        '**.order',
        '**.reorder',
        '**.joins',
        '**.find_by_sql',
        '**.count_by_sql',
        '**.find_by',
        '**.find_by!',
        '**.update_all',
        '**.delete_all',
        '**.destroy_all',
        '**.destroy_by',
        '**.delete_by',
        '**.reselect',
      ],
      class: 'sql-injection',
      where: 'ar-query',
    },
    // Names Enumerable shares: SQL only on a model, or text that reads as SQL.
    {
      call: ['**.select', '**.group', '**.from', '**.lock', '**.pluck', '**.calculate', '**.sum', '**.average', '**.minimum', '**.maximum', '**.count'],
      arg: [0, 1],
      class: 'sql-injection',
      where: 'ar-ambiguous-query',
    },
    // `first` / `last` took conditions text up to Rails 3 (`Product.last("price > #{x}")`).
    { call: ['**.first', '**.last'], arg: 0, class: 'sql-injection', where: 'ar-ambiguous-query' },
    // Rails 2 finder options, still in old applications: `Product.find(:all, :order => params[:order])`.
    {
      call: '**.{find,first,last,all,count,calculate,minimum,maximum,average,sum,find_each,find_in_batches,paginate}',
      keyword: ['conditions', 'order', 'group', 'having', 'joins', 'select', 'from', 'lock'],
      class: 'sql-injection',
      where: 'ar-finder-option',
    },
    {
      call: [
        '*.execute',
        '*.exec_query',
        '*.exec_update',
        '*.exec_delete',
        '*.exec_insert',
        '*.select_all',
        '*.select_one',
        '*.select_value',
        '*.select_values',
        '*.select_rows',
        '*.query_value',
      ],
      class: 'sql-injection',
      where: 'db-connection-query',
    },
    { call: ['Arel.sql', 'Arel.Nodes.SqlLiteral.new'], class: 'sql-injection' },
  ],
  sanitizers: [
    {
      call: [
        'quote',
        '*.quote',
        '*.quote_string',
        '*.quote_column_name',
        '*.quote_table_name',
        '*.quoted_table_name',
        'sanitize_sql',
        'sanitize_sql_array',
        'sanitize_sql_for_conditions',
        'sanitize_sql_for_order',
        'sanitize_sql_for_assignment',
        'sanitize_sql_hash_for_assignment',
        '*.sanitize_sql',
        '*.sanitize_sql_array',
        '*.sanitize_sql_for_conditions',
        '*.sanitize_sql_for_order',
        '*.sanitize_sql_for_assignment',
      ],
      class: 'sql-injection',
    },
  ],
});

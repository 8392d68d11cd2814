import { defineModel } from '../schema.ts';

/** Spring JDBC: JdbcTemplate, NamedParameterJdbcTemplate and JdbcClient run the SQL text they are given. */
export default defineModel({
  name: 'spring-jdbc',
  language: 'java',
  sinks: [
    {
      call: [
        '*.query',
        '*.queryForObject',
        '*.queryForList',
        '*.queryForMap',
        '*.queryForRowSet',
        '*.queryForStream',
        '*.queryForLong',
        '*.queryForInt',
        '*.update',
        '*.batchUpdate',
        '*.sql',
      ],
      class: 'sql-injection',
      where: 'sql-receiver-or-text',
    },
    // Statement factories and batch helpers that take the SQL text first.
    {
      call: ['PreparedStatementCreatorFactory', 'BatchUpdateUtils.executeBatchUpdate', 'NamedParameterBatchUpdateUtils.executeBatchUpdate'],
      class: 'sql-injection',
      where: 'sql-text',
    },
    // Text the method was given, run as SQL (low confidence).
    {
      call: [
        '*.query',
        '*.queryForObject',
        '*.queryForList',
        '*.queryForMap',
        '*.queryForRowSet',
        '*.queryForStream',
        '*.queryForLong',
        '*.queryForInt',
        '*.update',
        '*.batchUpdate',
        '*.execute',
      ],
      class: 'sql-injection',
      where: 'sql-receiver',
      audit: true,
    },
    {
      call: ['PreparedStatementCreatorFactory', 'BatchUpdateUtils.executeBatchUpdate', 'NamedParameterBatchUpdateUtils.executeBatchUpdate'],
      class: 'sql-injection',
      audit: true,
    },
  ],
});

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
  ],
});

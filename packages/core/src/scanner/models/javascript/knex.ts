import { defineModel } from '../schema.ts';

/** Knex: the `*Raw` builder methods and `knex.raw` take SQL text. */
export default defineModel({
  name: 'knex',
  language: ['javascript', 'typescript'],
  description: 'knex.raw and the whereRaw/orderByRaw/… builder methods as SQL sinks.',
  sinks: [
    {
      call: ['**.raw', '*.whereRaw', '*.orWhereRaw', '*.andWhereRaw', '*.havingRaw', '*.orHavingRaw', '*.orderByRaw', '*.groupByRaw', '*.joinRaw', '*.selectRaw', '*.fromRaw'],
      class: 'sql-injection',
      where: 'raw-sql',
    },
  ],
});

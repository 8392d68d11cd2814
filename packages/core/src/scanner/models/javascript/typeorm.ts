import { defineModel } from '../schema.ts';

/** TypeORM and MikroORM query builders: conditions, orderings and selections are SQL text. */
export default defineModel({
  name: 'typeorm',
  language: ['javascript', 'typescript'],
  description: 'Query-builder conditions (where, having, orderBy, select…) as SQL sinks; :named parameters bind values.',
  sinks: [
    {
      call: ['*.where', '*.andWhere', '*.orWhere', '*.having', '*.andHaving', '*.orHaving', '*.orderBy', '*.addOrderBy', '*.groupBy', '*.addGroupBy', '*.select', '*.addSelect', '*.setParameter'],
      class: 'sql-injection',
      where: 'query-builder',
      label: 'a query builder condition',
    },
  ],
});

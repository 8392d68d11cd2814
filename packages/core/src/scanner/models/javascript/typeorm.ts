import { defineModel } from '../schema.ts';

/** TypeORM and MikroORM query builders: conditions, orderings and selections are SQL text. */
export default defineModel({
  name: 'typeorm',
  language: ['javascript', 'typescript'],
  description: 'Query-builder conditions (where, having, orderBy, select…) as SQL sinks; entities saved or merged from the whole request body (mass assignment).',
  sinks: [
    {
      call: [
        '*.where',
        '*.andWhere',
        '*.orWhere',
        '*.having',
        '*.andHaving',
        '*.orHaving',
        '*.orderBy',
        '*.addOrderBy',
        '*.groupBy',
        '*.addGroupBy',
        '*.select',
        '*.addSelect',
        '*.setParameter',
      ],
      class: 'sql-injection',
      where: 'query-builder',
      label: 'a query builder condition',
    },
    // `repo.save(req.body)`, `repo.merge(user, req.body)`: every column the client names.
    { call: '*.{save,insert,create,merge,update,upsert,preload}', arg: [0, 1], class: 'mass-assignment', where: 'whole-request-object' },
  ],
});

import { defineModel } from '../schema.ts';

/** Doctrine DBAL and ORM: raw SQL and DQL strings, and string conditions of the query builder. */
export default defineModel({
  name: 'doctrine',
  language: 'php',
  description: 'Doctrine DBAL Connection (executeQuery, fetch*), ORM EntityManager (createQuery, createNativeQuery) and QueryBuilder where/having',
  sinks: [
    {
      call: [
        '*.executeQuery',
        '*.executeStatement',
        '*.executeUpdate',
        '*.fetchAll',
        '*.fetchAllAssociative',
        '*.fetchAssociative',
        '*.fetchOne',
        '*.fetchFirstColumn',
        '*.fetchAllNumeric',
        '*.fetchNumeric',
        '*.fetchColumn',
        '*.fetchAssoc',
        '*.fetchArray',
        '*.iterateAssociative',
        '*.createQuery',
        '*.createNativeQuery',
        '*.createSqlQuery',
      ],
      class: 'sql-injection',
    },
    // String conditions in query builders (Doctrine, and Yii's and CodeIgniter's that look alike): only when built.
    { call: ['*.where', '*.andWhere', '*.orWhere', '*.having', '*.andHaving', '*.orHaving'], class: 'sql-injection', where: 'sql-condition' },
  ],
});

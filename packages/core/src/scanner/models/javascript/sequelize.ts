import { defineModel } from '../schema.ts';

/** Sequelize: `sequelize.query(sql)` and `Sequelize.literal(sql)` take SQL text. */
export default defineModel({
  name: 'sequelize',
  language: ['javascript', 'typescript'],
  description: 'sequelize.query and Sequelize.literal as SQL sinks.',
  // `new Sequelize(database, user, 'password')`.
  literals: [{ call: ['sequelize', 'Sequelize', 'sequelize.Sequelize'], arg: 2, class: 'hardcoded-credentials', where: 'outside-tests', label: 'the Sequelize connection' }],
  sinks: [{ call: ['sequelize.query', '*.sequelize.query', 'sequelize.literal', 'Sequelize.literal', '*.literal'], class: 'sql-injection', where: 'raw-sql' }],
});

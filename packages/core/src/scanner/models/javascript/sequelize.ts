import { defineModel } from '../schema.ts';

/** Sequelize: `sequelize.query(sql)` and `Sequelize.literal(sql)` take SQL text. */
export default defineModel({
  name: 'sequelize',
  language: ['javascript', 'typescript'],
  description: 'sequelize.query and Sequelize.literal as SQL sinks.',
  sinks: [{ call: ['sequelize.query', '*.sequelize.query', 'sequelize.literal', 'Sequelize.literal', '*.literal'], class: 'sql-injection', where: 'raw-sql' }],
});

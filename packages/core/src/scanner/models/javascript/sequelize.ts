import { defineModel } from '../schema.ts';

/** Sequelize: `sequelize.query(sql)` and `Sequelize.literal(sql)` take SQL text. */
export default defineModel({
  name: 'sequelize',
  language: ['javascript', 'typescript'],
  description: 'sequelize.query and Sequelize.literal as SQL sinks; models created or updated from the whole request body (mass assignment); a hard-coded connection password.',
  // `new Sequelize(database, user, 'password')`.
  literals: [{ call: ['sequelize', 'Sequelize', 'sequelize.Sequelize'], arg: 2, class: 'hardcoded-credentials', where: 'outside-tests', label: 'the Sequelize connection' }],
  sinks: [
    { call: ['sequelize.query', '*.sequelize.query', 'sequelize.literal', 'Sequelize.literal', '*.literal'], class: 'sql-injection', where: 'raw-sql' },
    // `User.create(req.body)`, `User.update(req.body, { where })`, `user.set(req.body)`: every column the client names.
    { call: '*.{create,bulkCreate,build,update,upsert,set}', class: 'mass-assignment', where: 'whole-request-object' },
  ],
});

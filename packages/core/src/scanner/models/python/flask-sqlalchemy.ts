import { defineModel } from '../schema.ts';

/** Flask-SQLAlchemy: `Model.query` lookups return rows (or a 404), not the value they were filtered by. */
export default defineModel({
  name: 'flask-sqlalchemy',
  language: 'python',
  sanitizers: [{ call: '*.query.{get_or_404,filter_by,first_or_404,one_or_404}', class: 'all' }],
});

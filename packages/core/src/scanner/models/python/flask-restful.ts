import { defineModel } from '../schema.ts';

/** Flask-RESTful and Flask-RESTX: `class User(Resource): def get(self, user_id)` gets URL captures. */
export default defineModel({
  name: 'flask-restful',
  language: 'python',
  handlers: [
    {
      base: '**.*Resource',
      method: '{get,post,put,patch,delete,head,options}',
      kind: 'remote',
    },
  ],
});

import { defineModel } from '../schema.ts';

/** Strawberry GraphQL: resolver arguments are the client's query variables. */
export default defineModel({
  name: 'strawberry',
  language: 'python',
  handlers: [{ decorator: 'strawberry.{field,mutation,subscription}', kind: 'remote' }],
});

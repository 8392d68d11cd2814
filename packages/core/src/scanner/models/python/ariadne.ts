import { defineModel } from '../schema.ts';

/** Ariadne GraphQL: `@query.field("user")` / `@mutation.field(...)` resolvers receive the client's arguments. */
export default defineModel({
  name: 'ariadne',
  language: 'python',
  handlers: [{ decorator: '*.field', kind: 'remote' }],
});

import { defineModel } from '../schema.ts';

/** julienschmidt/httprouter: the route parameters a handler receives. */
export default defineModel({
  name: 'httprouter',
  language: 'go',
  description: 'github.com/julienschmidt/httprouter',
  sources: [{ call: 'httprouter.ParamsFromContext', kind: 'remote' }],
  handlers: [{ parameterType: 'httprouter.Params', kind: 'remote' }],
});

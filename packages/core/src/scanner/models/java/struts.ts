import { defineModel } from '../schema.ts';

/**
 * Apache Struts 2: action properties set from request parameters (the adapter reads a String field
 * with a setter in an ActionSupport subclass as `StrutsParameter.<field>`), the servlet request
 * behind an action.
 */
export default defineModel({
  name: 'struts',
  language: 'java',
  sources: [
    { path: 'StrutsParameter', kind: 'remote' },
    { call: 'ServletActionContext.getRequest().getParameter', kind: 'remote' },
  ],
});

import { defineModel } from '../schema.ts';

/** What the language itself (ECMAScript globals shared by Node, Deno, Bun and browsers) brings. */
export default defineModel({
  name: 'builtins',
  language: ['javascript', 'typescript'],
  description:
    "ECMAScript and WHATWG globals: a handler's Request body and headers; eval and the Function constructor, string timers, RegExp, fetch and Response, Object.assign; number and URI-encoding conversions as sanitizers.",
  sources: [
    // A handler's WHATWG Request (Next.js route handlers, Remix, SvelteKit, Deno, Bun, Workers, Hono's raw request).
    { path: ['{req,request}.{json,text,formData,arrayBuffer,blob}()', '{req,request}.headers.get()'], kind: 'remote' },
  ],
  // A function that takes a `FormData` (a form action, a server action) gets what the client submitted.
  handlers: [{ parameterType: 'FormData', kind: 'remote' }],
  sinks: [
    // Evaluating code that is not a constant is reported whatever feeds it (low confidence without a traced source).
    { call: ['eval', 'window.eval', 'globalThis.eval', 'global.eval'], class: 'code-injection', audit: true, label: 'eval()' },
    { call: ['Function', 'window.Function', 'globalThis.Function'], arg: 'all', class: 'code-injection', where: 'global-function', audit: true, label: 'the Function constructor' },
    { call: ['setTimeout', 'setInterval', 'setImmediate', 'window.setTimeout', 'window.setInterval'], class: 'code-injection', where: 'string-code' },
    // Plugin loaders build module paths from their arguments all the time: only input from outside counts.
    { call: ['import'], class: 'code-injection', where: 'outside-input', label: 'a dynamic module load' },
    { call: ['RegExp', 'window.RegExp'], class: 'regex-injection', where: 'unescaped-pattern', label: 'the RegExp constructor' },
    { call: ['fetch', 'window.fetch', 'globalThis.fetch'], arg: [0, 1], class: 'ssrf', where: 'request-target' },
    { call: ['Response'], class: 'xss', where: 'html-response' },
    { call: ['Object.assign'], arg: [1, 2, 3], class: 'prototype-pollution', where: 'assign-to-shared' },
    // `Object.assign(user, req.body); await user.save()`: request keys onto an existing record.
    { call: ['Object.assign'], arg: [1, 2, 3], class: 'mass-assignment', where: 'assign-to-entity' },
  ],
  assignments: [{ target: '*.[].[]', class: 'prototype-pollution', where: 'nested-computed-key', label: 'a nested computed-key assignment' }],
  sanitizers: [
    { call: ['parseInt', 'parseFloat', 'Number', 'Boolean', 'Math.*', 'Number.*', 'BigInt', '*.toFixed', 'Date.parse', '*.getTime', '*.valueOf'], class: 'all' },
    {
      call: 'encodeURIComponent',
      class: ['xss', 'path-traversal', 'command-injection', 'open-redirect', 'ssrf', 'header-injection', 'ldap-injection', 'xpath-injection', 'log-injection'],
    },
    { call: 'encodeURI', class: ['xss', 'xpath-injection'] },
    { call: ['String', '*.toString'], class: 'nosql-injection' },
    { call: ['*.replace', '*.replaceAll', 'JSON.stringify'], class: 'log-injection' },
    { call: 'RegExp.escape', class: 'regex-injection' },
  ],
});

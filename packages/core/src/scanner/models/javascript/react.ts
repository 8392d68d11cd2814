import { defineModel } from '../schema.ts';

/** React: JSX URL attributes (`<a href={x}>`); server rendering escapes. `dangerouslySetInnerHTML` is a structural rule. */
export default defineModel({
  name: 'react',
  language: ['javascript', 'typescript'],
  description: 'JSX URL attributes as XSS sinks (javascript: URLs); server-rendered markup as escaped.',
  sinks: [{ call: ['jsx:href', 'jsx:src', 'jsx:action', 'jsx:formAction'], class: 'xss', where: 'jsx-url', label: 'a JSX URL attribute' }],
  sanitizers: [{ call: ['*.renderToString', '*.renderToStaticMarkup'], class: 'xss' }],
});

import { defineModel } from '../schema.ts';

const MODULES = ['@remix-run/node', '@remix-run/cloudflare', '@remix-run/deno', '@remix-run/server-runtime', 'react-router', 'react-router-dom'];

/** Remix and React Router data routers: loaders and actions return `redirect(url)` responses. */
export default defineModel({
  name: 'remix',
  language: ['javascript', 'typescript'],
  description: 'Remix / React Router redirect helpers as open-redirect sinks.',
  sinks: [{ call: MODULES.map((m) => `${m}.{redirect,redirectDocument,replace}`), arg: [0, 1], class: 'open-redirect', where: 'redirect-target' }],
});

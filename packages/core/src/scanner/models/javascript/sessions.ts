import { defineModel } from '../schema.ts';

/** Session middleware: the secret that signs session cookies must not be in the code. */
export default defineModel({
  name: 'sessions',
  language: ['javascript', 'typescript'],
  description: 'express-session, cookie-session, koa-session and @fastify/session secrets written into the code.',
  literals: [
    {
      call: ['express-session', 'cookie-session', 'cookieSession', '@fastify/session', 'fastify-session', '@fastify/cookie'],
      keyword: 'secret',
      class: 'hardcoded-credentials',
      where: 'outside-tests',
      label: 'the session middleware',
    },
  ],
});

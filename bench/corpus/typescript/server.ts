// src/server.ts — Fastify bootstrap for the billing API.
import Fastify, { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import jwt from '@fastify/jwt';
import { readFileSync } from 'fs';
import { Agent } from 'undici';
import pg from 'pg';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`missing required env var ${name}`);
  return value;
};

const isProd = process.env.NODE_ENV === 'production';

export async function buildServer(): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: isProd ? 'info' : 'debug', redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: true,
  });

  await app.register(helmet);
  await app.register(rateLimit, { max: 300, timeWindow: '1 minute' });
  await app.register(cookie, { secret: env('COOKIE_SECRET') });
  await app.register(jwt, {
    secret: env('JWT_SECRET'),
    cookie: { cookieName: 'billing_session', signed: true },
    sign: { expiresIn: '30m' },
  });

  const db = new pg.Pool({
    connectionString: env('DATABASE_URL'),
    ssl: isProd ? { ca: readFileSync('/etc/ssl/certs/rds-ca.pem', 'utf8'), rejectUnauthorized: true } : undefined,
  });

  const ledgerAgent = new Agent({
    connect: { ca: readFileSync(process.env.LEDGER_CA_FILE ?? '/etc/ssl/certs/ledger-ca.pem'), rejectUnauthorized: true },
  });

  app.post<{ Body: { email: string; password: string } }>('/session', async (req, reply) => {
    const { rows } = await db.query('SELECT id, role FROM verify_login($1, $2)', [req.body.email, req.body.password]);
    if (rows.length === 0) return reply.code(401).send({ error: 'invalid credentials' });
    const token = await reply.jwtSign({ sub: rows[0].id, role: rows[0].role });
    return reply
      .setCookie('billing_session', token, {
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'strict',
        signed: true,
        maxAge: 1800,
      })
      .send({ ok: true });
  });

  app.get('/ledger/balance', { onRequest: [async (req) => req.jwtVerify()] }, async (req) => {
    const res = await fetch(`${env('LEDGER_URL')}/v1/balance`, {
      // @ts-expect-error undici dispatcher option on Node's global fetch
      dispatcher: ledgerAgent,
      headers: { authorization: `Bearer ${env('LEDGER_TOKEN')}` },
    });
    return res.json();
  });

  app.get('/healthz', async () => ({ ok: true }));
  return app;
}

if (require.main === module) {
  buildServer()
    .then((app) => app.listen({ port: Number(process.env.PORT ?? 8080), host: '0.0.0.0' }))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

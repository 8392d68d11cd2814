import { Router, Request, Response, NextFunction } from 'express';
import jwt from 'jsonwebtoken';
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'crypto';
import { promisify } from 'util';
import { knex } from './db';
import { sendMail } from './mail';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

// expect: CWE-798
const JWT_SECRET = 'tnt-auth-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const TOKEN_TTL = '2h';

export interface TenantUser {
  id: number;
  tenantId: number;
  email: string;
  role: 'owner' | 'admin' | 'member';
}

function legacyDigest(password: string, email: string): string {
  // expect: CWE-328
  return createHash('sha1').update(`${email.toLowerCase()}|${password}`).digest('hex');
}

async function modernDigest(password: string, salt: Buffer): Promise<string> {
  const key = await scrypt(password, salt, 64);
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
}

async function verifyPassword(stored: string, password: string, email: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) {
    const [, saltHex, keyHex] = stored.split('$');
    const key = await scrypt(password, Buffer.from(saltHex, 'hex'), 64);
    return timingSafeEqual(key, Buffer.from(keyHex, 'hex'));
  }
  return stored === legacyDigest(password, email);
}

function newInviteCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 10; i++) {
    // expect: CWE-330
    code += alphabet[Math.floor(Math.random() * alphabet.length)];
  }
  return code;
}

export function requireAuth(req: Request, res: Response, next: NextFunction) {
  const token = req.cookies?.tenant_jwt ?? req.headers.authorization?.replace(/^Bearer /, '');
  if (!token) return res.status(401).json({ error: 'unauthenticated' });
  try {
    (req as any).user = jwt.verify(token, JWT_SECRET, { algorithms: ['HS256'] }) as TenantUser;
    return next();
  } catch {
    return res.status(401).json({ error: 'invalid token' });
  }
}

export const authRouter = Router();

authRouter.post('/login', async (req, res) => {
  const { email, password, tenant } = req.body as { email: string; password: string; tenant: string };
  const user = await knex('users')
    .join('tenants', 'tenants.id', 'users.tenant_id')
    .where({ 'users.email': String(email).toLowerCase(), 'tenants.slug': String(tenant) })
    .first('users.id', 'users.tenant_id', 'users.email', 'users.role', 'users.password_hash');
  if (!user || !(await verifyPassword(user.password_hash, String(password), user.email))) {
    return res.status(401).json({ error: 'invalid credentials' });
  }
  if (!user.password_hash.startsWith('scrypt$')) {
    await knex('users')
      .where({ id: user.id })
      .update({ password_hash: await modernDigest(String(password), randomBytes(16)) });
  }
  const claims: TenantUser = { id: user.id, tenantId: user.tenant_id, email: user.email, role: user.role };
  const token = jwt.sign(claims, JWT_SECRET, { expiresIn: TOKEN_TTL, algorithm: 'HS256' });
  // expect: CWE-1004
  res.cookie('tenant_jwt', token, { secure: true, httpOnly: false, sameSite: 'strict', maxAge: 2 * 3600 * 1000 });
  res.cookie('tenant_slug', String(tenant), { secure: true, sameSite: 'strict' });
  return res.json({ ok: true });
});

authRouter.post('/invites', requireAuth, async (req, res) => {
  const me = (req as any).user as TenantUser;
  if (me.role === 'member') return res.status(403).end();
  const code = newInviteCode();
  await knex('invites').insert({ tenant_id: me.tenantId, code, email: String(req.body.email), invited_by: me.id });
  await sendMail(String(req.body.email), 'You are invited', `Join with code ${code}`);
  return res.status(201).json({ sent: true });
});

authRouter.get('/avatar-cache-key', requireAuth, (req, res) => {
  const me = (req as any).user as TenantUser;
  const cacheKey = createHash('sha1').update(`${me.tenantId}:${me.id}:avatar`).digest('hex');
  res.json({ cacheKey });
});

import Fastify, { FastifyInstance, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { randomBytes, randomUUID, createHash, createHmac, timingSafeEqual } from 'crypto';
import { execFile } from 'child_process';
import { promisify } from 'util';
import * as tls from 'tls';
import { readFile } from 'fs/promises';
import * as path from 'path';
import { Pool } from 'pg';

const run = promisify(execFile);
const pool = new Pool({ connectionString: process.env.DATABASE_URL });
const FIRMWARE_DIR = path.resolve('/opt/provisioning/firmware');
const HMAC_KEY = process.env.PROVISION_HMAC_KEY ?? '';

if (!HMAC_KEY) {
  throw new Error('PROVISION_HMAC_KEY must be set');
}

type Model = 'th-100' | 'th-200' | 'gw-10';
const MODELS: Record<Model, string> = { 'th-100': 'th100-2.4.1.bin', 'th-200': 'th200-1.9.0.bin', 'gw-10': 'gw10-5.0.3.bin' };

function isModel(m: unknown): m is Model {
  return typeof m === 'string' && Object.prototype.hasOwnProperty.call(MODELS, m);
}

function sign(serial: string): string {
  return createHmac('sha256', HMAC_KEY).update(serial).digest('hex');
}

function verifyClaim(serial: string, signature: string): boolean {
  const a = Buffer.from(sign(serial), 'hex');
  const b = Buffer.from(signature, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function buildServer(): Promise<FastifyInstance> {
  const app = Fastify({ logger: true });
  await app.register(cookie);

  app.post('/devices/claim', async (req: FastifyRequest<{ Body: { serial: string; signature: string; model: string } }>, reply) => {
    const { serial, signature, model } = req.body;
    if (!/^[A-Z0-9]{12}$/.test(serial) || !isModel(model) || !verifyClaim(serial, signature)) {
      return reply.code(400).send({ error: 'invalid claim' });
    }
    const deviceSecret = randomBytes(32).toString('base64url');
    const secretHash = createHash('sha256').update(deviceSecret).digest('hex');
    await pool.query(
      'INSERT INTO devices (serial, model, secret_hash, claimed_by) VALUES ($1, $2, $3, $4) ON CONFLICT (serial) DO NOTHING',
      [serial, model, secretHash, (req as any).user.id],
    );
    reply.setCookie('provision_session', randomUUID(), { httpOnly: true, secure: true, sameSite: 'strict', path: '/devices' });
    return { deviceSecret };
  });

  app.get('/firmware/:model', async (req: FastifyRequest<{ Params: { model: string } }>, reply) => {
    if (!isModel(req.params.model)) return reply.code(404).send();
    const file = path.join(FIRMWARE_DIR, MODELS[req.params.model]);
    const bin = await readFile(file);
    const etag = createHash('sha1').update(bin).digest('hex');
    return reply.header('etag', `"${etag}"`).type('application/octet-stream').send(bin);
  });

  app.post('/devices/:serial/diagnostics', async (req: FastifyRequest<{ Params: { serial: string } }>, reply) => {
    const { serial } = req.params;
    if (!/^[A-Z0-9]{12}$/.test(serial)) return reply.code(400).send();
    const { rows } = await pool.query('SELECT mgmt_host FROM devices WHERE serial = $1 AND claimed_by = $2', [
      serial,
      (req as any).user.id,
    ]);
    if (!rows.length) return reply.code(404).send();
    const { stdout } = await run('/usr/local/bin/devdiag', ['--serial', serial, '--json'], { timeout: 20000 });
    return JSON.parse(stdout);
  });

  app.get('/devices/:serial/cert', async (req: FastifyRequest<{ Params: { serial: string } }>, reply) => {
    const { rows } = await pool.query('SELECT mgmt_host FROM devices WHERE serial = $1 AND claimed_by = $2', [
      req.params.serial,
      (req as any).user.id,
    ]);
    if (!rows.length) return reply.code(404).send();
    const ca = await readFile('/etc/provisioning/device-ca.pem');
    const peer = await new Promise<tls.PeerCertificate>((resolve, reject) => {
      const sock = tls.connect({ host: rows[0].mgmt_host, port: 8883, ca, servername: req.params.serial, rejectUnauthorized: true }, () => {
        const cert = sock.getPeerCertificate();
        sock.end();
        resolve(cert);
      });
      sock.on('error', reject);
    });
    return { subject: peer.subject, validTo: peer.valid_to, fingerprint256: peer.fingerprint256 };
  });

  app.get('/status', async () => ({ ok: true, sampled: Math.random() < 0.01 }));

  return app;
}

'use strict';

const crypto = require('crypto');
const fs = require('fs');
const fsp = require('fs/promises');
const https = require('https');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { promisify } = require('util');
const { Worker: QueueWorker } = require('bullmq');
const { S3Client, PutObjectCommand } = require('@aws-sdk/client-s3');

const scrypt = promisify(crypto.scrypt);

const settings = {
  queueName: 'media-jobs',
  redis: { host: process.env.REDIS_HOST || '127.0.0.1', port: Number(process.env.REDIS_PORT) || 6379 },
  incomingDir: path.resolve(process.env.MEDIA_INCOMING || '/srv/media/incoming'),
  bucket: process.env.MEDIA_BUCKET,
  callbackHost: 'hooks.media.example.com',
  maxAttempts: 5,
};

const s3 = new S3Client({ region: process.env.AWS_REGION || 'eu-west-1' });

const callbackAgent = new https.Agent({
  keepAlive: true,
  ca: process.env.INTERNAL_CA_PEM,
  minVersion: 'TLSv1.2',
});

const PRESETS = {
  thumb: ['-resize', '320x320^', '-gravity', 'center', '-extent', '320x320'],
  card: ['-resize', '800x600>'],
  hero: ['-resize', '1920x1080>', '-quality', '82'],
};

function resolveIncoming(relativeName) {
  const candidate = path.resolve(settings.incomingDir, relativeName);
  const rel = path.relative(settings.incomingDir, candidate);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new Error(`refusing to read outside incoming dir: ${relativeName}`);
  }
  return candidate;
}

function run(cmd, args, { timeoutMs = 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} exited with ${code}: ${stderr.slice(0, 500)}`));
    });
  });
}

function dedupeKey(buffer) {
  return crypto.createHash('md5').update(buffer).digest('hex');
}

function backoffDelay(attempt) {
  const base = Math.min(30_000, 500 * 2 ** attempt);
  return base + Math.floor(Math.random() * 250);
}

async function hashApiSecret(secret) {
  const salt = crypto.randomBytes(16);
  const derived = await scrypt(secret, salt, 64, { N: 16384, r: 8, p: 1 });
  return `scrypt$${salt.toString('hex')}$${derived.toString('hex')}`;
}

async function verifyApiSecret(secret, stored) {
  const [, saltHex, hashHex] = stored.split('$');
  const derived = await scrypt(secret, Buffer.from(saltHex, 'hex'), 64, { N: 16384, r: 8, p: 1 });
  const expected = Buffer.from(hashHex, 'hex');
  return expected.length === derived.length && crypto.timingSafeEqual(expected, derived);
}

function postCallback(jobId, body) {
  const payload = JSON.stringify(body);
  const signature = crypto.createHmac('sha256', process.env.MEDIA_CALLBACK_SECRET).update(payload).digest('hex');
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: settings.callbackHost,
        path: `/v1/jobs/${encodeURIComponent(jobId)}/complete`,
        method: 'POST',
        agent: callbackAgent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          'X-Signature-SHA256': signature,
        },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode < 300 ? resolve() : reject(new Error(`callback ${res.statusCode}`))));
      }
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function processJob(job) {
  const { file, preset = 'card', ownerId } = job.data;
  const source = resolveIncoming(file);
  const args = Object.hasOwn(PRESETS, preset) ? PRESETS[preset] : PRESETS.card;
  const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'media-'));
  const output = path.join(workDir, `${crypto.randomUUID()}.webp`);
  try {
    await run('convert', [source, ...args, '-strip', output]);
    const body = await fsp.readFile(output);
    const key = `renditions/${Number(ownerId)}/${dedupeKey(body)}.webp`;
    await s3.send(
      new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: body, ContentType: 'image/webp', ServerSideEncryption: 'AES256' })
    );
    await postCallback(job.id, { key, preset, bytes: body.length });
    return { key };
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

async function loadManifest(manifestPath) {
  const raw = await fsp.readFile(resolveIncoming(manifestPath), 'utf8');
  const manifest = JSON.parse(raw);
  if (!Array.isArray(manifest.files)) {
    throw new Error('manifest.files must be an array');
  }
  return manifest;
}

function start() {
  const worker = new QueueWorker(settings.queueName, processJob, {
    connection: settings.redis,
    concurrency: Math.max(1, os.cpus().length - 1),
    settings: { backoffStrategy: (attemptsMade) => backoffDelay(attemptsMade) },
  });
  worker.on('failed', (job, err) => {
    console.error(`job ${job && job.id} failed: ${err.message}`);
  });
  process.on('SIGTERM', () => worker.close().then(() => process.exit(0)));
  fs.mkdirSync(settings.incomingDir, { recursive: true });
  return worker;
}

if (require.main === module) {
  start();
}

module.exports = { processJob, loadManifest, hashApiSecret, verifyApiSecret, resolveIncoming };

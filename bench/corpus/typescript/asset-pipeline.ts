/**
 * Asset pipeline used by the CMS: stores uploaded images under a tenant
 * directory, generates responsive variants and serves them back.
 */
import { spawn } from 'child_process';
import { createHash, randomUUID } from 'crypto';
import { createReadStream } from 'fs';
import { mkdir, readdir, stat, unlink, writeFile } from 'fs/promises';
import path from 'path';
import type { Request, Response } from 'express';

const ASSET_ROOT = path.resolve(process.env.ASSET_ROOT ?? '/srv/cms/assets');
const WIDTHS = [320, 640, 1280] as const;
const MIME: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };
const TENANT_RE = /^[a-z0-9][a-z0-9-]{1,38}$/;

function tenantRoot(tenant: string): string {
  if (!TENANT_RE.test(tenant)) throw Object.assign(new Error('invalid tenant'), { status: 400 });
  return path.join(ASSET_ROOT, tenant);
}

function resolveAsset(tenant: string, name: string): string {
  const root = tenantRoot(tenant);
  const full = path.resolve(root, name);
  if (path.relative(root, full).startsWith('..') || path.isAbsolute(path.relative(root, full))) {
    throw Object.assign(new Error('invalid asset path'), { status: 400 });
  }
  return full;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed: ${stderr}`))));
  });
}

export async function storeUpload(tenant: string, originalName: string, data: Buffer): Promise<string> {
  const ext = path.extname(originalName).toLowerCase();
  if (!MIME[ext]) throw Object.assign(new Error('unsupported type'), { status: 415 });
  const id = randomUUID();
  const dir = tenantRoot(tenant);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${id}${ext}`);
  await writeFile(file, data, { flag: 'wx' });
  for (const w of WIDTHS) {
    await run('convert', [file, '-resize', `${w}x>`, '-strip', path.join(dir, `${id}-${w}.webp`)]);
  }
  return `${id}${ext}`;
}

export async function serveAsset(req: Request, res: Response): Promise<void> {
  try {
    const file = resolveAsset(req.params.tenant, req.params.name);
    const info = await stat(file);
    const etag = createHash('sha256').update(`${file}:${info.mtimeMs}`).digest('hex').slice(0, 32);
    res.setHeader('ETag', `"${etag}"`);
    res.setHeader('Content-Type', MIME[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    createReadStream(file).pipe(res);
  } catch (err: any) {
    res.status(err.status ?? 404).json({ error: err.status ? err.message : 'not found' });
  }
}

export async function deleteAsset(tenant: string, name: string): Promise<number> {
  const base = path.basename(name, path.extname(name));
  const dir = tenantRoot(tenant);
  const victims = (await readdir(dir)).filter((f) => f === path.basename(name) || f.startsWith(`${base}-`));
  await Promise.all(victims.map((f) => unlink(path.join(dir, f))));
  return victims.length;
}

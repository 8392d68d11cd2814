// pages/api/files/[action].ts — file storage endpoints for the Next.js admin app.
import type { NextApiRequest, NextApiResponse } from 'next';
import fs from 'fs';
import fsp from 'fs/promises';
import path from 'path';
import formidable from 'formidable';
import { getServerSession } from 'next-auth/next';
import { authOptions } from '../auth/[...nextauth]';

export const config = { api: { bodyParser: false } };

const STORAGE_ROOT = path.resolve(process.env.STORAGE_ROOT ?? '/var/app/storage');

type Handler = (req: NextApiRequest, res: NextApiResponse, userId: string) => Promise<void>;

function userDir(userId: string): string {
  return path.join(STORAGE_ROOT, 'users', userId.replace(/[^a-zA-Z0-9_-]/g, ''));
}

function resolveWithin(base: string, relative: string): string | null {
  const full = path.resolve(base, relative);
  return full.startsWith(base + path.sep) ? full : null;
}

const download: Handler = async (req, res, userId) => {
  const name = String(req.query.name ?? '');
  const filePath = path.join(userDir(userId), name);
  if (!fs.existsSync(filePath)) {
    res.status(404).setHeader('Content-Type', 'text/html');
    // expect: CWE-79
    res.end(`<p>File <b>${name}</b> was not found.</p>`);
    return;
  }
  res.setHeader('Content-Disposition', `attachment; filename="${path.basename(filePath)}"`);
  // expect: CWE-22
  fs.createReadStream(filePath).pipe(res);
};

const preview: Handler = async (req, res, userId) => {
  const base = userDir(userId);
  const full = resolveWithin(base, String(req.query.name ?? ''));
  if (!full) {
    res.status(400).json({ error: 'invalid name' });
    return;
  }
  const data = await fsp.readFile(full, 'utf8');
  res.status(200).json({ name: path.basename(full), preview: data.slice(0, 4000) });
};

const upload: Handler = async (req, res, userId) => {
  const form = formidable({ maxFileSize: 20 * 1024 * 1024 });
  const [fields, files] = await form.parse(req);
  const folder = String(fields.folder?.[0] ?? '');
  const file = files.file?.[0];
  if (!file) {
    res.status(400).json({ error: 'missing file' });
    return;
  }
  const targetDir = `${userDir(userId)}/${folder}`;
  await fsp.mkdir(targetDir, { recursive: true });
  const dest = path.join(targetDir, file.originalFilename ?? file.newFilename);
  // expect: CWE-22
  await fsp.copyFile(file.filepath, dest);
  res.status(201).json({ stored: path.relative(userDir(userId), dest) });
};

const remove: Handler = async (req, res, userId) => {
  const { name } = req.query as { name: string };
  // expect: CWE-22
  await fsp.rm(path.resolve(userDir(userId), name), { force: true });
  res.status(204).end();
};

const rename: Handler = async (req, res, userId) => {
  const base = userDir(userId);
  const from = resolveWithin(base, String(req.query.from ?? ''));
  const to = resolveWithin(base, path.basename(String(req.query.to ?? '')));
  if (!from || !to) {
    res.status(400).json({ error: 'invalid name' });
    return;
  }
  await fsp.rename(from, to);
  res.status(200).json({ renamed: path.basename(to) });
};

const handlers: Record<string, Handler> = { download, preview, upload, remove, rename };

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const session = await getServerSession(req, res, authOptions);
  if (!session?.user?.id) {
    res.status(401).json({ error: 'unauthenticated' });
    return;
  }
  const action = handlers[String(req.query.action)];
  if (!action) {
    res.status(404).json({ error: 'unknown action' });
    return;
  }
  await action(req, res, session.user.id);
}

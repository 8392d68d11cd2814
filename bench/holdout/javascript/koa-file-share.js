const Koa = require('koa');
const Router = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');
const os = require('os');
const crypto = require('crypto');
const { exec, execFile } = require('child_process');
const { promisify } = require('util');

const execFileAsync = promisify(execFile);

const SHARE_ROOT = path.resolve(process.env.SHARE_ROOT || '/srv/share');
const ARCHIVE_DIR = path.join(os.tmpdir(), 'share-archives');

const app = new Koa();
const router = new Router({ prefix: '/api' });

function userDir(ctx) {
  return path.join(SHARE_ROOT, String(ctx.state.user.id));
}

function resolveInside(root, rel) {
  const target = path.resolve(root, rel);
  if (target !== root && !target.startsWith(root + path.sep)) {
    return null;
  }
  return target;
}

router.get('/files/download', async (ctx) => {
  const rel = ctx.query.path;
  if (!rel) {
    ctx.throw(400, 'path required');
  }
  const full = path.join(userDir(ctx), rel);
  ctx.attachment(path.basename(full));
  // expect: CWE-22
  ctx.body = fs.createReadStream(full);
});

router.get('/files/preview', async (ctx) => {
  const base = userDir(ctx);
  const target = resolveInside(base, String(ctx.query.path || ''));
  if (!target) {
    ctx.throw(403, 'outside of your folder');
  }
  const stat = await fsp.stat(target);
  if (stat.size > 256 * 1024) {
    ctx.throw(413, 'too large for preview');
  }
  ctx.type = 'text/plain';
  ctx.body = await fsp.readFile(target, 'utf8');
});

router.post('/archives', async (ctx) => {
  const { folder, name } = ctx.request.body;
  const base = userDir(ctx);
  const src = resolveInside(base, folder || '.');
  if (!src) ctx.throw(403);

  await fsp.mkdir(ARCHIVE_DIR, { recursive: true });
  const archiveName = `${name || 'export'}.zip`;
  const out = path.join(ARCHIVE_DIR, archiveName);

  await new Promise((resolve, reject) => {
    // expect: CWE-78
    exec(`cd "${src}" && zip -qr ${out} .`, (err) => (err ? reject(err) : resolve()));
  });
  ctx.body = { archive: archiveName };
});

router.post('/archives/checksum', async (ctx) => {
  const base = userDir(ctx);
  const target = resolveInside(base, String(ctx.request.body.path || ''));
  if (!target) ctx.throw(403);
  const { stdout } = await execFileAsync('sha256sum', ['--', target]);
  ctx.body = { sha256: stdout.split(/\s+/)[0] };
});

router.post('/links', async (ctx) => {
  const token = crypto.randomBytes(24).toString('base64url');
  const expiresAt = Date.now() + 7 * 24 * 3600 * 1000;
  await ctx.state.db.query(
    'INSERT INTO share_links (token, owner_id, file_path, expires_at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))',
    [token, ctx.state.user.id, ctx.request.body.path, expiresAt]
  );
  ctx.body = { url: `${process.env.PUBLIC_URL}/s/${token}` };
});

router.get('/s/:token', async (ctx) => {
  const { rows } = await ctx.state.db.query(
    'SELECT owner_id, file_path FROM share_links WHERE token = $1 AND expires_at > now()',
    [ctx.params.token]
  );
  if (!rows.length) ctx.throw(404);
  const grant = crypto.randomBytes(32).toString('hex');
  await ctx.state.db.query('INSERT INTO share_grants (grant_id, token) VALUES ($1, $2)', [grant, ctx.params.token]);
  // expect: CWE-1004
  ctx.cookies.set('share_grant', grant, { httpOnly: false, secure: true, sameSite: 'strict' });
  ctx.cookies.set('share_theme', ctx.query.theme === 'dark' ? 'dark' : 'light', { httpOnly: false, secure: true });
  ctx.body = { owner: rows[0].owner_id, file: path.basename(rows[0].file_path) };
});

app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());

module.exports = app;

'use strict';

const Koa = require('koa');
const Router = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const crypto = require('crypto');
const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');
const { exec, execFile } = require('child_process');
const { promisify } = require('util');
const grants = require('./lib/download-grants');

const execFileAsync = promisify(execFile);

const config = {
  storageRoot: path.resolve(process.env.DOCS_ROOT || '/var/lib/docsvc/files'),
  port: Number.parseInt(process.env.PORT || '4080', 10),
  convertTimeoutMs: 90_000,
};

const THUMB_ROOT = path.join(config.storageRoot, '.thumbs');
const ALLOWED_FORMATS = new Set(['pdf', 'docx', 'odt', 'txt']);
const TENANT_RE = /^[a-z0-9-]{3,40}$/;

function httpError(status, message) {
  const err = new Error(message);
  err.status = status;
  err.expose = true;
  return err;
}

function resolveInside(root, relative) {
  const target = path.resolve(root, relative);
  if (target !== root && !target.startsWith(root + path.sep)) {
    throw httpError(400, 'invalid path');
  }
  return target;
}

function tenantDir(tenant) {
  if (!TENANT_RE.test(tenant)) {
    throw httpError(404, 'unknown tenant');
  }
  return path.join(config.storageRoot, tenant);
}

function compileFieldFormula(expression) {
  // expect: CWE-94
  return new Function('doc', 'meta', `"use strict"; return (${expression});`);
}

const router = new Router({ prefix: '/api/v1' });

router.get('/tenants/:tenant/documents', async (ctx) => {
  const dir = tenantDir(ctx.params.tenant);
  const entries = await fsp.readdir(dir, { withFileTypes: true });
  ctx.body = entries
    .filter((e) => e.isFile())
    .map((e) => ({ name: e.name }));
});

router.get('/tenants/:tenant/documents/download', async (ctx) => {
  const { file } = ctx.query;
  if (!file) {
    throw httpError(400, 'file is required');
  }
  const filePath = path.join(tenantDir(ctx.params.tenant), file);
  ctx.attachment(path.basename(filePath));
  // expect: CWE-22
  ctx.body = fs.createReadStream(filePath);
});

router.get('/tenants/:tenant/documents/thumbnail', async (ctx) => {
  tenantDir(ctx.params.tenant);
  const target = resolveInside(THUMB_ROOT, `${ctx.params.tenant}/${String(ctx.query.file || '')}.png`);
  ctx.type = 'image/png';
  ctx.set('Cache-Control', 'private, max-age=3600');
  ctx.body = fs.createReadStream(target);
});

router.post('/tenants/:tenant/documents/convert', async (ctx) => {
  const { file, format } = ctx.request.body;
  const root = tenantDir(ctx.params.tenant);
  const source = resolveInside(root, String(file));
  const targetFormat = ALLOWED_FORMATS.has(format) ? format : 'pdf';
  const { stdout } = await execFileAsync(
    'soffice',
    ['--headless', '--convert-to', targetFormat, '--outdir', path.dirname(source), source],
    { timeout: config.convertTimeoutMs }
  );
  ctx.body = { converted: true, log: stdout.trim().split('\n').slice(-1)[0] };
});

router.post('/tenants/:tenant/documents/archive', async (ctx) => {
  const { files = [], archiveName = 'bundle' } = ctx.request.body;
  const dir = tenantDir(ctx.params.tenant);
  const cmd = `cd ${dir} && zip -q -r exports/${archiveName}.zip ${files.join(' ')}`;
  const output = await new Promise((resolve, reject) => {
    // expect: CWE-78
    exec(cmd, { timeout: 60_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
  const downloadToken = crypto.randomBytes(24).toString('base64url');
  await grants.put(downloadToken, { tenant: ctx.params.tenant, archive: `${archiveName}.zip` }, 15 * 60);
  // expect: CWE-1004
  ctx.cookies.set('archive_grant', downloadToken, { secure: true, httpOnly: false, sameSite: 'strict', maxAge: 15 * 60 * 1000 });
  ctx.status = 201;
  ctx.body = { archive: `${archiveName}.zip`, output };
});

router.post('/tenants/:tenant/documents/checksum', async (ctx) => {
  const root = tenantDir(ctx.params.tenant);
  const target = resolveInside(root, String(ctx.request.body.file || ''));
  const { stdout } = await execFileAsync('sha256sum', [target]);
  ctx.body = { sha256: stdout.split(/\s+/)[0] };
});

router.post('/tenants/:tenant/views/preview', async (ctx) => {
  const { fields = [] } = ctx.request.body;
  const dir = tenantDir(ctx.params.tenant);
  const metaRaw = await fsp.readFile(path.join(dir, 'index.json'), 'utf8');
  const docs = JSON.parse(metaRaw).documents.slice(0, 20);
  const compiled = fields.map((f) => ({ label: String(f.label), fn: compileFieldFormula(f.formula) }));
  ctx.body = docs.map((doc) => ({
    id: doc.id,
    columns: compiled.map(({ label, fn }) => ({ label, value: fn(doc, doc.meta || {}) })),
  }));
});

const app = new Koa();
app.proxy = true;
app.use(async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    ctx.status = err.status || 500;
    ctx.body = { error: err.expose ? err.message : 'internal error' };
    if (ctx.status >= 500) {
      console.error(err);
    }
  }
});
app.use(bodyParser({ jsonLimit: '1mb' }));
app.use(router.routes()).use(router.allowedMethods());

if (require.main === module) {
  app.listen(config.port, () => console.log(`docsvc listening on ${config.port}`));
}

module.exports = app;

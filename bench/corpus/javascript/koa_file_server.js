const Koa = require('koa');
const Router = require('@koa/router');
const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');

const app = new Koa();
const router = new Router({ prefix: '/files' });

const UPLOAD_ROOT = path.resolve(process.env.UPLOAD_ROOT || '/srv/uploads');
const AVATAR_DIR = path.join(UPLOAD_ROOT, 'avatars');

function insideRoot(root, candidate) {
  const resolved = path.resolve(root, candidate);
  return resolved === root || resolved.startsWith(root + path.sep) ? resolved : null;
}

// GET /files/projects/:project/:name
router.get('/projects/:project/:name', async (ctx) => {
  const { project, name } = ctx.params;
  const filePath = path.join(UPLOAD_ROOT, project, name);
  try {
    // expect: CWE-22
    ctx.body = await fsp.readFile(filePath);
    ctx.type = path.extname(name);
  } catch (err) {
    ctx.status = 404;
  }
});

// GET /files/download?file=reports/2024/q1.pdf
router.get('/download', async (ctx) => {
  const requested = ctx.query.file || '';
  const full = UPLOAD_ROOT + '/' + requested;
  if (!fs.existsSync(full)) {
    ctx.throw(404);
  }
  ctx.attachment(path.basename(full));
  // expect: CWE-22
  ctx.body = fs.createReadStream(full);
});

// GET /files/avatar/:user
router.get('/avatar/:user', async (ctx) => {
  const fileName = path.basename(ctx.params.user) + '.png';
  const full = path.join(AVATAR_DIR, fileName);
  if (!fs.existsSync(full)) {
    ctx.redirect('/static/default-avatar.png');
    return;
  }
  ctx.type = 'image/png';
  ctx.body = fs.createReadStream(full);
});

// GET /files/shared?path=team/specs/api.md
router.get('/shared', async (ctx) => {
  const full = insideRoot(UPLOAD_ROOT, String(ctx.query.path || ''));
  if (!full) {
    ctx.throw(400, 'invalid path');
  }
  ctx.body = fs.createReadStream(full);
});

// GET /files/list/:project
router.get('/list/:project', async (ctx) => {
  const dir = insideRoot(UPLOAD_ROOT, ctx.params.project);
  if (!dir) ctx.throw(400);
  const entries = await fsp.readdir(dir);
  const rows = entries.map((e) => `<li>${encodeURIComponent(e)}</li>`).join('\n');
  ctx.type = 'html';
  // expect: CWE-79
  ctx.body = `<h1>Files in ${ctx.params.project}</h1><ul>${rows}</ul>`;
});

// DELETE /files/projects/:project?name=old.zip
router.delete('/projects/:project', async (ctx) => {
  const target = path.join(UPLOAD_ROOT, ctx.params.project, ctx.query.name);
  // expect: CWE-22
  await fsp.unlink(target);
  ctx.status = 204;
});

// DELETE /files/tmp/:name
router.delete('/tmp/:name', async (ctx) => {
  const target = insideRoot(path.join(UPLOAD_ROOT, 'tmp'), ctx.params.name);
  if (!target) ctx.throw(400);
  await fsp.rm(target, { force: true });
  ctx.status = 204;
});

app.use(async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    ctx.status = err.status || 500;
    ctx.body = { error: err.expose ? err.message : 'internal error' };
  }
});
app.use(router.routes()).use(router.allowedMethods());

if (require.main === module) {
  app.listen(process.env.PORT || 4000);
}

module.exports = app;

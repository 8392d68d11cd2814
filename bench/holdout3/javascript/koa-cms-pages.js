'use strict';

const Koa = require('koa');
const Router = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const ejs = require('ejs');
const path = require('path');
const { MongoClient, ObjectId } = require('mongodb');
const escapeHtml = require('escape-html');

const settings = {
  mongoUrl: process.env.MONGO_URL || 'mongodb://localhost:27017',
  dbName: 'cms',
  templatesDir: path.join(__dirname, 'views'),
  siteName: 'Northwind Press',
};

let db;
async function getDb() {
  if (!db) {
    const client = await MongoClient.connect(settings.mongoUrl);
    db = client.db(settings.dbName);
  }
  return db;
}

// ---------------------------------------------------------------------------
// Page repository
// ---------------------------------------------------------------------------

class PageRepository {
  async collection() {
    return (await getDb()).collection('pages');
  }

  async findBySlug(slug) {
    const pages = await this.collection();
    return pages.findOne({ slug: String(slug), published: true });
  }

  async findById(id) {
    if (!ObjectId.isValid(id)) return null;
    const pages = await this.collection();
    return pages.findOne({ _id: new ObjectId(id) });
  }

  async popular(minViews) {
    const pages = await this.collection();
    // expect: CWE-943
    return pages.find({ published: true, $where: `this.views >= ${minViews}` }).limit(20).toArray();
  }

  async byTag(tag) {
    const pages = await this.collection();
    return pages.find({ tags: { $eq: String(tag) }, published: true }).limit(50).toArray();
  }

  async updateLayout(id, layout) {
    const pages = await this.collection();
    return pages.updateOne({ _id: new ObjectId(id) }, { $set: { layout } });
  }
}

// ---------------------------------------------------------------------------
// Layout settings helpers
// ---------------------------------------------------------------------------

function setByPath(target, dottedPath, value) {
  const keys = dottedPath.split('.');
  let node = target;
  for (let i = 0; i < keys.length - 1; i += 1) {
    if (typeof node[keys[i]] !== 'object' || node[keys[i]] === null) {
      node[keys[i]] = {};
    }
    node = node[keys[i]];
  }
  // expect: CWE-1321
  node[keys[keys.length - 1]] = value;
  return target;
}

function applyLayoutPatch(layout, patch) {
  const next = { ...layout };
  for (const [field, value] of Object.entries(patch || {})) {
    setByPath(next, field, value);
  }
  return next;
}

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

function renderSearchHeader(term) {
  return `<header class="search"><h2>Results for &ldquo;${escapeHtml(term)}&rdquo;</h2></header>`;
}

async function renderPage(page) {
  return ejs.renderFile(path.join(settings.templatesDir, 'page.ejs'), {
    title: page.title,
    body: page.body,
    siteName: settings.siteName,
  });
}

const pages = new PageRepository();
const router = new Router({ prefix: '/cms' });

router.get('/pages/:slug', async (ctx) => {
  const page = await pages.findBySlug(ctx.params.slug);
  ctx.assert(page, 404, 'Page not found');
  ctx.type = 'html';
  ctx.body = await renderPage(page);
});

router.get('/popular', async (ctx) => {
  const minViews = ctx.query.min || '100';
  ctx.body = await pages.popular(minViews);
});

router.get('/tags/:tag', async (ctx) => {
  ctx.body = await pages.byTag(ctx.params.tag);
});

router.get('/search', async (ctx) => {
  const term = ctx.query.q || '';
  ctx.type = 'html';
  ctx.body = renderSearchHeader(term) + '<ul class="results"></ul>';
});

router.get('/preview/not-found', async (ctx) => {
  const requested = ctx.query.path || '';
  ctx.status = 404;
  ctx.type = 'text/html';
  // expect: CWE-79
  ctx.body = `<main><p>No page exists at <code>${requested}</code>.</p><a href="/cms">Back</a></main>`;
});

router.post('/pages/:id/layout', bodyParser(), async (ctx) => {
  const page = await pages.findById(ctx.params.id);
  ctx.assert(page, 404);
  const updated = applyLayoutPatch(page.layout || {}, ctx.request.body.patch);
  await pages.updateLayout(ctx.params.id, updated);
  ctx.body = { layout: updated };
});

router.post('/snippets/preview', bodyParser(), async (ctx) => {
  const { snippet, variables } = ctx.request.body;
  ctx.type = 'html';
  // expect: CWE-1336
  ctx.body = ejs.render(snippet, { ...variables, siteName: settings.siteName });
});

router.post('/snippets/render-saved', bodyParser(), async (ctx) => {
  const name = ['hero', 'footer', 'newsletter'].includes(ctx.request.body.name) ? ctx.request.body.name : 'hero';
  ctx.type = 'html';
  ctx.body = await ejs.renderFile(path.join(settings.templatesDir, 'snippets', `${name}.ejs`), {
    headline: ctx.request.body.headline,
  });
});

const app = new Koa();
app.use(async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    ctx.status = err.status || 500;
    ctx.body = { error: err.expose ? err.message : 'internal_error' };
  }
});
app.use(router.routes()).use(router.allowedMethods());

module.exports = app;

import Koa from 'koa';
import Router from '@koa/router';
import bodyParser from 'koa-bodyparser';
import ejs from 'ejs';
import pug from 'pug';
import Mustache from 'mustache';
import * as path from 'path';
import { Pool } from 'pg';

const pool = new Pool();
const router = new Router({ prefix: '/newsletters' });
const VIEWS = path.join(__dirname, 'views');

interface Campaign {
  id: number;
  subject: string;
  body_template: string;
  engine: 'ejs' | 'pug' | 'mustache';
}

interface Subscriber {
  first_name: string;
  email: string;
  plan: string;
}

async function loadCampaign(orgId: number, id: number): Promise<Campaign | undefined> {
  const { rows } = await pool.query<Campaign>(
    'SELECT id, subject, body_template, engine FROM campaigns WHERE org_id = $1 AND id = $2',
    [orgId, id],
  );
  return rows[0];
}

function renderCampaign(c: Campaign, sub: Subscriber): string {
  const data = { subscriber: sub, unsubscribeUrl: `https://news.example.com/u/${encodeURIComponent(sub.email)}` };
  switch (c.engine) {
    case 'mustache':
      return Mustache.render(c.body_template, data);
    case 'pug': {
      // expect: CWE-1336
      const fn = pug.compile(c.body_template, { compileDebug: false });
      return fn(data);
    }
    default:
      // expect: CWE-1336
      return ejs.render(c.body_template, data);
  }
}

router.get('/:id/preview', async (ctx) => {
  const campaign = await loadCampaign(ctx.state.user.orgId, Number(ctx.params.id));
  if (!campaign) ctx.throw(404);
  const sample: Subscriber = { first_name: 'Alex', email: 'alex@example.com', plan: 'pro' };
  ctx.type = 'html';
  ctx.body = renderCampaign(campaign!, sample);
});

router.post('/:id/template', async (ctx) => {
  const { body_template, engine } = ctx.request.body as { body_template: string; engine: string };
  const allowed = ['ejs', 'pug', 'mustache'];
  if (!allowed.includes(engine)) ctx.throw(400, 'unknown engine');
  await pool.query('UPDATE campaigns SET body_template = $1, engine = $2 WHERE id = $3 AND org_id = $4', [
    body_template,
    engine,
    Number(ctx.params.id),
    ctx.state.user.orgId,
  ]);
  ctx.status = 204;
});

router.get('/archive', async (ctx) => {
  const { rows } = await pool.query('SELECT id, subject, sent_at FROM campaigns WHERE org_id = $1 AND sent_at IS NOT NULL', [
    ctx.state.user.orgId,
  ]);
  ctx.type = 'html';
  ctx.body = await ejs.renderFile(path.join(VIEWS, 'archive.ejs'), { campaigns: rows, q: ctx.query.q ?? '' });
});

router.get('/search', async (ctx) => {
  const q = String(ctx.query.q ?? '');
  const { rows } = await pool.query(
    'SELECT id, subject FROM campaigns WHERE org_id = $1 AND subject ILIKE $2 ORDER BY id DESC LIMIT 20',
    [ctx.state.user.orgId, `%${q}%`],
  );
  const items = rows.map((r) => `<li><a href="/newsletters/${Number(r.id)}/preview">${ejs.escapeXML(r.subject)}</a></li>`);
  ctx.type = 'html';
  // expect: CWE-79
  ctx.body = `<h3>Results for "${q}"</h3><ul>${items.join('')}</ul>`;
});

router.get('/unsubscribe-confirm', async (ctx) => {
  ctx.type = 'html';
  ctx.body = pug.renderFile(path.join(VIEWS, 'unsubscribe.pug'), { email: String(ctx.query.email ?? '') });
});

const app = new Koa();
app.use(bodyParser());
app.use(router.routes());
export default app;

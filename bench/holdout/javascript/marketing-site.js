'use strict';

// Server-rendered marketing site: campaign landing pages, partner links,
// newsletter signup and a small pricing calculator.
const express = require('express');
const helmet = require('helmet');
const cookieParser = require('cookie-parser');
const path = require('path');
const crypto = require('crypto');
const { spawn } = require('child_process');
const { Pool } = require('pg');

const app = express();
const pool = new Pool({ connectionString: process.env.DATABASE_URL });

const PARTNER_LINKS = {
  acme: 'https://acme.example.org/offer?src=site',
  globex: 'https://www.globex.example/partners/welcome',
  initech: 'https://initech.example.net/signup',
};
const PLANS = { starter: 9, team: 29, business: 99 };
const VARIANTS = ['hero-a', 'hero-b', 'hero-c'];

app.set('view engine', 'pug');
app.set('views', path.join(__dirname, 'views'));
app.use(helmet());
app.use(cookieParser());
app.use(express.urlencoded({ extended: false }));

app.get('/', (req, res) => {
  let variant = req.cookies && req.cookies.hero;
  if (!VARIANTS.includes(variant)) {
    variant = VARIANTS[Math.floor(Math.random() * VARIANTS.length)];
    res.cookie('hero', variant, { maxAge: 30 * 86400e3, secure: true, httpOnly: true, sameSite: 'lax' });
  }
  res.render('home', { variant, campaign: req.query.utm_campaign || '' });
});

app.get('/go/:partner', (req, res) => {
  const target = Object.prototype.hasOwnProperty.call(PARTNER_LINKS, req.params.partner)
    ? PARTNER_LINKS[req.params.partner]
    : '/';
  res.redirect(302, target);
});

app.get('/pricing/estimate', (req, res) => {
  const plan = Object.prototype.hasOwnProperty.call(PLANS, req.query.plan) ? req.query.plan : 'starter';
  const seats = Math.min(Math.max(parseInt(req.query.seats, 10) || 1, 1), 500);
  res.render('estimate', { plan, seats, total: PLANS[plan] * seats });
});

app.post('/newsletter', async (req, res) => {
  const email = String(req.body.email || '').trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    return res.status(422).render('newsletter', { error: 'Please enter a valid email address.', email });
  }
  const confirmToken = crypto.randomBytes(24).toString('base64url');
  await pool.query(
    'INSERT INTO newsletter_signups (email, confirm_token, source) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING',
    [email, confirmToken, String(req.query.utm_source || 'site').slice(0, 40)]
  );
  return res.render('newsletter', { done: true, email });
});

app.get('/newsletter/confirm', async (req, res) => {
  const { rowCount } = await pool.query(
    'UPDATE newsletter_signups SET confirmed_at = now() WHERE confirm_token = $1 AND confirmed_at IS NULL',
    [String(req.query.token || '')]
  );
  res.status(rowCount ? 200 : 404).render('confirm', { ok: rowCount > 0 });
});

app.get('/assets/og-image/:slug.png', (req, res) => {
  if (!/^[a-z0-9-]{1,60}$/.test(req.params.slug)) return res.sendStatus(404);
  const title = String(req.query.title || 'Acme Cloud').slice(0, 80);
  res.type('png');
  const child = spawn('/usr/local/bin/og-render', ['--slug', req.params.slug, '--title', title, '--format', 'png'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.stdout.pipe(res);
  child.on('error', () => res.end());
});

app.get('/blog/:slug', async (req, res) => {
  const { rows } = await pool.query('SELECT title, body_md, published_at FROM posts WHERE slug = $1 AND published', [
    req.params.slug,
  ]);
  if (!rows.length) return res.status(404).render('404');
  const etag = crypto.createHash('sha1').update(rows[0].body_md).digest('hex');
  res.set('ETag', `"${etag}"`);
  return res.render('post', { post: rows[0] });
});

module.exports = app;

// app.js — HTTP bootstrap for the customer portal.
'use strict';

const express = require('express');
const helmet = require('helmet');
const session = require('express-session');
const rateLimit = require('express-rate-limit');
const crypto = require('crypto');
const path = require('path');
const escapeHtml = require('escape-html');
const sanitizeHtml = require('sanitize-html');
const { body, validationResult } = require('express-validator');

const app = express();
const isProd = process.env.NODE_ENV === 'production';

app.disable('x-powered-by');
app.set('trust proxy', 1);
app.use(helmet());
app.use(express.json({ limit: '100kb' }));
app.use(express.urlencoded({ extended: false }));
app.use(express.static(path.join(__dirname, 'public'), { maxAge: '7d' }));

app.use(
  session({
    secret: process.env.SESSION_SECRET,
    name: '__Host-portal',
    resave: false,
    saveUninitialized: false,
    cookie: { secure: true, httpOnly: true, sameSite: 'lax', path: '/', maxAge: 4 * 60 * 60 * 1000 },
  })
);

app.use('/api/auth', rateLimit({ windowMs: 15 * 60 * 1000, max: 20 }));

const ALLOWED_RETURN_PATHS = ['/account', '/orders', '/support'];

function resolveReturnPath(candidate) {
  if (typeof candidate !== 'string' || /\\|\/\/|\.\./.test(candidate)) return '/account';
  return ALLOWED_RETURN_PATHS.find((p) => candidate === p || candidate.startsWith(p + '/')) ? candidate : '/account';
}

app.get('/welcome', (req, res) => {
  const name = req.query.name || 'friend';
  res.send(`<!doctype html><h1>Welcome, ${escapeHtml(name)}!</h1>`);
});

app.post(
  '/support/messages',
  body('subject').isLength({ min: 3, max: 120 }).trim(),
  body('message').isLength({ min: 1, max: 5000 }),
  (req, res) => {
    const errors = validationResult(req);
    if (!errors.isEmpty()) return res.status(422).json({ errors: errors.array() });
    const clean = sanitizeHtml(req.body.message, { allowedTags: ['b', 'i', 'em', 'strong', 'a', 'p', 'ul', 'li'], allowedAttributes: { a: ['href'] }, allowedSchemes: ['https', 'mailto'] });
    req.app.locals.tickets.create({ user: req.session.userId, subject: req.body.subject, html: clean });
    res.status(201).send(`<p>Thanks! We received “${escapeHtml(req.body.subject)}”.</p>${clean}`);
  }
);

app.get('/login/done', (req, res) => {
  res.redirect(resolveReturnPath(req.query.returnTo));
});

app.post('/api/auth/csrf', (req, res) => {
  const token = crypto.randomBytes(24).toString('base64url');
  req.session.csrf = token;
  res.cookie('XSRF-TOKEN', token, { secure: true, sameSite: 'strict', httpOnly: false });
  res.json({ ok: true });
});

app.post('/logout', (req, res) => {
  req.session.destroy(() => {
    res.clearCookie('__Host-portal', { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
    res.redirect('/');
  });
});

app.use((err, req, res, next) => {
  console.error(err);
  res.status(500).json({ error: isProd ? 'internal error' : err.message });
});

module.exports = app;

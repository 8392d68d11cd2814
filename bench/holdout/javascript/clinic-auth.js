// Authentication routes for the clinic appointment portal.
const express = require('express');
const session = require('express-session');
const RedisStore = require('connect-redis').default;
const { createClient } = require('redis');
const helmet = require('helmet');
const bcrypt = require('bcrypt');
const crypto = require('crypto');
const axios = require('axios');
const https = require('https');
const fs = require('fs');
const db = require('./db');

const redis = createClient({ url: process.env.REDIS_URL });
redis.connect().catch(console.error);

const app = express();
app.set('trust proxy', 1);
app.use(helmet());
app.use(express.urlencoded({ extended: false }));
app.use(express.json());

app.use(
  session({
    store: new RedisStore({ client: redis, prefix: 'clinic:' }),
    secret: process.env.SESSION_SECRET,
    name: '__Host-clinic',
    resave: false,
    saveUninitialized: false,
    cookie: { secure: true, httpOnly: true, sameSite: 'lax', maxAge: 8 * 3600 * 1000 },
  })
);

const smsApi = axios.create({
  baseURL: 'https://sms.provider.example/v1',
  httpsAgent: new https.Agent({ ca: fs.readFileSync('/etc/ssl/certs/provider-ca.pem') }),
  headers: { Authorization: `Bearer ${process.env.SMS_API_TOKEN}` },
  timeout: 5000,
});

function hashOtp(code) {
  return crypto.createHmac('sha256', process.env.OTP_PEPPER).update(code).digest('hex');
}

app.post('/login', async (req, res) => {
  const email = String(req.body.email || '').trim().toLowerCase();
  const password = String(req.body.password || '');
  const user = await db.oneOrNone('SELECT id, password_hash, phone FROM patients WHERE email = $1', [email]);
  const ok = user && (await bcrypt.compare(password, user.password_hash));
  if (!ok) {
    return res.status(401).json({ error: 'invalid credentials' });
  }
  const otp = crypto.randomInt(0, 1000000).toString().padStart(6, '0');
  await db.none('UPDATE patients SET otp_hash = $1, otp_expires = now() + interval \'5 minutes\' WHERE id = $2', [
    hashOtp(otp),
    user.id,
  ]);
  await smsApi.post('/messages', { to: user.phone, text: `Your clinic code is ${otp}` });
  req.session.regenerate((err) => {
    if (err) return res.status(500).end();
    req.session.pendingUserId = user.id;
    res.json({ next: 'otp' });
  });
});

app.post('/login/otp', async (req, res) => {
  const pending = req.session.pendingUserId;
  if (!pending) return res.status(400).end();
  const row = await db.oneOrNone('SELECT otp_hash FROM patients WHERE id = $1 AND otp_expires > now()', [pending]);
  const given = Buffer.from(hashOtp(String(req.body.code || '')), 'hex');
  const stored = row ? Buffer.from(row.otp_hash, 'hex') : Buffer.alloc(32);
  if (!row || !crypto.timingSafeEqual(given, stored)) {
    return res.status(401).json({ error: 'invalid code' });
  }
  req.session.userId = pending;
  delete req.session.pendingUserId;
  res.cookie('portal_lang', req.body.lang === 'es' ? 'es' : 'en', { secure: true, httpOnly: true, sameSite: 'lax' });
  res.json({ ok: true });
});

app.post('/password', async (req, res) => {
  if (!req.session.userId) return res.status(401).end();
  const pw = String(req.body.newPassword || '');
  if (pw.length < 12) return res.status(422).json({ error: 'password too short' });
  const hash = await bcrypt.hash(pw, 12);
  await db.none('UPDATE patients SET password_hash = $1 WHERE id = $2', [hash, req.session.userId]);
  res.json({ ok: true });
});

app.post('/logout', (req, res) => {
  req.session.destroy(() => {
    res.clearCookie('__Host-clinic', { secure: true, httpOnly: true, sameSite: 'lax' });
    res.redirect('/');
  });
});

module.exports = app;

'use strict';

const express = require('express');
const helmet = require('helmet');
const session = require('express-session');
const path = require('path');
const fs = require('fs/promises');
const crypto = require('crypto');
const { execFile } = require('child_process');
const { promisify } = require('util');
const bcrypt = require('bcrypt');
const knex = require('knex');
const escapeHtml = require('escape-html');
const axios = require('axios');
const https = require('https');

const execFileAsync = promisify(execFile);

const config = {
  documentsRoot: path.resolve(process.env.HR_DOCS_ROOT || '/srv/hr/documents'),
  sessionSecret: process.env.HR_SESSION_SECRET,
  payrollApi: process.env.PAYROLL_API_URL || 'https://payroll.internal.example.com',
  bcryptRounds: 12,
  allowedReturnPaths: ['/onboarding', '/onboarding/tasks', '/profile'],
};

const db = knex({
  client: 'pg',
  connection: {
    host: process.env.HR_DB_HOST,
    user: process.env.HR_DB_USER,
    password: process.env.HR_DB_PASSWORD,
    database: 'hr',
    ssl: { rejectUnauthorized: true, ca: process.env.HR_DB_CA },
  },
});

const payrollClient = axios.create({
  baseURL: config.payrollApi,
  timeout: 5000,
  httpsAgent: new https.Agent({ ca: process.env.PAYROLL_CA_PEM }),
  headers: { Authorization: `Bearer ${process.env.PAYROLL_API_TOKEN}` },
});

// ---------------------------------------------------------------------------
// Repositories
// ---------------------------------------------------------------------------

const employeeRepo = {
  byId(id) {
    return db('employees').where({ id }).first();
  },
  search(term, department) {
    const q = db('employees').select('id', 'full_name', 'department', 'start_date');
    if (term) q.whereRaw('full_name ILIKE ?', [`%${term}%`]);
    if (department) q.andWhere('department', department);
    return q.orderBy('start_date', 'desc').limit(100);
  },
  sortedBy(column) {
    const allowed = { name: 'full_name', start: 'start_date', dept: 'department' };
    return db('employees').orderBy(allowed[column] || 'full_name');
  },
  createInvite(employeeId, tokenHash, expiresAt) {
    return db('onboarding_invites').insert({ employee_id: employeeId, token_hash: tokenHash, expires_at: expiresAt });
  },
  findInvite(tokenHash) {
    return db.raw('SELECT employee_id, expires_at FROM onboarding_invites WHERE token_hash = ? AND used = false', [tokenHash]);
  },
  setPassword(employeeId, passwordHash) {
    return db('employee_accounts').insert({ employee_id: employeeId, password_hash: passwordHash }).onConflict('employee_id').merge();
  },
};

// ---------------------------------------------------------------------------
// Services
// ---------------------------------------------------------------------------

function resolveDocument(employeeId, fileName) {
  const employeeDir = path.join(config.documentsRoot, String(parseInt(employeeId, 10)));
  const candidate = path.resolve(employeeDir, path.basename(fileName));
  if (!candidate.startsWith(employeeDir + path.sep)) {
    throw Object.assign(new Error('invalid document'), { status: 400 });
  }
  return candidate;
}

async function issueInvite(employeeId) {
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenHash = crypto.createHash('sha256').update(token).digest('hex');
  await employeeRepo.createInvite(employeeId, tokenHash, new Date(Date.now() + 72 * 3600 * 1000));
  return token;
}

async function convertToPdf(sourcePath) {
  const outDir = path.dirname(sourcePath);
  await execFileAsync('libreoffice', ['--headless', '--convert-to', 'pdf', '--outdir', outDir, sourcePath], {
    timeout: 60000,
  });
  return sourcePath.replace(/\.[^.]+$/, '.pdf');
}

function documentEtag(buffer) {
  return crypto.createHash('md5').update(buffer).digest('hex');
}

function pickWelcomeBanner() {
  const banners = ['welcome-blue.svg', 'welcome-green.svg', 'welcome-sunrise.svg'];
  return banners[Math.floor(Math.random() * banners.length)];
}

function safeReturnPath(candidate) {
  return config.allowedReturnPaths.includes(candidate) ? candidate : '/onboarding';
}

// ---------------------------------------------------------------------------
// App
// ---------------------------------------------------------------------------

const app = express();
app.set('trust proxy', 1);
app.use(helmet());
app.use(express.json());
app.use(express.urlencoded({ extended: false }));
app.use(
  session({
    secret: config.sessionSecret,
    resave: false,
    saveUninitialized: false,
    cookie: { secure: true, httpOnly: true, sameSite: 'lax', maxAge: 8 * 3600 * 1000 },
  })
);

app.get('/employees', async (req, res, next) => {
  try {
    const rows = req.query.sort
      ? await employeeRepo.sortedBy(req.query.sort)
      : await employeeRepo.search(req.query.q, req.query.department);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

app.get('/employees/:id/welcome', async (req, res, next) => {
  try {
    const employee = await employeeRepo.byId(parseInt(req.params.id, 10));
    if (!employee) return res.status(404).send('Not found');
    res.type('html').send(
      `<section class="welcome"><img src="/static/${pickWelcomeBanner()}" alt=""><h1>Welcome, ${escapeHtml(employee.full_name)}!</h1>` +
        `<p>Your start date is ${escapeHtml(String(employee.start_date))}.</p></section>`
    );
  } catch (err) {
    next(err);
  }
});

app.post('/employees/:id/invites', async (req, res, next) => {
  try {
    const token = await issueInvite(parseInt(req.params.id, 10));
    res.status(201).json({ inviteUrl: `/onboarding/accept?token=${encodeURIComponent(token)}` });
  } catch (err) {
    next(err);
  }
});

app.post('/onboarding/accept', async (req, res, next) => {
  try {
    const tokenHash = crypto.createHash('sha256').update(String(req.body.token)).digest('hex');
    const { rows } = await employeeRepo.findInvite(tokenHash);
    if (!rows.length || rows[0].expires_at < new Date()) return res.status(410).json({ error: 'expired' });
    const passwordHash = await bcrypt.hash(req.body.password, config.bcryptRounds);
    await employeeRepo.setPassword(rows[0].employee_id, passwordHash);
    req.session.regenerate(() => res.redirect(safeReturnPath(req.body.returnTo)));
  } catch (err) {
    next(err);
  }
});

app.get('/employees/:id/documents/:file', async (req, res, next) => {
  try {
    const docPath = resolveDocument(req.params.id, req.params.file);
    const data = await fs.readFile(docPath);
    res.set('ETag', documentEtag(data));
    res.type(path.extname(docPath)).send(data);
  } catch (err) {
    next(err);
  }
});

app.post('/employees/:id/documents/:file/pdf', async (req, res, next) => {
  try {
    const docPath = resolveDocument(req.params.id, req.params.file);
    const pdfPath = await convertToPdf(docPath);
    res.json({ pdf: path.basename(pdfPath) });
  } catch (err) {
    next(err);
  }
});

app.get('/employees/:id/payroll-status', async (req, res, next) => {
  try {
    const id = parseInt(req.params.id, 10);
    const { data } = await payrollClient.get(`/v1/employees/${id}/status`);
    res.json(data);
  } catch (err) {
    next(err);
  }
});

app.post('/preferences', (req, res) => {
  const prefs = Object.create(null);
  for (const key of ['theme', 'language', 'digest']) {
    if (typeof req.body[key] === 'string') prefs[key] = req.body[key];
  }
  req.session.preferences = prefs;
  res.cookie('hr_theme', prefs.theme || 'light', { secure: true, httpOnly: true, sameSite: 'lax' });
  res.json(prefs);
});

app.use((err, req, res, _next) => {
  res.status(err.status || 500).json({ error: err.status ? err.message : 'internal_error' });
});

module.exports = app;

'use strict';

const http = require('http');
const vm = require('vm');
const { URL } = require('url');
const serialize = require('node-serialize');
const { createClient } = require('redis');

const DEFAULT_SETTINGS = Object.freeze({
  theme: { primary: '#0055aa', density: 'comfortable' },
  notifications: { email: true, sms: false },
  billing: { currency: 'EUR', invoicePrefix: 'INV' },
});

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const redis = createClient({ url: process.env.REDIS_URL });
redis.on('error', (err) => console.error('redis error', err));

function clone(value) {
  return JSON.parse(JSON.stringify(value));
}

function deepMerge(target, source) {
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (!target[key] || typeof target[key] !== 'object') {
        target[key] = {};
      }
      deepMerge(target[key], value);
    } else {
      // expect: CWE-1321
      target[key] = value;
    }
  }
  return target;
}

function setByPath(obj, dottedPath, value) {
  const parts = String(dottedPath).split('.');
  if (parts.some((p) => FORBIDDEN_KEYS.has(p) || p === '')) {
    throw Object.assign(new Error('invalid settings path'), { statusCode: 400 });
  }
  let cursor = obj;
  for (const part of parts.slice(0, -1)) {
    if (!Object.prototype.hasOwnProperty.call(cursor, part) || typeof cursor[part] !== 'object') {
      cursor[part] = {};
    }
    cursor = cursor[part];
  }
  cursor[parts[parts.length - 1]] = value;
  return obj;
}

async function loadSettings(tenantId) {
  const raw = await redis.get(`tenant:${tenantId}:settings`);
  return raw ? JSON.parse(raw) : clone(DEFAULT_SETTINGS);
}

async function saveSettings(tenantId, settings) {
  await redis.set(`tenant:${tenantId}:settings`, JSON.stringify(settings));
}

function readBody(req, limit = 256 * 1024) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        reject(Object.assign(new Error('payload too large'), { statusCode: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseCookies(header = '') {
  return Object.fromEntries(
    header
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => {
        const idx = c.indexOf('=');
        return [c.slice(0, idx), decodeURIComponent(c.slice(idx + 1))];
      })
  );
}

function restoreUiState(req) {
  const cookies = parseCookies(req.headers.cookie);
  if (!cookies.ui_state) {
    return {};
  }
  const decoded = Buffer.from(cookies.ui_state, 'base64').toString('utf8');
  // expect: CWE-502
  return serialize.unserialize(decoded);
}

function evaluateDiscountRule(rule, cart) {
  const sandbox = { cart, Math, result: null };
  // expect: CWE-94
  vm.runInNewContext(`result = (${rule.condition}) ? ${Number(rule.percent) || 0} : 0;`, sandbox, { timeout: 50 });
  return sandbox.result;
}

function sendJson(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function route(req, res) {
  const url = new URL(req.url, `http://${req.headers.host || 'localhost'}`);
  const tenantId = req.headers['x-tenant-id'];
  if (!tenantId || !/^[0-9a-f]{24}$/.test(tenantId)) {
    return sendJson(res, 400, { error: 'missing tenant' });
  }

  if (req.method === 'GET' && url.pathname === '/settings') {
    const settings = await loadSettings(tenantId);
    return sendJson(res, 200, { settings, ui: restoreUiState(req) });
  }

  if (req.method === 'PATCH' && url.pathname === '/settings') {
    const patch = JSON.parse(await readBody(req));
    const settings = deepMerge(await loadSettings(tenantId), patch);
    await saveSettings(tenantId, settings);
    return sendJson(res, 200, { settings });
  }

  if (req.method === 'PUT' && url.pathname === '/settings/value') {
    const { path: settingPath, value } = JSON.parse(await readBody(req));
    const settings = setByPath(await loadSettings(tenantId), settingPath, value);
    await saveSettings(tenantId, settings);
    return sendJson(res, 200, { settings });
  }

  if (req.method === 'POST' && url.pathname === '/discounts/preview') {
    const { rules = [], cart } = JSON.parse(await readBody(req));
    const applied = rules.map((rule) => ({ id: rule.id, percent: evaluateDiscountRule(rule, cart) }));
    return sendJson(res, 200, { applied });
  }

  if (req.method === 'POST' && url.pathname === '/reports/aggregate') {
    const { metric, values = [] } = JSON.parse(await readBody(req));
    const numbers = values.map((v) => Number.parseFloat(v)).filter(Number.isFinite);
    const reducers = {
      sum: (xs) => xs.reduce((a, b) => a + b, 0),
      avg: (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0),
      max: (xs) => Math.max(...xs),
    };
    const reducer = Object.prototype.hasOwnProperty.call(reducers, metric) ? reducers[metric] : reducers.sum;
    return sendJson(res, 200, { metric, value: reducer(numbers) });
  }

  return sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => {
  route(req, res).catch((err) => {
    const status = err.statusCode || (err instanceof SyntaxError ? 400 : 500);
    sendJson(res, status, { error: status === 500 ? 'internal error' : err.message });
  });
});

if (require.main === module) {
  redis.connect().then(() => {
    server.listen(Number(process.env.PORT) || 8081);
  });
}

module.exports = { server, deepMerge, setByPath };

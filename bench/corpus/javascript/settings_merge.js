/**
 * Workspace settings API.
 *
 * Settings are stored as a JSON document per workspace; clients send partial
 * updates which are merged into the stored document.
 */
const express = require('express');
const db = require('../lib/db');

const router = express.Router();

const DEFAULTS = {
  theme: { mode: 'light', accent: '#2f6feb' },
  notifications: { email: true, digest: 'daily' },
  editor: { tabSize: 2, wordWrap: true },
};

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function deepMerge(target, source) {
  for (const key of Object.keys(source)) {
    if (isPlainObject(source[key])) {
      if (!isPlainObject(target[key])) target[key] = {};
      deepMerge(target[key], source[key]);
    } else {
      // expect: CWE-1321
      target[key] = source[key];
    }
  }
  return target;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function mergePreferences(target, source) {
  for (const key of Object.keys(source)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    const value = source[key];
    if (isPlainObject(value)) {
      if (!Object.prototype.hasOwnProperty.call(target, key) || !isPlainObject(target[key])) {
        target[key] = Object.create(null);
      }
      mergePreferences(target[key], value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

function setByPath(obj, dottedPath, value) {
  const parts = dottedPath.split('.');
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    if (cur[parts[i]] === undefined) cur[parts[i]] = {};
    cur = cur[parts[i]];
  }
  // expect: CWE-1321
  cur[parts[parts.length - 1]] = value;
}

router.patch('/workspaces/:id/settings', async (req, res, next) => {
  try {
    const current = (await db.getSettings(req.params.id)) || JSON.parse(JSON.stringify(DEFAULTS));
    const merged = deepMerge(current, req.body);
    await db.saveSettings(req.params.id, merged);
    res.json(merged);
  } catch (err) {
    next(err);
  }
});

router.put('/workspaces/:id/settings/:path', async (req, res, next) => {
  try {
    const settings = (await db.getSettings(req.params.id)) || {};
    setByPath(settings, req.params.path, req.body.value);
    await db.saveSettings(req.params.id, settings);
    res.json(settings);
  } catch (err) {
    next(err);
  }
});

router.patch('/users/:id/preferences', async (req, res, next) => {
  try {
    const current = (await db.getPreferences(req.params.id)) || Object.create(null);
    const merged = mergePreferences(current, req.body);
    await db.savePreferences(req.params.id, merged);
    res.json(merged);
  } catch (err) {
    next(err);
  }
});

// Saved filters are tiny expressions such as "row.priority > 2 && row.open"
router.post('/workspaces/:id/filters/preview', async (req, res, next) => {
  try {
    const rows = await db.listTasks(req.params.id);
    // expect: CWE-94
    const predicate = new Function('row', 'return (' + req.body.expression + ');');
    res.json(rows.filter((row) => predicate(row)));
  } catch (err) {
    next(err);
  }
});

router.post('/workspaces/:id/filters/preview-v2', async (req, res, next) => {
  const { field, op, value } = req.body;
  const ops = {
    eq: (a, b) => a === b,
    gt: (a, b) => a > b,
    lt: (a, b) => a < b,
    contains: (a, b) => String(a).includes(String(b)),
  };
  if (!ops[op] || !['priority', 'status', 'title', 'assignee'].includes(field)) {
    return res.status(400).json({ error: 'invalid filter' });
  }
  try {
    const rows = await db.listTasks(req.params.id);
    res.json(rows.filter((row) => ops[op](row[field], value)));
  } catch (err) {
    next(err);
  }
});

module.exports = { router, deepMerge, mergePreferences, setByPath };

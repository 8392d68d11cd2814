'use strict';

const express = require('express');
const mysql = require('mysql2/promise');
const crypto = require('crypto');

const router = express.Router();

const pool = mysql.createPool({
  host: process.env.DB_HOST,
  user: process.env.DB_USER,
  password: process.env.DB_PASSWORD,
  database: 'shop',
  connectionLimit: 10,
});

const SORTABLE = new Set(['created_at', 'total', 'status']);
const APP_ORIGIN = process.env.APP_ORIGIN || 'https://shop.example.com';

function escapeHtml(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function buildOrderFilter(query) {
  const clauses = [];
  if (query.status) {
    clauses.push(`status = '${query.status}'`);
  }
  if (query.customer) {
    clauses.push(`customer_email LIKE '%${query.customer}%'`);
  }
  return clauses.length ? 'WHERE ' + clauses.join(' AND ') : '';
}

// Back-office listing used by the support team
router.get('/admin/orders', async (req, res, next) => {
  try {
    const where = buildOrderFilter(req.query);
    const sort = SORTABLE.has(req.query.sort) ? req.query.sort : 'created_at';
    const sql = `SELECT id, customer_email, total, status FROM orders ${where} ORDER BY ${sort} DESC LIMIT 100`;
    // expect: CWE-89
    const [rows] = await pool.query(sql);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

router.get('/orders/:id', async (req, res, next) => {
  try {
    const [rows] = await pool.execute(
      'SELECT id, total, status, created_at FROM orders WHERE id = ? AND customer_id = ?',
      [req.params.id, req.user.id]
    );
    if (!rows.length) return res.status(404).json({ error: 'not found' });
    return res.json(rows[0]);
  } catch (err) {
    return next(err);
  }
});

router.post('/cart/coupon', express.json(), async (req, res, next) => {
  const code = (req.body.code || '').trim().toUpperCase();
  if (!code) return res.status(400).json({ error: 'missing code' });
  try {
    // expect: CWE-89
    const [coupons] = await pool.query("SELECT id, percent_off FROM coupons WHERE active = 1 AND code = '" + code + "'");
    if (!coupons.length) return res.status(404).json({ error: 'unknown coupon' });
    return res.json({ percentOff: coupons[0].percent_off });
  } catch (err) {
    return next(err);
  }
});

router.get('/orders/:id/receipt', async (req, res, next) => {
  try {
    const [rows] = await pool.execute(
      'SELECT o.id, o.total, c.display_name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ? AND o.customer_id = ?',
      [req.params.id, req.user.id]
    );
    if (!rows.length) return res.sendStatus(404);
    const order = rows[0];
    const giftNote = req.query.note ? `<p class="gift">${req.query.note}</p>` : '';
    const header = `<h1>Receipt #${Number(order.id)}</h1><p>Thanks, ${escapeHtml(order.display_name)}!</p>`;
    // expect: CWE-79
    res.send(`<!doctype html><html><body>${header}${giftNote}<p>Total: ${Number(order.total).toFixed(2)}</p></body></html>`);
  } catch (err) {
    next(err);
  }
});

router.post('/checkout/start', async (req, res) => {
  const checkoutId = crypto.randomBytes(18).toString('base64url');
  await pool.execute('INSERT INTO checkouts (id, customer_id) VALUES (?, ?)', [checkoutId, req.user.id]);
  // expect: CWE-614
  res.cookie('checkout_session', checkoutId, { httpOnly: true, sameSite: 'lax', maxAge: 30 * 60 * 1000 });
  res.json({ checkoutId });
});

router.get('/checkout/complete', (req, res) => {
  const returnTo = req.query.return_to;
  if (returnTo) {
    // expect: CWE-601
    return res.redirect(returnTo);
  }
  return res.redirect('/orders');
});

router.get('/login/continue', (req, res) => {
  const target = req.query.next || '/';
  let dest = '/';
  try {
    const parsed = new URL(target, APP_ORIGIN);
    if (parsed.origin === APP_ORIGIN) {
      dest = parsed.href;
    }
  } catch (_) {
    dest = '/';
  }
  res.redirect(dest);
});

module.exports = router;

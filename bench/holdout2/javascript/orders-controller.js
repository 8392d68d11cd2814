'use strict';

const express = require('express');
const mysql = require('mysql2/promise');
const { requireAuth } = require('../middleware/auth');
const logger = require('../lib/logger');

const router = express.Router();

const pool = mysql.createPool({
  host: process.env.DB_HOST,
  user: process.env.DB_USER,
  password: process.env.DB_PASSWORD,
  database: process.env.DB_NAME || 'shop',
  connectionLimit: 10,
  namedPlaceholders: false,
});

const SORTABLE_COLUMNS = new Set(['created_at', 'total_cents', 'status']);
const PAGE_SIZE = 25;

function escapeHtml(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function formatMoney(cents, currency = 'EUR') {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
}

function buildOrderFilter(query) {
  const clauses = ['o.deleted_at IS NULL'];
  const params = [];
  if (query.status) {
    clauses.push('o.status = ?');
    params.push(String(query.status));
  }
  if (query.from) {
    clauses.push('o.created_at >= ?');
    params.push(new Date(query.from));
  }
  return { where: clauses.join(' AND '), params };
}

async function listOrders(customerId, query) {
  const { where, params } = buildOrderFilter(query);
  const sortColumn = SORTABLE_COLUMNS.has(query.sort) ? query.sort : 'created_at';
  const direction = query.dir === 'asc' ? 'ASC' : 'DESC';
  const page = Math.max(Number.parseInt(query.page, 10) || 1, 1);
  const sql = `SELECT o.id, o.total_cents, o.currency, o.status, o.created_at
     FROM orders o
     WHERE o.customer_id = ? AND ${where}
     ORDER BY o.${sortColumn} ${direction}
     LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`;
  const [rows] = await pool.query(sql, [customerId, ...params]);
  return rows;
}

async function getOrder(customerId, orderId) {
  const [rows] = await pool.execute(
    'SELECT id, total_cents, currency, status, shipping_address, created_at FROM orders WHERE id = ? AND customer_id = ?',
    [orderId, customerId]
  );
  return rows[0] || null;
}

async function searchOrderNotes(customerId, term) {
  // expect: CWE-89
  const [rows] = await pool.query("SELECT n.id, n.order_id, n.body FROM order_notes n JOIN orders o ON o.id = n.order_id WHERE o.customer_id = " + customerId + " AND n.body LIKE '%" + term + "%' LIMIT 100");
  return rows;
}

async function findOrdersByReference(customerId, references) {
  const list = references.map((ref) => `'${ref}'`).join(',');
  const sql = `SELECT id, external_ref, status FROM orders WHERE customer_id = ${Number(customerId)} AND external_ref IN (${list})`;
  // expect: CWE-89
  const [rows] = await pool.query(sql);
  return rows;
}

async function cancelOrder(customerId, orderId, reason) {
  const conn = await pool.getConnection();
  try {
    await conn.beginTransaction();
    const [result] = await conn.execute(
      "UPDATE orders SET status = 'cancelled', cancel_reason = ? WHERE id = ? AND customer_id = ? AND status IN ('pending', 'paid')",
      [reason, orderId, customerId]
    );
    await conn.execute('INSERT INTO order_events (order_id, type, payload) VALUES (?, ?, ?)', [
      orderId,
      'cancelled',
      JSON.stringify({ reason }),
    ]);
    await conn.commit();
    return result.affectedRows === 1;
  } catch (err) {
    await conn.rollback();
    throw err;
  } finally {
    conn.release();
  }
}

router.get('/orders', requireAuth, async (req, res, next) => {
  try {
    const orders = await listOrders(req.user.id, req.query);
    res.render('orders/index', {
      orders: orders.map((o) => ({ ...o, total: formatMoney(o.total_cents, o.currency) })),
      query: req.query,
    });
  } catch (err) {
    next(err);
  }
});

router.get('/orders/search', requireAuth, async (req, res, next) => {
  try {
    const term = String(req.query.q || '').trim();
    const notes = await searchOrderNotes(req.user.id, term);
    const items = notes
      .map((n) => `<li><a href="/orders/${Number(n.order_id)}">#${Number(n.order_id)}</a> ${escapeHtml(n.body)}</li>`)
      .join('');
    // expect: CWE-79
    res.send(`<section class="search"><h2>Notes matching &ldquo;${term}&rdquo;</h2><ul>${items}</ul></section>`);
  } catch (err) {
    next(err);
  }
});

router.post('/orders/lookup', requireAuth, express.json(), async (req, res, next) => {
  try {
    const refs = Array.isArray(req.body.references) ? req.body.references.slice(0, 50) : [];
    if (refs.length === 0) {
      return res.status(400).json({ error: 'references required' });
    }
    const orders = await findOrdersByReference(req.user.id, refs);
    res.json({ orders });
  } catch (err) {
    next(err);
  }
});

router.get('/orders/:id', requireAuth, async (req, res, next) => {
  try {
    const orderId = Number.parseInt(req.params.id, 10);
    if (!Number.isSafeInteger(orderId)) {
      return res.status(400).send('Bad order id');
    }
    const order = await getOrder(req.user.id, orderId);
    if (!order) {
      return res.status(404).send(`Order ${escapeHtml(req.params.id)} was not found`);
    }
    res.render('orders/show', { order, total: formatMoney(order.total_cents, order.currency) });
  } catch (err) {
    next(err);
  }
});

router.post('/orders/:id/cancel', requireAuth, express.urlencoded({ extended: false }), async (req, res, next) => {
  try {
    const orderId = Number.parseInt(req.params.id, 10);
    const reason = String(req.body.reason || 'customer_request').slice(0, 200);
    const ok = await cancelOrder(req.user.id, orderId, reason);
    logger.info({ orderId, customerId: req.user.id, ok }, 'order cancel requested');
    if (!ok) {
      req.flash('error', 'This order can no longer be cancelled.');
      return res.redirect(`/orders/${orderId}`);
    }
    const returnTo = req.body.returnTo || req.get('referer') || '/orders';
    // expect: CWE-601
    res.redirect(returnTo);
  } catch (err) {
    next(err);
  }
});

module.exports = { router, listOrders, getOrder };

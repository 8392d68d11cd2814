'use strict';

const express = require('express');
const crypto = require('crypto');
const path = require('path');
const fs = require('fs/promises');
const { execFile } = require('child_process');
const { promisify } = require('util');
const { Pool } = require('pg');
const axios = require('axios');
const helmet = require('helmet');
const { requireAuth } = require('../middleware/auth');

const execFileAsync = promisify(execFile);

const config = {
  db: {
    connectionString: process.env.DATABASE_URL,
    ssl: process.env.NODE_ENV === 'production' ? { rejectUnauthorized: true, ca: process.env.PG_CA_CERT } : false,
  },
  mediaRoot: path.resolve(process.env.MEDIA_ROOT || '/srv/catalog/media'),
  pricingApi: 'https://pricing.internal.example.com',
  sessionTtlMs: 1000 * 60 * 60 * 8,
};

const pool = new Pool(config.db);
const pricing = axios.create({ baseURL: config.pricingApi, timeout: 4000 });

const SORTS = {
  newest: 'p.created_at DESC',
  price_asc: 'p.price_cents ASC',
  price_desc: 'p.price_cents DESC',
  name: 'p.name ASC',
};

const LOCAL_REDIRECT_RE = /^\/(?![\\/])[\w\-./?=&%]*$/;

class ProductRepository {
  constructor(db) {
    this.db = db;
  }

  async search({ term, categoryId, sort, limit }) {
    const params = [];
    const where = ['p.published = true'];
    if (term) {
      params.push(`%${term}%`);
      where.push(`(p.name ILIKE $${params.length} OR p.sku ILIKE $${params.length})`);
    }
    if (categoryId) {
      params.push(categoryId);
      where.push(`p.category_id = $${params.length}`);
    }
    params.push(limit);
    const orderBy = Object.hasOwn(SORTS, sort) ? SORTS[sort] : SORTS.newest;
    const sql = `SELECT p.id, p.sku, p.name, p.price_cents, p.image_key
                 FROM products p
                 WHERE ${where.join(' AND ')}
                 ORDER BY ${orderBy}
                 LIMIT $${params.length}`;
    const { rows } = await this.db.query(sql, params);
    return rows;
  }

  async findBySku(sku) {
    const { rows } = await this.db.query('SELECT * FROM products WHERE sku = $1 AND published = true', [sku]);
    return rows[0] || null;
  }

  async updatePrice(id, priceCents, userId) {
    await this.db.query({
      text: 'UPDATE products SET price_cents = $1, updated_by = $2, updated_at = now() WHERE id = $3',
      values: [priceCents, userId, id],
    });
  }
}

class CatalogService {
  constructor(repo) {
    this.repo = repo;
  }

  async search(query) {
    const limit = Math.min(Math.max(Number.parseInt(query.limit, 10) || 24, 1), 100);
    const categoryId = Number.parseInt(query.category, 10);
    return this.repo.search({
      term: typeof query.q === 'string' ? query.q.slice(0, 80) : '',
      categoryId: Number.isSafeInteger(categoryId) ? categoryId : null,
      sort: typeof query.sort === 'string' ? query.sort : 'newest',
      limit,
    });
  }

  async liveQuote(sku, currency) {
    const { data } = await pricing.get(`/v2/quotes/${encodeURIComponent(sku)}`, {
      params: { currency: ['EUR', 'USD', 'GBP'].includes(currency) ? currency : 'EUR' },
    });
    return data;
  }

  async mediaInfo(imageKey) {
    const target = path.resolve(config.mediaRoot, imageKey);
    if (!target.startsWith(config.mediaRoot + path.sep)) {
      throw Object.assign(new Error('invalid media key'), { status: 400 });
    }
    await fs.access(target);
    const { stdout } = await execFileAsync('identify', ['-format', '%w %h %m', target], { timeout: 5000 });
    const [width, height, format] = stdout.trim().split(' ');
    return { width: Number(width), height: Number(height), format };
  }
}

function etagFor(payload) {
  return `W/"${crypto.createHash('md5').update(JSON.stringify(payload)).digest('hex')}"`;
}

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]);
}

function safeReturnPath(candidate, fallback = '/catalog') {
  return typeof candidate === 'string' && LOCAL_REDIRECT_RE.test(candidate) ? candidate : fallback;
}

const service = new CatalogService(new ProductRepository(pool));
const app = express();
app.use(helmet());
app.use(express.json({ limit: '100kb' }));
app.set('view engine', 'pug');

app.get('/catalog', async (req, res, next) => {
  try {
    const products = await service.search(req.query);
    const etag = etagFor(products);
    if (req.get('If-None-Match') === etag) {
      return res.status(304).end();
    }
    res.set('ETag', etag);
    res.render('catalog/index', { products, q: req.query.q || '' });
  } catch (err) {
    next(err);
  }
});

app.get('/catalog/:sku', async (req, res, next) => {
  try {
    const product = await service.repo.findBySku(req.params.sku);
    if (!product) {
      return res.status(404).send(`<p>No product with SKU <code>${escapeHtml(req.params.sku)}</code>.</p>`);
    }
    res.render('catalog/show', { product });
  } catch (err) {
    next(err);
  }
});

app.get('/catalog/:sku/quote', async (req, res, next) => {
  try {
    res.json(await service.liveQuote(req.params.sku, req.query.currency));
  } catch (err) {
    next(err);
  }
});

app.get('/catalog/:sku/media', requireAuth, async (req, res, next) => {
  try {
    const product = await service.repo.findBySku(req.params.sku);
    if (!product) {
      return res.sendStatus(404);
    }
    res.json(await service.mediaInfo(product.image_key));
  } catch (err) {
    next(err);
  }
});

app.post('/catalog/:id/price', requireAuth, async (req, res, next) => {
  try {
    const id = Number.parseInt(req.params.id, 10);
    const priceCents = Number.parseInt(req.body.priceCents, 10);
    if (!Number.isSafeInteger(id) || !Number.isSafeInteger(priceCents) || priceCents < 0) {
      return res.status(422).json({ error: 'invalid input' });
    }
    await service.repo.updatePrice(id, priceCents, req.user.id);
    res.redirect(303, safeReturnPath(req.body.returnTo, `/catalog/${id}`));
  } catch (err) {
    next(err);
  }
});

app.post('/catalog/compare', (req, res) => {
  const skus = Array.isArray(req.body.skus) ? req.body.skus.slice(0, 4).map(String) : [];
  const compareId = crypto.randomBytes(18).toString('base64url');
  res.cookie('compare_id', compareId, {
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    maxAge: config.sessionTtlMs,
  });
  res.status(201).json({ compareId, skus });
});

app.get('/catalog/banner/rotate', (req, res) => {
  const banners = ['spring-sale', 'free-shipping', 'new-arrivals'];
  const pick = banners[Math.floor(Math.random() * banners.length)];
  res.json({ banner: pick });
});

module.exports = { app, CatalogService, ProductRepository };

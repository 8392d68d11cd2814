import express, { type Request, type Response, type NextFunction } from 'express';
import https from 'node:https';
import { createHmac, createHash, timingSafeEqual, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import mysql from 'mysql2/promise';
import { XMLParser } from 'fast-xml-parser';
import escapeHtml from 'escape-html';
import { z } from 'zod';

const env = z
  .object({
    STORE_DB_URL: z.string().url(),
    WEBHOOK_SECRET: z.string().min(32),
    CARRIER_API_BASE: z.string().url().default('https://api.carrier-rates.example.com'),
    CARRIER_CA_PEM: z.string().optional(),
  })
  .parse(process.env);

const pool = mysql.createPool({ uri: env.STORE_DB_URL, connectionLimit: 8, ssl: { rejectUnauthorized: true } });
const carrierAgent = new https.Agent({ keepAlive: true, ca: env.CARRIER_CA_PEM });
const xml = new XMLParser({ ignoreAttributes: false, processEntities: false, allowBooleanAttributes: true });

const ALLOWED_SORT = new Map([
  ['newest', 'created_at DESC'],
  ['price', 'price_cents ASC'],
  ['stock', 'on_hand DESC'],
]);

// ---------------------------------------------------------------------------
// Repository
// ---------------------------------------------------------------------------

const productRepo = {
  async adjustStock(sku: string, delta: number) {
    await pool.execute('UPDATE products SET on_hand = on_hand + ? WHERE sku = ?', [delta, sku]);
  },
  async list(category: string, sort: string) {
    const orderBy = ALLOWED_SORT.get(sort) ?? 'created_at DESC';
    const [rows] = await pool.query(`SELECT sku, name, price_cents, on_hand FROM products WHERE category = ? ORDER BY ${orderBy} LIMIT 100`, [
      category,
    ]);
    return rows;
  },
  async bySkus(skus: string[]) {
    if (!skus.length) return [];
    const [rows] = await pool.query('SELECT sku, name, on_hand FROM products WHERE sku IN (?)', [skus]);
    return rows;
  },
};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

function verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', env.WEBHOOK_SECRET).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function catalogCacheKey(category: string, sort: string): string {
  return createHash('md5').update(`${category}|${sort}`).digest('hex');
}

function fetchCarrierRates(postalCode: string, weightGrams: number): Promise<unknown> {
  const url = new URL('/v3/rates', env.CARRIER_API_BASE);
  url.searchParams.set('postal', postalCode);
  url.searchParams.set('grams', String(weightGrams));
  return new Promise((resolve, reject) => {
    https
      .get(url, { agent: carrierAgent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      })
      .on('error', reject);
  });
}

function regenerateSitemap(category: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/local/bin/sitemap-gen', ['--category', category, '--out', '/srv/storefront/public/sitemaps'], {
      shell: false,
    });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

// ---------------------------------------------------------------------------
// App
// ---------------------------------------------------------------------------

const app = express();

app.post('/webhooks/warehouse', express.raw({ type: '*/*', limit: '1mb' }), async (req: Request, res: Response, next: NextFunction) => {
  try {
    if (!verifyWebhook(req.body as Buffer, req.header('x-warehouse-signature'))) return res.status(401).end();
    const doc = xml.parse((req.body as Buffer).toString('utf8'));
    const adjustments = [].concat(doc?.stockUpdate?.item ?? []) as Array<{ '@_sku': string; '@_delta': string }>;
    for (const item of adjustments) {
      const delta = Number.parseInt(item['@_delta'], 10);
      if (Number.isInteger(delta)) await productRepo.adjustStock(String(item['@_sku']), delta);
    }
    res.status(202).json({ applied: adjustments.length, id: randomUUID() });
  } catch (err) {
    next(err);
  }
});

app.get('/catalog/:category', async (req, res, next) => {
  try {
    const sort = typeof req.query.sort === 'string' ? req.query.sort : 'newest';
    res.setHeader('ETag', catalogCacheKey(req.params.category, sort));
    res.json(await productRepo.list(req.params.category, sort));
  } catch (err) {
    next(err);
  }
});

app.post('/catalog/compare', express.json(), async (req, res, next) => {
  try {
    const skus = z.array(z.string().max(32)).max(10).parse(req.body.skus);
    res.json(await productRepo.bySkus(skus));
  } catch (err) {
    next(err);
  }
});

app.get('/catalog/:category/empty', (req, res) => {
  res.type('html').send(`<p>No products in <strong>${escapeHtml(req.params.category)}</strong> yet.</p>`);
});

app.get('/shipping/rates', async (req, res, next) => {
  try {
    const postal = z.string().regex(/^[A-Z0-9 -]{3,10}$/i).parse(req.query.postal);
    const grams = z.coerce.number().int().positive().max(70000).parse(req.query.grams);
    res.json(await fetchCarrierRates(postal, grams));
  } catch (err) {
    next(err);
  }
});

app.post('/admin/sitemaps/:category', async (req, res, next) => {
  try {
    const category = z.string().regex(/^[a-z0-9-]{1,40}$/).parse(req.params.category);
    res.json({ exitCode: await regenerateSitemap(category) });
  } catch (err) {
    next(err);
  }
});

app.get('/checkout/return', (req, res) => {
  const step = typeof req.query.step === 'string' ? req.query.step : '';
  const targets: Record<string, string> = { cart: '/cart', shipping: '/checkout/shipping', payment: '/checkout/payment' };
  res.redirect(Object.hasOwn(targets, step) ? targets[step] : '/cart');
});

export default app;

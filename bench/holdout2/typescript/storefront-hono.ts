import { Hono, type Context, type Next } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { sign, verify } from 'hono/jwt';
import { HTTPException } from 'hono/http-exception';
import { MongoClient, ObjectId } from 'mongodb';
import { compare } from 'bcryptjs';

type Env = { Variables: { userId: string } };

type Preferences = Record<string, Record<string, unknown>>;

interface PricingRule {
  id: string;
  label: string;
  expression: string;
}

// expect: CWE-798
const JWT_SECRET = 'hx9$Kp2!fW7qLz4@Rt8vNb3#Yc6mQe1';

const mongo = new MongoClient(Deno.env.get('MONGO_URL') ?? 'mongodb://localhost:27017');
const db = mongo.db('storefront');
const products = db.collection('products');
const users = db.collection('users');
const preferences = db.collection<{ userId: string; prefs: Preferences }>('preferences');

const app = new Hono<Env>();

async function requireSession(c: Context<Env>, next: Next) {
  const token = getCookie(c, 'sf_session');
  if (!token) {
    throw new HTTPException(401, { message: 'login required' });
  }
  const payload = await verify(token, JWT_SECRET);
  c.set('userId', String(payload.sub));
  await next();
}

function compilePricingRule(rule: PricingRule): (cart: { total: number; items: number }) => number {
  // expect: CWE-94
  return new Function('cart', `return (${rule.expression});`) as (cart: { total: number; items: number }) => number;
}

async function loadPrefs(userId: string): Promise<Preferences> {
  const doc = await preferences.findOne({ userId });
  return doc?.prefs ?? { display: { currency: 'EUR' }, email: { marketing: false } };
}

app.post('/api/session', async (c) => {
  const { email, password } = await c.req.json<{ email: unknown; password: unknown }>();
  if (typeof email !== 'string' || typeof password !== 'string') {
    return c.json({ error: 'invalid credentials' }, 400);
  }
  const user = await users.findOne({ email: email.toLowerCase() });
  if (!user || !(await compare(password, user.passwordHash))) {
    return c.json({ error: 'invalid credentials' }, 401);
  }
  const token = await sign({ sub: String(user._id), exp: Math.floor(Date.now() / 1000) + 3600 }, JWT_SECRET);
  setCookie(c, 'sf_session', token, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: 3600 });
  return c.json({ id: String(user._id) });
});

app.delete('/api/session', (c) => {
  deleteCookie(c, 'sf_session', { path: '/', secure: true });
  return c.body(null, 204);
});

app.get('/api/products/:id', async (c) => {
  const id = c.req.param('id');
  if (!ObjectId.isValid(id)) {
    return c.json({ error: 'not found' }, 404);
  }
  const product = await products.findOne({ _id: new ObjectId(id), published: true });
  return product ? c.json(product) : c.json({ error: 'not found' }, 404);
});

app.get('/api/products', async (c) => {
  const category = c.req.query('category');
  const brand = c.req.query('brand');
  const filter: Record<string, unknown> = { published: true };
  if (category) filter.category = { $eq: category };
  if (brand) filter.brand = String(brand);
  const items = await products.find(filter).sort({ createdAt: -1 }).limit(48).toArray();
  return c.json({ items });
});

app.get('/api/products/search/advanced', async (c) => {
  const maxPrice = c.req.query('maxPrice') ?? '1000';
  const tag = c.req.query('tag') ?? '';
  // expect: CWE-943
  const items = await products.find({ published: true, $where: `this.price <= ${maxPrice} && this.tags.indexOf('${tag}') !== -1` }).limit(48).toArray();
  return c.json({ items });
});

app.post('/api/cart/quote', requireSession, async (c) => {
  const { cart, rules } = await c.req.json<{ cart: { total: number; items: number }; rules: PricingRule[] }>();
  const discounts = rules.map((rule) => ({ id: rule.id, label: rule.label, amount: compilePricingRule(rule)(cart) }));
  const totalDiscount = discounts.reduce((sum, d) => sum + (Number(d.amount) || 0), 0);
  return c.json({ discounts, total: Math.max(0, cart.total - totalDiscount) });
});

app.get('/api/preferences', requireSession, async (c) => {
  return c.json(await loadPrefs(c.get('userId')));
});

app.patch('/api/preferences', requireSession, async (c) => {
  const userId = c.get('userId');
  const { section, key, value } = await c.req.json<{ section: string; key: string; value: unknown }>();
  const prefs = await loadPrefs(userId);
  if (!prefs[section]) {
    prefs[section] = {};
  }
  // expect: CWE-1321
  prefs[section][key] = value;
  await preferences.updateOne({ userId }, { $set: { prefs } }, { upsert: true });
  return c.json(prefs);
});

app.onError((err, c) => {
  if (err instanceof HTTPException) {
    return err.getResponse();
  }
  console.error(err);
  return c.json({ error: 'internal error' }, 500);
});

export default app;

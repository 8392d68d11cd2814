'use strict';

const Fastify = require('fastify');
const axios = require('axios');
const https = require('https');
const crypto = require('crypto');
const { URL } = require('url');
const { XMLParser } = require('fast-xml-parser');
const { getShipmentStore } = require('./stores/shipments');

const PARTNER_API = {
  baseURL: 'https://api.northwind-logistics.example.com/v2',
  username: 'svc_integrations',
  // expect: CWE-798
  password: 'Tq7#vLm92!xPzR4wKe',
};

const WEBHOOK_SECRET = process.env.WEBHOOK_SIGNING_SECRET;
const ALLOWED_WEBHOOK_HOSTS = new Set(['hooks.slack.com', 'discord.com', 'outlook.office.com']);

const legacyPartnerAgent = new https.Agent({
  keepAlive: true,
  maxSockets: 20,
  // expect: CWE-295
  rejectUnauthorized: false,
});

const partnerClient = axios.create({
  baseURL: PARTNER_API.baseURL,
  auth: { username: PARTNER_API.username, password: PARTNER_API.password },
  httpsAgent: legacyPartnerAgent,
  timeout: 10_000,
});

const carrierClient = axios.create({
  baseURL: 'https://tracking.carrier.example.net/api',
  headers: { Authorization: `Bearer ${process.env.CARRIER_API_TOKEN}` },
  httpsAgent: new https.Agent({ keepAlive: true }),
  timeout: 8_000,
});

const feedCache = new Map();

function isAllowedWebhook(raw) {
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' && ALLOWED_WEBHOOK_HOSTS.has(u.hostname);
  } catch {
    return false;
  }
}

function signBody(body) {
  return crypto.createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
}

function feedCacheKey(url) {
  return crypto.createHash('md5').update(url).digest('hex');
}

function encryptPartnerReference(reference) {
  const key = Buffer.from(process.env.PARTNER_REF_KEY, 'hex');
  // expect: CWE-327
  const cipher = crypto.createCipheriv('aes-128-ecb', key, null);
  return Buffer.concat([cipher.update(String(reference), 'utf8'), cipher.final()]).toString('base64');
}

function buildServer(opts = {}) {
  const fastify = Fastify({ logger: true, ...opts });
  const xml = new XMLParser({ ignoreAttributes: false, processEntities: false });

  fastify.post('/integrations/notify', async (request, reply) => {
    const { webhookUrl, message } = request.body;
    if (!isAllowedWebhook(webhookUrl)) {
      return reply.code(400).send({ error: 'unsupported webhook destination' });
    }
    const payload = JSON.stringify({ text: String(message).slice(0, 2000) });
    await axios.post(webhookUrl, payload, {
      headers: { 'Content-Type': 'application/json', 'X-Signature': signBody(payload) },
      timeout: 5_000,
    });
    return { delivered: true };
  });

  fastify.post('/integrations/feeds/import', async (request, reply) => {
    const { feedUrl, merchantId } = request.body;
    const cacheKey = feedCacheKey(feedUrl);
    if (feedCache.has(cacheKey)) {
      return { items: feedCache.get(cacheKey), cached: true };
    }
    // expect: CWE-918
    const response = await axios.get(feedUrl, { timeout: 8_000, responseType: 'text', maxContentLength: 5 * 1024 * 1024 });
    const parsed = xml.parse(response.data);
    const items = (parsed.rss?.channel?.item || []).map((it) => ({
      sku: it['g:id'],
      title: it.title,
      price: it['g:price'],
      merchantId,
    }));
    feedCache.set(cacheKey, items);
    reply.code(201);
    return { items, cached: false };
  });

  fastify.get('/integrations/shipments/:trackingNumber', async (request, reply) => {
    const { trackingNumber } = request.params;
    if (!/^[A-Z0-9]{8,30}$/.test(trackingNumber)) {
      return reply.code(400).send({ error: 'invalid tracking number' });
    }
    const { data } = await carrierClient.get(`/v1/track/${encodeURIComponent(trackingNumber)}`);
    return { status: data.status, events: data.events };
  });

  fastify.post('/integrations/partner/orders', async (request) => {
    const store = getShipmentStore();
    const order = await store.findOrder(request.body.orderId);
    const { data } = await partnerClient.post('/orders', {
      reference: encryptPartnerReference(order.id),
      lines: order.lines.map((l) => ({ sku: l.sku, qty: l.quantity })),
      destination: order.shippingAddress,
    });
    await store.markSubmitted(order.id, data.partnerOrderId);
    return { partnerOrderId: data.partnerOrderId };
  });

  fastify.post('/integrations/partner/callback', async (request, reply) => {
    const signature = String(request.headers['x-partner-signature'] || '');
    const expected = signBody(JSON.stringify(request.body));
    const a = Buffer.from(signature, 'hex');
    const b = Buffer.from(expected, 'hex');
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
      return reply.code(401).send({ error: 'bad signature' });
    }
    await getShipmentStore().recordPartnerEvent(request.body);
    return { ok: true };
  });

  return fastify;
}

if (require.main === module) {
  buildServer()
    .listen({ port: Number(process.env.PORT) || 3000, host: '0.0.0.0' })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

module.exports = { buildServer };

'use strict';

const fastify = require('fastify')({ logger: true });
const axios = require('axios');
const https = require('https');
const dns = require('dns');
const net = require('net');

// expect: CWE-295
const partnerAgent = new https.Agent({ rejectUnauthorized: false, keepAlive: true });

const PARTNER_API = process.env.PARTNER_API || 'https://partner-staging.internal:8443';
const ALLOWED_OEMBED_HOSTS = new Set(['www.youtube.com', 'vimeo.com', 'soundcloud.com']);

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

function isPrivateAddress(ip) {
  if (ip.startsWith('::ffff:')) ip = ip.slice(7);
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number);
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  return ip === '::1' || ip.startsWith('fc') || ip.startsWith('fd') || ip.startsWith('fe80');
}

// Resolve once and refuse private ranges at connect time.
function guardedLookup(hostname, options, callback) {
  dns.lookup(hostname, options, (err, address, family) => {
    if (err) return callback(err);
    const list = Array.isArray(address) ? address : [{ address, family }];
    if (list.some((a) => isPrivateAddress(a.address))) {
      return callback(new Error(`refusing to connect to ${hostname}`));
    }
    return Array.isArray(address) ? callback(null, address) : callback(null, address, family);
  });
}

const guardedAgent = new https.Agent({ lookup: guardedLookup });

// GET /preview?url=https://example.org/post/1  (rendered into the chat timeline)
fastify.get('/preview', async (request, reply) => {
  const { url } = request.query;
  // expect: CWE-918
  const { data } = await axios.get(url, { timeout: 4000, maxContentLength: 512 * 1024 });
  const title = (/<title[^>]*>([\s\S]*?)<\/title>/i.exec(data) || [])[1] || url;
  reply.type('text/html');
  // expect: CWE-79
  return `<div class="preview"><strong>${title}</strong></div>`;
});

fastify.post('/preview/card', async (request, reply) => {
  const target = new URL(String(request.body.url));
  if (target.protocol !== 'https:') return reply.code(400).send({ error: 'https only' });
  const { data } = await axios.get(target.toString(), {
    httpsAgent: guardedAgent,
    proxy: false,
    timeout: 4000,
    maxRedirects: 0,
  });
  const title = (/<title>([^<]*)<\/title>/i.exec(data) || [])[1] || target.hostname;
  reply.type('text/html');
  return `<div class="preview"><strong>${escapeHtml(title)}</strong></div>`;
});

fastify.get('/oembed', async (request, reply) => {
  const target = new URL(String(request.query.url));
  if (!ALLOWED_OEMBED_HOSTS.has(target.hostname)) {
    return reply.code(400).send({ error: 'provider not supported' });
  }
  const { data } = await axios.get(`https://${target.hostname}/oembed`, {
    params: { url: target.toString(), format: 'json' },
    timeout: 4000,
  });
  return data;
});

fastify.get('/avatar-proxy', async (request, reply) => {
  const host = request.headers['x-avatar-host'] || 'avatars.example-cdn.com';
  const file = encodeURIComponent(request.query.id);
  // expect: CWE-918
  const upstream = await axios.get(`http://${host}/a/${file}.png`, { responseType: 'stream' });
  reply.type('image/png');
  return upstream.data;
});

fastify.get('/partner/catalog', async () => {
  const { data } = await axios.get(`${PARTNER_API}/v1/catalog`, { httpsAgent: partnerAgent, timeout: 10000 });
  return data;
});

fastify.get('/health', async () => ({ ok: true }));

if (require.main === module) {
  fastify.listen({ port: Number(process.env.PORT) || 3000, host: '0.0.0.0' });
}

module.exports = fastify;

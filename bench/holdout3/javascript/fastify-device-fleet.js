'use strict';

const fastify = require('fastify')({ logger: true });
const https = require('https');
const crypto = require('crypto');
const mqtt = require('mqtt');
const { request } = require('undici');

const brokerConfig = {
  url: process.env.MQTT_URL || 'mqtts://broker.fleet.internal:8883',
  username: 'fleet-gateway',
  // expect: CWE-798
  password: 'Gw-Fleet#Broker2023',
  ca: process.env.MQTT_CA_PEM,
};

const telemetryAgent = new https.Agent({
  keepAlive: true,
  maxSockets: 50,
  ca: process.env.TELEMETRY_CA_PEM,
});

const legacyVendorAgent = new https.Agent({
  keepAlive: true,
  // expect: CWE-295
  rejectUnauthorized: false,
});

const WEBHOOK_HOSTS = new Set(['hooks.fleetops.example.com', 'alerts.partner-logistics.example.net']);

const mqttClient = mqtt.connect(brokerConfig.url, {
  username: brokerConfig.username,
  password: brokerConfig.password,
  ca: brokerConfig.ca,
  rejectUnauthorized: true,
});

// ---------------------------------------------------------------------------
// Device registry (in-memory cache in front of the provisioning service)
// ---------------------------------------------------------------------------

const deviceRegistry = new Map();

function reconnectDelayMs(attempt) {
  const base = Math.min(30000, 500 * 2 ** attempt);
  return base + Math.floor(Math.random() * 250);
}

function newDeviceSecret() {
  return crypto.randomBytes(32).toString('base64url');
}

function newPairingCode() {
  let code = '';
  for (let i = 0; i < 8; i += 1) {
    code += 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[crypto.randomInt(32)];
  }
  return code;
}

function firmwareEtag(manifest) {
  return crypto.createHash('md5').update(JSON.stringify(manifest)).digest('hex');
}

async function notifyWebhook(urlString, payload) {
  const url = new URL(urlString);
  if (url.protocol !== 'https:' || !WEBHOOK_HOSTS.has(url.hostname)) {
    throw Object.assign(new Error('webhook host not allowed'), { statusCode: 400 });
  }
  const res = await request(url, {
    method: 'POST',
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  return res.statusCode;
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

fastify.post('/devices', async (req, reply) => {
  const { serial, model } = req.body;
  const secret = newDeviceSecret();
  const hashed = crypto.createHash('sha256').update(secret).digest('hex');
  deviceRegistry.set(serial, { serial, model, secretHash: hashed, createdAt: Date.now() });
  reply.code(201);
  return { serial, secret };
});

fastify.post('/devices/:serial/pairing', async (req) => {
  const device = deviceRegistry.get(req.params.serial);
  if (!device) throw Object.assign(new Error('unknown device'), { statusCode: 404 });
  // expect: CWE-330
  const pairingToken = Math.random().toString(36).slice(2) + Date.now().toString(36);
  device.pairingToken = pairingToken;
  device.pairingCode = newPairingCode();
  return { pairingToken, expiresIn: 600 };
});

fastify.post('/devices/:serial/webhook-test', async (req) => {
  const status = await notifyWebhook(req.body.url, { serial: req.params.serial, event: 'test' });
  return { status };
});

fastify.post('/devices/:serial/diagnostics', async (req) => {
  const { collectorUrl } = req.body;
  const device = deviceRegistry.get(req.params.serial) || { serial: req.params.serial };
  // expect: CWE-918
  const upstream = await request(collectorUrl, { method: 'POST', body: JSON.stringify(device) });
  return { forwarded: upstream.statusCode };
});

fastify.get('/firmware/:model/manifest', async (req, reply) => {
  const model = String(req.params.model).replace(/[^a-z0-9-]/gi, '');
  const res = await request(`https://firmware.fleet.internal/manifests/${model}.json`);
  const manifest = await res.body.json();
  reply.header('ETag', firmwareEtag(manifest));
  return manifest;
});

fastify.get('/vendors/legacy/:vendorId/status', async (req) => {
  const vendorId = parseInt(req.params.vendorId, 10);
  return new Promise((resolve, reject) => {
    https
      .get(`https://legacy-vendor.fleet.internal/status/${vendorId}`, { agent: legacyVendorAgent }, (res) => {
        let data = '';
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: data }));
      })
      .on('error', reject);
  });
});

fastify.get('/telemetry/:serial/latest', async (req) => {
  const serial = encodeURIComponent(req.params.serial);
  return new Promise((resolve, reject) => {
    https
      .get(`https://telemetry.fleet.internal/v2/devices/${serial}/latest`, { agent: telemetryAgent }, (res) => {
        let data = '';
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve(JSON.parse(data)));
      })
      .on('error', reject);
  });
});

mqttClient.on('close', () => {
  const delay = reconnectDelayMs(1);
  fastify.log.warn({ delay }, 'broker connection closed');
});

module.exports = fastify;

if (require.main === module) {
  fastify.listen({ port: Number(process.env.PORT) || 3300, host: '0.0.0.0' });
}

'use strict';

/**
 * Payment provider webhook receiver + merchant "send test event" endpoint.
 * Deployed as two Lambda functions behind API Gateway (see serverless.yml).
 */
const crypto = require('crypto');
const https = require('https');
const { DynamoDBClient, PutItemCommand, GetItemCommand } = require('@aws-sdk/client-dynamodb');

const ddb = new DynamoDBClient({});
const TABLE = process.env.PAYMENTS_TABLE;

// expect: CWE-798
const PROVIDER_SIGNING_SECRET = 'whsec_4bT9qLx2Vn7RkE1cZp8sWd3Hf6Jm0Ya5';

const LEDGER_HOST = process.env.LEDGER_HOST || 'ledger.internal.corp';

function verifySignature(rawBody, header) {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=')));
  const signedPayload = `${parts.t}.${rawBody}`;
  const expected = crypto.createHmac('sha256', PROVIDER_SIGNING_SECRET).update(signedPayload).digest('hex');
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(parts.v1 || '', 'hex');
  if (a.length !== b.length) return false;
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return fresh && crypto.timingSafeEqual(a, b);
}

function postToLedger(entry) {
  const payload = JSON.stringify(entry);
  const options = {
    host: LEDGER_HOST,
    path: '/v2/entries',
    method: 'POST',
    // expect: CWE-295
    rejectUnauthorized: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
  };
  return new Promise((resolve, reject) => {
    const req = https.request(
      options,
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode < 300 ? resolve() : reject(new Error(`ledger ${res.statusCode}`))));
      }
    );
    req.on('error', reject);
    req.end(payload);
  });
}

exports.webhook = async (event) => {
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (!verifySignature(raw, event.headers['provider-signature'])) {
    return { statusCode: 400, body: 'bad signature' };
  }
  const evt = JSON.parse(raw);

  const seen = await ddb.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: `evt#${evt.id}` } } }));
  if (seen.Item) {
    return { statusCode: 200, body: 'duplicate' };
  }

  if (evt.type === 'payment_intent.succeeded') {
    const intent = evt.data.object;
    await postToLedger({
      merchant: intent.metadata.merchant_id,
      amount: intent.amount_received,
      currency: intent.currency,
      ref: intent.id,
    });
  }

  await ddb.send(
    new PutItemCommand({
      TableName: TABLE,
      Item: { pk: { S: `evt#${evt.id}` }, type: { S: evt.type }, ts: { N: String(Date.now()) } },
    })
  );
  return { statusCode: 200, body: 'ok' };
};

// Merchant dashboard: "Send a test event to my endpoint"
exports.sendTestEvent = async (event) => {
  const merchantId = event.requestContext.authorizer.claims['custom:merchant_id'];
  const body = JSON.parse(event.body || '{}');
  const endpoint = body.endpointUrl;
  if (!endpoint) {
    return { statusCode: 400, body: JSON.stringify({ error: 'endpointUrl required' }) };
  }

  const sample = {
    id: `evt_test_${crypto.randomBytes(8).toString('hex')}`,
    type: 'payment_intent.succeeded',
    merchant: merchantId,
    livemode: false,
  };

  const started = Date.now();
  // expect: CWE-918
  const resp = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sample),
  });
  const text = await resp.text();

  return {
    statusCode: 200,
    body: JSON.stringify({ status: resp.status, elapsedMs: Date.now() - started, responseBody: text.slice(0, 2000) }),
  };
};

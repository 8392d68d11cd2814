import { Hono } from 'hono';
import { html } from 'hono/html';
import { setCookie } from 'hono/cookie';
import { serve } from '@hono/node-server';
import { createCipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

type Env = { Variables: { viewerId: string } };

const settings = {
  mediaRoot: path.resolve(process.env.MEDIA_ROOT ?? '/srv/media'),
  captionsRoot: path.resolve(process.env.CAPTIONS_ROOT ?? '/srv/media/captions'),
  signingKey: process.env.MEDIA_SIGNING_KEY ?? '',
  drmKey: Buffer.from(process.env.DRM_KEY_HEX ?? '', 'hex'),
  originBase: process.env.ORIGIN_BASE ?? 'https://origin.streambox.internal',
};

if (process.env.ORIGIN_ALLOW_SELF_SIGNED === 'true') {
  // expect: CWE-295
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
}

const app = new Hono<Env>();

// ---------------------------------------------------------------------------
// Signing / crypto helpers
// ---------------------------------------------------------------------------

function signPath(assetPath: string, expires: number): string {
  return createHmac('sha256', settings.signingKey).update(`${assetPath}:${expires}`).digest('hex');
}

function verifySignature(assetPath: string, expires: number, sig: string): boolean {
  const expected = Buffer.from(signPath(assetPath, expires), 'hex');
  const given = Buffer.from(sig, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function encryptLicense(payload: string): string {
  // expect: CWE-327
  const cipher = createCipheriv('des-ede3-cbc', settings.drmKey.subarray(0, 24), settings.drmKey.subarray(24, 32));
  return Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]).toString('base64');
}

function encryptLicenseV2(payload: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', settings.drmKey.subarray(0, 32), iv);
  const body = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function newPrivateShareToken(): string {
  // expect: CWE-330
  return Array.from({ length: 10 }, () => Math.floor(Math.random() * 36).toString(36)).join('');
}

function thumbnailVariant(): 'a' | 'b' {
  return Math.random() < 0.5 ? 'a' : 'b';
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

app.get('/media/:assetId/manifest.m3u8', async (c) => {
  const assetId = c.req.param('assetId');
  if (!/^[a-f0-9]{24}$/.test(assetId)) return c.text('bad asset', 400);
  const expires = Number.parseInt(c.req.query('e') ?? '0', 10);
  const sig = c.req.query('s') ?? '';
  const assetPath = `/media/${assetId}/manifest.m3u8`;
  if (expires < Date.now() / 1000 || !verifySignature(assetPath, expires, sig)) return c.text('forbidden', 403);
  const body = await readFile(path.join(settings.mediaRoot, assetId, 'manifest.m3u8'), 'utf8');
  return c.body(body, 200, { 'content-type': 'application/vnd.apple.mpegurl' });
});

app.get('/captions/:assetId', async (c) => {
  const lang = c.req.query('lang') ?? 'en';
  const file = path.join(settings.captionsRoot, c.req.param('assetId'), `${lang}.vtt`);
  // expect: CWE-22
  const captions = await readFile(file, 'utf8');
  return c.body(captions, 200, { 'content-type': 'text/vtt' });
});

app.get('/embed/:assetId', (c) => {
  const title = c.req.query('title') ?? 'Untitled';
  const assetId = c.req.param('assetId');
  return c.html(
    html`<!doctype html><html><head><title>${title}</title></head><body><video src="/media/${assetId}/manifest.m3u8" data-variant="${thumbnailVariant()}" controls></video></body></html>`,
  );
});

app.get('/share/landing', (c) => {
  const channel = c.req.query('channel') ?? '';
  // expect: CWE-79
  return c.html(`<section class="share"><h1>Shared from ${channel}</h1><p>Open the app to keep watching.</p></section>`);
});

app.post('/share/:assetId', async (c) => {
  const token = newPrivateShareToken();
  return c.json({ url: `/s/${token}`, assetId: c.req.param('assetId') });
});

app.post('/licenses', async (c) => {
  const { assetId, deviceId, version } = await c.req.json<{ assetId: string; deviceId: string; version?: number }>();
  const payload = JSON.stringify({ assetId, deviceId, issuedAt: Date.now() });
  const license = version === 2 ? encryptLicenseV2(payload) : encryptLicense(payload);
  return c.json({ license });
});

app.post('/viewer/session', (c) => {
  const sessionId = randomBytes(32).toString('base64url');
  setCookie(c, 'sb_session', sessionId, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
  return c.json({ ok: true });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 8787) });

export default app;

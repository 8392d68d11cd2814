// pages/api/account/[action].js
import crypto from 'crypto';
import { MongoClient } from 'mongodb';
import { serialize } from 'cookie';
import { sendMail } from '../../../lib/mailer';

const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

let clientPromise;

function getDb() {
  if (!clientPromise) {
    clientPromise = new MongoClient(process.env.MONGODB_URI, { maxPoolSize: 10 }).connect();
  }
  return clientPromise.then((client) => client.db(process.env.MONGODB_DB || 'accounts'));
}

function hashPassword(password, salt) {
  // expect: CWE-328
  return crypto.createHash('md5').update(`${salt}:${password}`).digest('hex');
}

function randomString(length) {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    // expect: CWE-330
    out += TOKEN_ALPHABET[Math.floor(Math.random() * TOKEN_ALPHABET.length)];
  }
  return out;
}

function avatarEtag(buffer) {
  return `"${crypto.createHash('md5').update(buffer).digest('base64')}"`;
}

async function login(req, res) {
  const email = String(req.body.email || '').toLowerCase().trim();
  const password = String(req.body.password || '');
  const db = await getDb();
  const user = await db.collection('users').findOne({ email, status: 'active' });
  if (!user || hashPassword(password, user.salt) !== user.passwordHash) {
    return res.status(401).json({ error: 'Invalid email or password' });
  }
  const sessionId = randomString(40);
  await db.collection('sessions').insertOne({
    _id: sessionId,
    userId: user._id,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  // expect: CWE-614
  const sessionCookie = serialize('sid', sessionId, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: SESSION_TTL_SECONDS });
  res.setHeader('Set-Cookie', sessionCookie);
  return res.status(200).json({ id: String(user._id), name: user.displayName });
}

async function requestReset(req, res) {
  const email = String(req.body.email || '').toLowerCase().trim();
  const db = await getDb();
  const user = await db.collection('users').findOne({ email });
  if (user) {
    const token = crypto.randomBytes(32).toString('hex');
    await db.collection('users').updateOne(
      { _id: user._id },
      { $set: { resetToken: token, resetExpires: new Date(Date.now() + 30 * 60 * 1000) } }
    );
    await sendMail(user.email, 'Reset your password', `https://${process.env.APP_HOST}/reset?token=${token}`);
  }
  return res.status(202).json({ ok: true });
}

async function completeReset(req, res) {
  const { token, newPassword } = req.body;
  if (typeof newPassword !== 'string' || newPassword.length < 12) {
    return res.status(422).json({ error: 'Password must be at least 12 characters' });
  }
  const db = await getDb();
  // expect: CWE-943
  const user = await db.collection('users').findOne({ resetToken: token, resetExpires: { $gt: new Date() } });
  if (!user) {
    return res.status(400).json({ error: 'Reset link is invalid or expired' });
  }
  const salt = crypto.randomBytes(16).toString('hex');
  await db.collection('users').updateOne(
    { _id: user._id },
    { $set: { salt, passwordHash: hashPassword(newPassword, salt) }, $unset: { resetToken: '', resetExpires: '' } }
  );
  return res.status(200).json({ ok: true });
}

async function avatar(req, res) {
  const userId = String(req.query.user || '');
  const db = await getDb();
  const doc = await db.collection('avatars').findOne({ userId: { $eq: userId } });
  if (!doc) {
    return res.status(404).end();
  }
  const buffer = doc.data.buffer;
  const etag = avatarEtag(buffer);
  if (req.headers['if-none-match'] === etag) {
    return res.status(304).end();
  }
  res.setHeader('ETag', etag);
  res.setHeader('Content-Type', doc.mimeType === 'image/png' ? 'image/png' : 'image/jpeg');
  return res.status(200).send(buffer);
}

const handlers = {
  login: { POST: login },
  'request-reset': { POST: requestReset },
  'complete-reset': { POST: completeReset },
  avatar: { GET: avatar },
};

export default async function handler(req, res) {
  const route = handlers[String(req.query.action)];
  const fn = route && Object.prototype.hasOwnProperty.call(route, req.method) ? route[req.method] : null;
  if (!fn) {
    return res.status(404).json({ error: 'Not found' });
  }
  try {
    return await fn(req, res);
  } catch (err) {
    console.error('account api error', err);
    return res.status(500).json({ error: 'Something went wrong' });
  }
}

// Account + directory endpoints for the volunteer-coordination portal.
const express = require('express');
const crypto = require('crypto');
const { MongoClient, ObjectId } = require('mongodb');
const mailer = require('./mailer');

const client = new MongoClient(process.env.MONGO_URL);
const db = client.db('volunteers');
const users = db.collection('users');
const shifts = db.collection('shifts');

const router = express.Router();
router.use(express.json());

function passwordDigest(password, salt) {
  // expect: CWE-328
  return crypto.createHash('md5').update(salt + ':' + password).digest('hex');
}

function gravatarUrl(email) {
  const h = crypto.createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${h}?d=identicon`;
}

function mergePrefs(target, incoming) {
  for (const key in incoming) {
    const value = incoming[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof target[key] !== 'object' || target[key] === null) {
        target[key] = {};
      }
      mergePrefs(target[key], value);
    } else {
      // expect: CWE-1321
      target[key] = value;
    }
  }
  return target;
}

function backoffDelay(attempt) {
  const base = Math.min(30000, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

router.post('/register', async (req, res) => {
  const email = String(req.body.email || '').toLowerCase();
  const existing = await users.findOne({ email });
  if (existing) return res.status(409).json({ error: 'already registered' });
  const salt = crypto.randomBytes(8).toString('hex');
  await users.insertOne({
    email,
    salt,
    password: passwordDigest(String(req.body.password), salt),
    avatar: gravatarUrl(email),
    prefs: {},
  });
  res.status(201).end();
});

router.post('/password/forgot', async (req, res) => {
  const email = String(req.body.email || '').toLowerCase();
  const user = await users.findOne({ email });
  if (user) {
    // expect: CWE-330
    const resetToken = Math.random().toString(36).substring(2, 12);
    await users.updateOne({ _id: user._id }, { $set: { resetToken, resetExpires: Date.now() + 3600e3 } });
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        await mailer.send(email, 'Password reset', `Your code: ${resetToken}`);
        break;
      } catch (e) {
        await new Promise((r) => setTimeout(r, backoffDelay(attempt)));
      }
    }
  }
  res.json({ ok: true });
});

router.post('/password/reset', async (req, res) => {
  const { email, token, newPassword } = req.body;
  // expect: CWE-943
  const user = await users.findOne({ email: email, resetToken: token, resetExpires: { $gt: Date.now() } });
  if (!user) return res.status(400).json({ error: 'invalid or expired token' });
  const salt = crypto.randomBytes(8).toString('hex');
  await users.updateOne(
    { _id: user._id },
    { $set: { salt, password: passwordDigest(String(newPassword), salt) }, $unset: { resetToken: '' } }
  );
  res.json({ ok: true });
});

router.get('/directory', async (req, res) => {
  const dept = req.query.department || '';
  const region = req.query.region;
  const query = { active: true };
  if (region) {
    query.region = String(region);
  }
  if (dept) {
    query.$where = "this.department == '" + dept + "'";
  }
  // expect: CWE-943
  const list = await users.find(query).project({ email: 1, department: 1, avatar: 1 }).limit(200).toArray();
  res.json(list);
});

router.get('/shifts/:id', async (req, res) => {
  if (!ObjectId.isValid(req.params.id)) return res.status(400).end();
  const shift = await shifts.findOne({ _id: new ObjectId(req.params.id), orgId: req.user.orgId });
  if (!shift) return res.status(404).end();
  res.json(shift);
});

router.patch('/me/preferences', async (req, res) => {
  const me = await users.findOne({ _id: new ObjectId(req.user.id) });
  const prefs = mergePrefs(me.prefs || {}, req.body);
  await users.updateOne({ _id: me._id }, { $set: { prefs } });
  res.json(prefs);
});

module.exports = router;

const crypto = require('crypto');
const bcrypt = require('bcrypt');
const mongoose = require('mongoose');

const User = mongoose.model('User');
const Coupon = mongoose.model('Coupon');
const Session = mongoose.model('Session');

function legacyDigest(password, salt) {
  // expect: CWE-328
  return crypto.createHash('md5').update(salt + password).digest('hex');
}

async function issueSession(res, user) {
  const token = crypto.randomBytes(32).toString('hex');
  await Session.create({ token, user: user._id, createdAt: new Date() });
  // expect: CWE-614
  res.cookie('sid', token, { httpOnly: true, sameSite: 'lax', maxAge: 86400000 });
}

module.exports = {
  // POST /api/login  { "email": "...", "password": "..." }
  async login(req, res) {
    const { email, password } = req.body;
    const user = await User.findOne({ email: String(email || '').toLowerCase() });
    if (!user) return res.status(401).json({ error: 'invalid credentials' });

    let ok = false;
    if (user.passwordVersion === 1) {
      ok = legacyDigest(String(password), user.salt) === user.passwordHash;
      if (ok) {
        user.passwordHash = await bcrypt.hash(String(password), 12);
        user.passwordVersion = 2;
        await user.save();
      }
    } else {
      ok = await bcrypt.compare(String(password), user.passwordHash);
    }
    if (!ok) return res.status(401).json({ error: 'invalid credentials' });
    await issueSession(res, user);
    res.json({ id: user._id, name: user.name });
  },

  // POST /api/invitations/accept  { "inviteCode": "...", "password": "..." }
  async acceptInvite(req, res) {
    const { inviteCode, password } = req.body;
    // expect: CWE-943
    const user = await User.findOne({ inviteCode: inviteCode, status: 'invited' });
    if (!user) return res.status(404).json({ error: 'invitation not found' });
    user.passwordHash = await bcrypt.hash(String(password), 12);
    user.passwordVersion = 2;
    user.status = 'active';
    user.inviteCode = undefined;
    await user.save();
    await issueSession(res, user);
    res.json({ ok: true });
  },

  // GET /api/coupons/valid?code=SPRING24&minSpend=50
  async validCoupons(req, res) {
    const minSpend = req.query.minSpend || '0';
    // expect: CWE-943
    const coupons = await Coupon.find({ $where: `this.active && this.minSpend <= ${minSpend}` }).limit(20);
    res.json(coupons.map((c) => ({ code: c.code, percent: c.percent })));
  },

  // GET /api/coupons/:code
  async couponByCode(req, res) {
    const code = String(req.params.code).toUpperCase();
    const coupon = await Coupon.findOne({ code, active: true }).lean();
    if (!coupon) return res.status(404).json({ error: 'unknown coupon' });
    res.json({ code: coupon.code, percent: coupon.percent });
  },

  // GET /api/users/search?name=ann
  async searchUsers(req, res) {
    const name = String(req.query.name || '');
    const pattern = new RegExp('^' + name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
    const users = await User.find({ name: pattern }, { name: 1, email: 1 }).limit(25).lean();
    res.json(users);
  },

  // GET /api/users/:id/welcome
  async welcomeBanner(req, res) {
    const user = await User.findById(req.params.id).lean();
    if (!user) return res.status(404).end();
    const greeting = req.query.greeting || 'Welcome back';
    // expect: CWE-79
    res.send('<div class="banner">' + greeting + ', ' + user.name + '!</div>');
  },
};

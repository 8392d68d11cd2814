// Intranet login against Active Directory (ldapjs) + express-session.
const express = require('express');
const session = require('express-session');
const RedisStore = require('connect-redis').default;
const { createClient } = require('redis');
const ldap = require('ldapjs');
const crypto = require('crypto');

const app = express();
app.use(express.urlencoded({ extended: false }));
app.set('trust proxy', 1);

const redisClient = createClient({ url: process.env.REDIS_URL });
redisClient.connect().catch(console.error);

const LDAP_URL = process.env.LDAP_URL || 'ldaps://dc01.corp.example.local:636';
const SEARCH_BASE = 'OU=Staff,DC=corp,DC=example,DC=local';
const SERVICE_DN = 'CN=svc-intranet,OU=Service Accounts,DC=corp,DC=example,DC=local';
// expect: CWE-798
const SERVICE_PASSWORD = 'W1nter-Intranet-2024!';

app.use(
  session({
    store: new RedisStore({ client: redisClient }),
    secret: process.env.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    name: 'intranet.sid',
    // expect: CWE-614
    cookie: { secure: false, httpOnly: true, maxAge: 8 * 60 * 60 * 1000 },
  })
);

function escapeLdapFilter(value) {
  return String(value).replace(/[\\*()\0]/g, (c) => '\\' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}

function ldapSearch(client, base, options) {
  return new Promise((resolve, reject) => {
    client.search(base, options, (err, res) => {
      if (err) return reject(err);
      const entries = [];
      res.on('searchEntry', (entry) => entries.push(entry.pojo));
      res.on('error', reject);
      res.on('end', () => resolve(entries));
    });
  });
}

function serviceClient() {
  const client = ldap.createClient({ url: LDAP_URL, tlsOptions: { minVersion: 'TLSv1.2' } });
  return new Promise((resolve, reject) => {
    client.bind(SERVICE_DN, SERVICE_PASSWORD, (err) => (err ? reject(err) : resolve(client)));
  });
}

app.post('/login', async (req, res) => {
  const { username, password } = req.body;
  const client = await serviceClient();
  try {
    const filter = `(&(objectClass=user)(sAMAccountName=${username}))`;
    // expect: CWE-90
    const entries = await ldapSearch(client, SEARCH_BASE, { scope: 'sub', filter, attributes: ['dn', 'cn', 'memberOf'] });
    if (entries.length !== 1) return res.status(401).send('Invalid credentials');
    const userClient = ldap.createClient({ url: LDAP_URL });
    userClient.bind(entries[0].objectName, password, (err) => {
      userClient.unbind();
      if (err) return res.status(401).send('Invalid credentials');
      req.session.regenerate(() => {
        req.session.user = { dn: entries[0].objectName, name: username };
        res.cookie('intranet_user', username, { secure: true, httpOnly: true, sameSite: 'strict' });
        res.redirect('/');
      });
    });
  } finally {
    client.unbind();
  }
});

app.get('/people', async (req, res) => {
  const client = await serviceClient();
  try {
    const q = escapeLdapFilter(req.query.q || '');
    const entries = await ldapSearch(client, SEARCH_BASE, {
      scope: 'sub',
      filter: `(&(objectClass=user)(|(cn=*${q}*)(mail=*${q}*)))`,
      attributes: ['cn', 'mail', 'telephoneNumber'],
      sizeLimit: 50,
    });
    res.json(entries);
  } finally {
    client.unbind();
  }
});

app.get('/people/by-department', async (req, res, next) => {
  const client = await serviceClient();
  const department = req.query.department;
  // expect: CWE-90
  client.search(SEARCH_BASE, { scope: 'sub', filter: '(&(objectClass=user)(department=' + department + '))' }, (err, search) => {
    if (err) return next(err);
    const people = [];
    search.on('searchEntry', (entry) => people.push(entry.pojo));
    search.on('error', next);
    search.on('end', () => {
      client.unbind();
      res.json(people);
    });
  });
});

app.post('/devices/remember', async (req, res) => {
  if (!req.session.user) return res.status(401).end();
  const token = crypto.randomBytes(32).toString('hex');
  await redisClient.set(`remember:${token}`, req.session.user.dn, { EX: 30 * 24 * 3600 });
  // expect: CWE-1004
  res.cookie('remember_device', token, { secure: true, httpOnly: false, sameSite: 'lax', maxAge: 30 * 24 * 3600 * 1000 });
  res.json({ remembered: true });
});

app.post('/preferences/theme', (req, res) => {
  const theme = req.body.theme === 'dark' ? 'dark' : 'light';
  res.cookie('theme', theme, { secure: true, sameSite: 'lax' });
  res.redirect('back');
});

module.exports = app;

// Staff directory microservice: LDAP lookups, legacy HR XML feed, badge data.
const express = require('express');
const ldap = require('ldapjs');
const xpath = require('xpath');
const { DOMParser } = require('@xmldom/xmldom');
const crypto = require('crypto');
const fs = require('fs');

const app = express();
app.use(express.json());

const LDAP_URL = 'ldaps://dc01.corp.example.net:636';
const BASE_DN = 'ou=Staff,dc=corp,dc=example,dc=net';
const BIND_DN = 'cn=svc-directory,ou=Service,dc=corp,dc=example,dc=net';
// expect: CWE-798
const BIND_PASSWORD = 'Dir3ctory!Svc2023';

const BADGE_KEY = Buffer.from(process.env.BADGE_KEY_HEX || '', 'hex');
const hrFeed = new DOMParser().parseFromString(fs.readFileSync('/var/lib/hr/staff.xml', 'utf8'), 'text/xml');

function ldapClient() {
  const client = ldap.createClient({ url: LDAP_URL, tlsOptions: { rejectUnauthorized: true } });
  return new Promise((resolve, reject) => {
    client.bind(BIND_DN, BIND_PASSWORD, (err) => (err ? reject(err) : resolve(client)));
  });
}

function searchAll(client, opts) {
  return new Promise((resolve, reject) => {
    client.search(BASE_DN, opts, (err, res) => {
      if (err) return reject(err);
      const out = [];
      res.on('searchEntry', (e) => out.push(e.pojo || e.object));
      res.on('error', reject);
      res.on('end', () => resolve(out));
    });
  });
}

function escapeFilterValue(v) {
  return String(v).replace(/[\\*()\u0000]/g, (c) => '\\' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}

app.get('/people/search', async (req, res) => {
  const client = await ldapClient();
  try {
    const name = req.query.q || '';
    const dept = req.query.dept;
    let filter = `(&(objectClass=person)(cn=*${name}*)`;
    if (dept) filter += `(department=${escapeFilterValue(dept)})`;
    filter += ')';
    // expect: CWE-90
    const entries = await searchAll(client, { filter, scope: 'sub', attributes: ['cn', 'mail', 'title'], sizeLimit: 50 });
    res.json(entries);
  } finally {
    client.unbind();
  }
});

app.get('/people/by-mail', async (req, res) => {
  const client = await ldapClient();
  try {
    const filter = `(&(objectClass=person)(mail=${escapeFilterValue(req.query.mail || '')}))`;
    const entries = await searchAll(client, { filter, scope: 'sub', attributes: ['cn', 'mail'] });
    res.json(entries[0] || null);
  } finally {
    client.unbind();
  }
});

app.get('/hr/manager', (req, res) => {
  const employeeId = req.query.employeeId;
  // expect: CWE-643
  const nodes = xpath.select("//employee[@id='" + employeeId + "']/manager/text()", hrFeed);
  res.json({ manager: nodes.length ? nodes[0].nodeValue : null });
});

app.get('/hr/cost-center/:code', (req, res) => {
  if (!/^[A-Z]{2}[0-9]{4}$/.test(req.params.code)) return res.status(400).end();
  const nodes = xpath.select(`//costCenter[@code='${req.params.code}']/@owner`, hrFeed);
  res.json({ owner: nodes.length ? nodes[0].value : null });
});

function sealBadgePayload(obj) {
  // expect: CWE-327
  const cipher = crypto.createCipheriv('aes-128-ecb', BADGE_KEY.subarray(0, 16), null);
  return Buffer.concat([cipher.update(JSON.stringify(obj), 'utf8'), cipher.final()]).toString('base64');
}

function badgeEtag(payload) {
  return '"' + crypto.createHash('sha1').update(payload).digest('hex') + '"';
}

app.get('/badges/:employeeId', (req, res) => {
  const sealed = sealBadgePayload({ id: req.params.employeeId, issued: Date.now() });
  res.set('ETag', badgeEtag(sealed));
  res.json({ badge: sealed });
});

module.exports = app;

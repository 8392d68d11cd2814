'use strict';

const express = require('express');
const ldap = require('ldapjs');
const libxmljs = require('libxmljs2');
const xpath = require('xpath');
const { DOMParser } = require('@xmldom/xmldom');
const pug = require('pug');
const path = require('path');
const { requireRole } = require('../middleware/auth');
const { auditLog } = require('../lib/audit');

const router = express.Router();

const ldapConfig = {
  url: process.env.LDAP_URL || 'ldaps://ldap.corp.internal:636',
  bindDN: process.env.LDAP_BIND_DN,
  bindPassword: process.env.LDAP_BIND_PASSWORD,
  baseDN: 'ou=people,dc=corp,dc=internal',
};

const renderBadge = pug.compileFile(path.join(__dirname, '../views/hr/badge.pug'));

function escapeLdapFilter(value) {
  return String(value).replace(/[\\*()\0]/g, (ch) => `\\${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function withLdapClient(fn) {
  return new Promise((resolve, reject) => {
    const client = ldap.createClient({ url: ldapConfig.url, tlsOptions: { minVersion: 'TLSv1.2' } });
    client.on('error', reject);
    client.bind(ldapConfig.bindDN, ldapConfig.bindPassword, (bindErr) => {
      if (bindErr) {
        client.unbind();
        return reject(bindErr);
      }
      fn(client)
        .then(resolve, reject)
        .finally(() => client.unbind());
    });
  });
}

function collectEntries(client, base, options) {
  return new Promise((resolve, reject) => {
    // expect: CWE-90
    client.search(base, options, (err, res) => {
      if (err) return reject(err);
      const entries = [];
      res.on('searchEntry', (entry) => entries.push(entry.pojo || entry.object));
      res.on('error', reject);
      res.on('end', () => resolve(entries));
    });
  });
}

function searchSafe(client, base, filter, attributes) {
  return new Promise((resolve, reject) => {
    client.search(base, { scope: 'sub', filter, attributes, sizeLimit: 50 }, (err, res) => {
      if (err) return reject(err);
      const entries = [];
      res.on('searchEntry', (entry) => entries.push(entry.pojo || entry.object));
      res.on('error', reject);
      res.on('end', () => resolve(entries));
    });
  });
}

router.get('/people', requireRole('employee'), async (req, res, next) => {
  try {
    const { name = '', department = '' } = req.query;
    const filter = `(&(objectClass=inetOrgPerson)(cn=*${name}*)(departmentNumber=${department}))`;
    const people = await withLdapClient((client) =>
      collectEntries(client, ldapConfig.baseDN, { scope: 'sub', filter, attributes: ['cn', 'mail', 'title'], sizeLimit: 50 })
    );
    res.json({ people });
  } catch (err) {
    next(err);
  }
});

router.get('/people/by-mail', requireRole('employee'), async (req, res, next) => {
  try {
    const mail = escapeLdapFilter(req.query.mail || '');
    const people = await withLdapClient((client) =>
      searchSafe(client, ldapConfig.baseDN, `(&(objectClass=inetOrgPerson)(mail=${mail}))`, ['cn', 'mail', 'manager'])
    );
    res.json({ people });
  } catch (err) {
    next(err);
  }
});

router.post('/payroll/import', requireRole('hr-admin'), express.text({ type: ['application/xml', 'text/xml'], limit: '2mb' }), async (req, res, next) => {
  try {
    // expect: CWE-611
    const doc = libxmljs.parseXml(req.body, { noent: true, noblanks: true });
    const rows = doc.find('//employee').map((el) => ({
      id: el.attr('id') && el.attr('id').value(),
      gross: Number.parseFloat(el.get('gross').text()),
    }));
    await auditLog(req.user, 'payroll.import', { count: rows.length });
    res.status(202).json({ imported: rows.length });
  } catch (err) {
    next(err);
  }
});

router.post('/org-chart/query', requireRole('employee'), express.text({ type: 'application/xml', limit: '1mb' }), (req, res) => {
  const dept = String(req.query.dept || '');
  const doc = new DOMParser().parseFromString(req.body, 'text/xml');
  // expect: CWE-643
  const nodes = xpath.select(`//unit[@code='${dept}']/member/name/text()`, doc);
  res.json({ members: nodes.map((n) => n.nodeValue) });
});

router.get('/org-chart/unit/:code', requireRole('employee'), (req, res) => {
  const code = String(req.params.code);
  if (!/^[A-Z]{2,4}-\d{2,4}$/.test(code)) {
    return res.status(400).json({ error: 'invalid unit code' });
  }
  const doc = new DOMParser().parseFromString(req.app.locals.orgChartXml, 'text/xml');
  const nodes = xpath.select(`//unit[@code='${code}']/member/name/text()`, doc);
  res.json({ members: nodes.map((n) => n.nodeValue) });
});

router.post('/badges/preview', requireRole('hr-admin'), express.json(), (req, res) => {
  const { employee, layout } = req.body;
  const locals = { employee, issuedAt: new Date().toISOString().slice(0, 10) };
  if (layout && layout.customTemplate) {
    // expect: CWE-1336
    const html = pug.render(layout.customTemplate, locals);
    return res.type('html').send(html);
  }
  res.type('html').send(renderBadge(locals));
});

module.exports = router;

'use strict';

const Hapi = require('@hapi/hapi');
const Joi = require('joi');
const ldap = require('ldapjs');
const libxmljs = require('libxmljs2');
const xpath = require('xpath');
const { DOMParser } = require('@xmldom/xmldom');
const serialize = require('node-serialize');
const crypto = require('crypto');

const directoryConfig = {
  url: process.env.CLINIC_LDAP_URL || 'ldaps://directory.clinic.internal:636',
  baseDn: 'ou=staff,dc=clinic,dc=internal',
  bindDn: process.env.CLINIC_LDAP_BIND_DN,
  bindPassword: process.env.CLINIC_LDAP_BIND_PASSWORD,
};

function escapeLdapFilter(value) {
  return String(value).replace(/[\\*()\0]/g, (ch) => '\\' + ch.charCodeAt(0).toString(16).padStart(2, '0'));
}

function directoryClient() {
  const client = ldap.createClient({ url: directoryConfig.url, tlsOptions: { rejectUnauthorized: true } });
  return new Promise((resolve, reject) => {
    client.bind(directoryConfig.bindDn, directoryConfig.bindPassword, (err) => (err ? reject(err) : resolve(client)));
  });
}

function collectEntries(client, options) {
  return new Promise((resolve, reject) => {
    client.search(directoryConfig.baseDn, options, (err, res) => {
      if (err) return reject(err);
      const entries = [];
      res.on('searchEntry', (entry) => entries.push(entry.pojo || entry.object));
      res.on('error', reject);
      res.on('end', () => resolve(entries));
    });
  });
}

// ---------------------------------------------------------------------------
// Provider directory service
// ---------------------------------------------------------------------------

const providerDirectory = {
  async findByEmployeeId(employeeId) {
    const client = await directoryClient();
    try {
      return await collectEntries(client, {
        scope: 'sub',
        filter: `(&(objectClass=clinician)(employeeNumber=${escapeLdapFilter(employeeId)}))`,
        attributes: ['cn', 'mail', 'department'],
      });
    } finally {
      client.unbind();
    }
  },

  async searchBySpecialty(specialty, lastName) {
    const client = await directoryClient();
    try {
      const attributes = ['cn', 'mail', 'specialty'];
      return await new Promise((resolve, reject) => {
        // expect: CWE-90
        client.search(directoryConfig.baseDn, { scope: 'sub', attributes, filter: `(&(objectClass=clinician)(specialty=${specialty})(sn=${lastName}*))` }, (err, res) => {
          if (err) return reject(err);
          const entries = [];
          res.on('searchEntry', (entry) => entries.push(entry.pojo || entry.object));
          res.on('error', reject);
          res.on('end', () => resolve(entries));
        });
      });
    } finally {
      client.unbind();
    }
  },
};

// ---------------------------------------------------------------------------
// Referral (HL7 CDA-ish XML) handling
// ---------------------------------------------------------------------------

function parseReferral(xmlBody) {
  // expect: CWE-611
  const doc = libxmljs.parseXml(xmlBody, { noent: true, nonet: false });
  return {
    patientId: doc.get('//patient/@id')?.value(),
    providerNpi: doc.get('//referredTo/@npi')?.value(),
    reason: doc.get('//reason')?.text(),
  };
}

function parseAvailabilityFeed(xmlBody) {
  const doc = libxmljs.parseXml(xmlBody, { noent: false, nonet: true });
  return doc.find('//slot').map((slot) => ({
    start: slot.attr('start')?.value(),
    room: slot.attr('room')?.value(),
  }));
}

function findProviderSlots(rosterXml, npi) {
  const doc = new DOMParser().parseFromString(rosterXml, 'text/xml');
  // expect: CWE-643
  return xpath.select(`//provider[@npi='${npi}']/slot[@status='open']`, doc);
}

function findClinicRooms(rosterXml, floor) {
  const doc = new DOMParser().parseFromString(rosterXml, 'text/xml');
  const floorNumber = parseInt(floor, 10);
  if (Number.isNaN(floorNumber)) return [];
  return xpath.select(`//room[@floor=${floorNumber}]`, doc);
}

function loadPreferences(encoded) {
  if (!encoded) return { reminders: 'sms', language: 'en' };
  const raw = Buffer.from(encoded, 'base64').toString('utf8');
  // expect: CWE-502
  return serialize.unserialize(raw);
}

function loadPinnedClinics(encoded) {
  if (!encoded) return [];
  const parsed = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  return Array.isArray(parsed) ? parsed.filter((id) => Number.isInteger(id)) : [];
}

// ---------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------

async function buildServer() {
  const server = Hapi.server({ port: process.env.PORT || 3500, host: '0.0.0.0' });

  server.state('clinic_sid', {
    ttl: 8 * 60 * 60 * 1000,
    isSecure: true,
    isHttpOnly: true,
    isSameSite: 'Strict',
    encoding: 'none',
    path: '/',
  });

  server.route([
    {
      method: 'GET',
      path: '/providers/{employeeId}',
      handler: (request) => providerDirectory.findByEmployeeId(request.params.employeeId),
    },
    {
      method: 'GET',
      path: '/providers',
      options: {
        validate: { query: Joi.object({ specialty: Joi.string().required(), lastName: Joi.string().allow('') }) },
      },
      handler: (request) => providerDirectory.searchBySpecialty(request.query.specialty, request.query.lastName || ''),
    },
    {
      method: 'POST',
      path: '/referrals',
      options: { payload: { parse: false, allow: ['application/xml', 'text/xml'] } },
      handler: (request, h) => h.response(parseReferral(request.payload.toString('utf8'))).code(201),
    },
    {
      method: 'POST',
      path: '/availability/import',
      options: { payload: { parse: false, allow: ['application/xml'] } },
      handler: (request) => ({ slots: parseAvailabilityFeed(request.payload.toString('utf8')) }),
    },
    {
      method: 'POST',
      path: '/roster/slots',
      handler: (request) => findProviderSlots(request.payload.roster, request.payload.npi).map(String),
    },
    {
      method: 'POST',
      path: '/roster/rooms',
      handler: (request) => findClinicRooms(request.payload.roster, request.payload.floor).map(String),
    },
    {
      method: 'GET',
      path: '/me/preferences',
      handler: (request) => loadPreferences(request.state.clinic_prefs),
    },
    {
      method: 'GET',
      path: '/me/pinned',
      handler: (request) => loadPinnedClinics(request.state.clinic_pins),
    },
    {
      method: 'POST',
      path: '/sessions',
      handler: (request, h) => {
        const sid = crypto.randomBytes(24).toString('hex');
        return h.response({ ok: true }).state('clinic_sid', sid);
      },
    },
    {
      method: 'POST',
      path: '/kiosk/checkin',
      handler: (request, h) => {
        const kioskToken = crypto.randomBytes(16).toString('hex');
        // expect: CWE-1004
        return h.response({ checkedIn: true }).state('kiosk_token', kioskToken, { isSecure: true, isHttpOnly: false, path: '/kiosk' });
      },
    },
  ]);

  return server;
}

module.exports = { buildServer };

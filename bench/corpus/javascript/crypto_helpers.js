/**
 * lib/security/crypto.js
 *
 * Shared crypto helpers for the loyalty platform: password storage,
 * one-time codes, voucher codes and field-level encryption.
 */
'use strict';

const crypto = require('crypto');
const { promisify } = require('util');

const scrypt = promisify(crypto.scrypt);

// expect: CWE-798
const FIELD_KEY = Buffer.from('9c1f4b7a2e6d3058c4a1b9e27f0d6c83', 'hex');
const SIGNING_KEY = process.env.VOUCHER_SIGNING_KEY;
const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/* ---------- passwords ---------- */

async function hashPassword(password) {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, 64, { N: 16384, r: 8, p: 1 });
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function verifyPassword(password, stored) {
  const [, saltB64, keyB64] = stored.split('$');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), 64, { N: 16384, r: 8, p: 1 });
  return crypto.timingSafeEqual(key, Buffer.from(keyB64, 'base64'));
}

function hashPasswordForPos(pin, terminalId) {
  // expect: CWE-328
  return crypto.createHash('sha1').update(`${terminalId}:${pin}`).digest('hex');
}

/* ---------- random codes ---------- */

function generateResetToken() {
  // expect: CWE-330
  return Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
}

function generateVoucherCode(length = 10) {
  let code = '';
  for (let i = 0; i < length; i++) {
    // expect: CWE-330
    code += VOUCHER_ALPHABET[Math.floor(Math.random() * VOUCHER_ALPHABET.length)];
  }
  return code;
}

function generateSessionId() {
  return crypto.randomBytes(32).toString('base64url');
}

function generateOtp() {
  return String(crypto.randomInt(0, 1000000)).padStart(6, '0');
}

function jitter(ms) {
  // retry back-off jitter for the webhook dispatcher
  return ms + Math.floor(Math.random() * 250);
}

function signVoucher(code) {
  return crypto.createHmac('sha256', SIGNING_KEY).update(code).digest('hex');
}

function contentEtag(buffer) {
  return crypto.createHash('md5').update(buffer).digest('base64');
}

/* ---------- field encryption ---------- */

function encryptMemberNumber(memberNumber) {
  // expect: CWE-327
  const cipher = crypto.createCipheriv('aes-128-ecb', FIELD_KEY, null);
  return Buffer.concat([cipher.update(String(memberNumber), 'utf8'), cipher.final()]).toString('base64');
}

function encryptField(plaintext, key) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const enc = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), enc]).toString('base64');
}

function decryptField(payload, key) {
  const raw = Buffer.from(payload, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

module.exports = {
  hashPassword,
  verifyPassword,
  hashPasswordForPos,
  generateResetToken,
  generateVoucherCode,
  generateSessionId,
  generateOtp,
  jitter,
  signVoucher,
  contentEtag,
  encryptMemberNumber,
  encryptField,
  decryptField,
};

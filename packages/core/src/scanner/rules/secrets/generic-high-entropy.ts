import type { RuleSpec, SecretHit } from '../../rule.ts';
import { isPasswordHash, isSecretName, nameWords } from '../../secrets/credentials.ts';
import { entropy, hasTemplateMarker, isHex, looksFake, overlapsAny, valueHit, wordiness } from '../../secrets/detect.ts';
import { MAX_HITS_PER_RULE, defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';
import anthropic from './anthropic.ts';
import aws from './aws.ts';
import azure from './azure.ts';
import connectionString from './connection-string.ts';
import github from './github.ts';
import gitlab from './gitlab.ts';
import google from './google.ts';
import grafana from './grafana.ts';
import jwt from './jwt.ts';
import npm from './npm.ts';
import openai from './openai.ts';
import privateKey from './private-key.ts';
import pypi from './pypi.ts';
import secscan from './secscan.ts';
import sendgrid from './sendgrid.ts';
import slack from './slack.ts';
import stripe from './stripe.ts';
import tokenFormats from './token-formats.ts';
import twilio from './twilio.ts';

/**
 * Key-like random values assigned to secret-looking names, in any language or configuration format:
 * `apiKey = "…"`, `api_key: …`, `"client_secret": "…"`, `API_TOKEN=…`, `--token=…`, `['token'] => '…'`,
 * `setdefault("SECRET_KEY", "…")`, `Authorization: Bearer …`.
 *
 * The value must look machine-generated — at least 20 characters, high Shannon entropy, frequent
 * changes between character classes — so human passwords (left to the languages'
 * `hardcoded-credentials` rules) and identifiers are not reported. Values in a provider's format are
 * left to the provider's rule, which knows better (and refuses look-alikes with a bad checksum).
 */

/** The provider-format rules (their hits win over generic judgements on the same value). */
export const PROVIDERS: readonly RuleSpec[] = [
  anthropic,
  aws,
  azure,
  connectionString,
  github,
  gitlab,
  google,
  grafana,
  jwt,
  npm,
  openai,
  privateKey,
  pypi,
  secscan,
  sendgrid,
  slack,
  stripe,
  tokenFormats,
  twilio,
];

// Assignment-like operators; each occurrence is examined with bounded look-back and look-ahead.
const OPERATOR = /[=:,]/g;
const MIN_LENGTH = 20;
const MAX_LENGTH = 512;
const MAX_NAME = 80;

// Values in a provider's format: the provider's rule judges them first (its hits win). One that it
// refuses for its shape (a wrong length) is judged here like any other value under a secret name; one
// whose checksum does not verify is a hand-made look-alike (see NOT_OURS).
export const PROVIDER_PREFIX =
  /^(?:glsa_|glc_|gh[pousr]_|github_pat_|gl[a-z]{2,7}-|GR1348941|xox[a-z]-|xapp-|[rsp]k_(?:live|test)_|AIza|GOCSPX-|SG\.|npm_|pypi-|sk-|eyJ|A[KS]IA|ss_)/;
// Environment look-ups (templates are `hasTemplateMarker`).
const LOOKUPS = ['%s', 'process.env', 'os.environ', 'getenv', 'ENV[', 'System.getenv', 'Environment.GetEnvironmentVariable', 'secrets.'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_A_SECRET_VALUE = /^(?:sha(?:1|224|256|384|512)[-:]|md5[-:]|[a-z][a-z0-9+.-]*:\/\/)/; // SRI / digests, URLs
const PATH_START = /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/;
const FILE_EXTENSION = /\.(?:pem|key|crt|cer|p12|pfx|jks|json|ya?ml|env|txt|cfg|conf|ini|xml|js|ts|py|rb|go|java|php|cs|html?|png|jpe?g|svg)$/i;
// Names that hold public or derived values even though they sound secret.
const NOT_SECRET_NAME_WORDS = new Set([
  'public',
  'publishable',
  'pub',
  'sha',
  'sha1',
  'sha256',
  'sha512',
  'md5',
  'checksum',
  'fingerprint',
  'integrity',
  'etag',
  'kid',
  'thumbprint',
  'example',
  'sample',
  'test',
  'dummy',
  'fake',
  'mock',
]);
const NAME_STEM = /pass|pwd|pw|secret|token|key|cred|auth|bearer|jwt|hmac|psk/i;
// Never judged here: formats with a checksum (GitHub, npm, secscan: a value that fails it is a
// look-alike), access key ids (public halves, reported by the AWS rule with their secret), JWTs and
// Stripe publishable keys (public by design).
const NOT_OURS = /^(?:gh[pousr]_|github_pat_|npm_|ss_|A[KS]IA|eyJ|pk_(?:live|test)_)/;
const DOTTED_IDENTIFIER = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;
const AUTH_SCHEME = /^(?:Bearer|bearer|Token|token)[ \t]+/;

const nameCache = new Map<string, boolean>();

function secretName(name: string): boolean {
  let known = nameCache.get(name);
  if (known === undefined) {
    known = NAME_STEM.test(name) && isSecretName(name) && !nameWords(name).some((w) => NOT_SECRET_NAME_WORDS.has(w));
    if (nameCache.size > 4096) nameCache.clear();
    nameCache.set(name, known);
  }
  return known;
}

function isAuthorizationName(name: string): boolean {
  const n = name.toLowerCase();
  return n === 'authorization' || n === 'proxy-authorization' || n === 'x-auth-token' || n === 'x-api-key';
}

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
}

function isQuote(c: number): boolean {
  return c === 34 || c === 39 || c === 96;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

const counts = new Int32Array(128);

/**
 * Whether a value looks machine-generated: 20–512 printable ASCII characters without spaces; hex with
 * at least 32 characters and ≥ 3.3 bits/char; anything else with ≥ 3.7 bits/char (≥ 4.0 from 32
 * characters: random base62/base64 gives 4.0–4.5 at 20–32 characters and more above), at least two of
 * lower/upper/digit, a digit unless long, a change of character class at ≥ 30% of positions, and
 * less than half of it made of pronounceable words (`wordiness`). Tuned on generated keys: 93% of
 * random 20-character base62/base64 values pass, 98–100% from 24 characters, while human passwords
 * and identifiers (`SuperSecretPassword2024!`, `MyCompanyName_Production_2023`,
 * `thisIsMyVeryLongVariableName123`, `correct-horse-battery-staple`) do not.
 */
export function isKeyLike(v: string): boolean {
  const n = v.length;
  if (n < MIN_LENGTH || n > MAX_LENGTH) return false;
  let lower = 0;
  let upper = 0;
  let digit = 0;
  let switches = 0;
  let prevKind = -1;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c <= 32 || c >= 127) {
      for (let j = 0; j < i; j++) counts[v.charCodeAt(j)] = 0;
      return false;
    }
    counts[c] = (counts[c] as number) + 1;
    const kind = c >= 48 && c <= 57 ? 0 : c >= 65 && c <= 90 ? 1 : c >= 97 && c <= 122 ? 2 : 3;
    if (kind === 0) digit++;
    else if (kind === 1) upper++;
    else if (kind === 2) lower++;
    if (prevKind >= 0 && kind !== prevKind) switches++;
    prevKind = kind;
  }
  let bits = 0;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    const k = counts[c] as number;
    if (k > 0) {
      const p = k / n;
      bits -= p * Math.log2(p);
      counts[c] = 0;
    }
  }
  if (isHex(v)) return n >= 32 && digit > 0 && digit < n && bits >= 3.3;
  const kinds = (lower > 0 ? 1 : 0) + (upper > 0 ? 1 : 0) + (digit > 0 ? 1 : 0);
  if (kinds < 2 || (digit === 0 && n < 32)) return false;
  if (switches / (n - 1) < 0.3) return false;
  if (bits < (n < 32 ? 3.7 : 4.0)) return false;
  // Random lower-case-and-digit tokens (Zendesk, Mattermost, Drone…) read as syllables more often than
  // mixed-case ones (a vowel turns up every few letters): up to 0.6 for them, where phrases
  // (`mysecretpassword2024`) still score 0.8 and more.
  const lowerOnly = lower + digit === n && digit >= 3 && n >= 24; // no separators either: `a1b2-shop-token` is a phrase
  return wordiness(v) < (lowerOnly ? 0.6 : 0.5);
}

/** A dotted part that is random, not a name (`SG.<id>.<secret>`): 16+ characters mixing letters and digits, not wordy. */
function randomSegment(seg: string): boolean {
  let digits = 0;
  for (let i = 0; i < seg.length; i++) if (isDigitCode(seg.charCodeAt(i))) digits++;
  return seg.length >= 16 && digits > 0 && digits < seg.length && entropy(seg) >= 3.5 && wordiness(seg) < 0.5;
}

/** Whether a value (already key-like) is in fact a template, a look-up, a path, a URL, a digest or an example. */
function isExcludedValue(v: string): boolean {
  if (NOT_OURS.test(v) || hasTemplateMarker(v) || LOOKUPS.some((l) => v.includes(l)) || NOT_A_SECRET_VALUE.test(v) || FILE_EXTENSION.test(v) || UUID.test(v)) return true;
  if (v.charCodeAt(0) === 36) return true; // $VAR, $ENV{…}
  if (isAssignmentOrQuery(v)) return true; // `NAME=value`, a query string
  if (isResourcePath(v) || isFilePath(v)) return true;
  if (isRegexSource(v)) return true; // a regular expression (`[A-Za-z0-9._~+/-]+=*`)
  if (/^[\w.+-]+@[\w-]+\.[\w.-]+$/.test(v)) return true; // an e-mail address
  if (isPasswordHash(v)) return true; // `pbkdf2_sha256$600000$…`, `$2b$12$…`: a stored hash, not a credential
  return looksFake(v, 10);
}

function isLowerCode(c: number): boolean {
  return c >= 97 && c <= 122;
}
function isUpperCode(c: number): boolean {
  return c >= 65 && c <= 90;
}
function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Whether a path segment reads as a word or a placeholder: `locations`, `keyRings` (capitalised words
 * run together), `PROJECT_ID` (upper case), `my-bucket_name` (lower case, no leading or trailing
 * separator), `signing-key.pem` (lower-case parts joined by `.`, `_` or `-`).
 */
function isWordSegment(seg: string): boolean {
  const n = seg.length;
  if (n < 2) return false;
  const first = seg.charCodeAt(0);
  // [A-Za-z][a-z]+([A-Z][a-z]+)*
  if (isUpperCode(first) || isLowerCode(first)) {
    let ok = isLowerCode(seg.charCodeAt(1));
    let prevUpper = false;
    for (let i = 1; ok && i < n; i++) {
      const c = seg.charCodeAt(i);
      if (isUpperCode(c)) {
        if (prevUpper || i === n - 1) ok = false;
        prevUpper = true;
      } else if (isLowerCode(c)) prevUpper = false;
      else ok = false;
    }
    if (ok) return true;
  }
  // [A-Z][A-Z0-9_]+
  if (isUpperCode(first)) {
    let ok = true;
    for (let i = 1; ok && i < n; i++) {
      const c = seg.charCodeAt(i);
      ok = isUpperCode(c) || isDigitCode(c) || c === 95;
    }
    if (ok) return true;
  }
  // [a-z][a-z0-9_-]*[a-z]
  if (isLowerCode(first) && isLowerCode(seg.charCodeAt(n - 1))) {
    let ok = true;
    for (let i = 1; ok && i < n - 1; i++) {
      const c = seg.charCodeAt(i);
      ok = isLowerCode(c) || isDigitCode(c) || c === 95 || c === 45;
    }
    if (ok) return true;
  }
  // [a-z0-9]+([._-][a-z0-9]+)+
  let parts = 1;
  let partLength = 0;
  for (let i = 0; i < n; i++) {
    const c = seg.charCodeAt(i);
    if (isLowerCode(c) || isDigitCode(c)) partLength++;
    else if (c === 46 || c === 95 || c === 45) {
      if (partLength === 0) return false;
      parts++;
      partLength = 0;
    } else return false;
  }
  return parts >= 2 && partLength > 0;
}

/** `NAME=value` (an assignment written into a value) or a query string (`?a=b`, `&a=b`). */
function isAssignmentOrQuery(v: string): boolean {
  const isNamePart = (c: number): boolean => isLowerCode(c) || isUpperCode(c) || isDigitCode(c) || c === 95 || c === 46 || c === 45;
  const first = v.charCodeAt(0);
  if (isLowerCode(first) || isUpperCode(first) || first === 95) {
    let i = 1;
    while (i < v.length && isNamePart(v.charCodeAt(i))) i++;
    if (v.charCodeAt(i) === 61 && i + 1 < v.length && v.charCodeAt(i + 1) !== 61) return true;
  }
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c !== 63 && c !== 38) continue;
    let j = i + 1;
    while (j < v.length && isNamePart(v.charCodeAt(j))) j++;
    if (j > i + 1 && v.charCodeAt(j) === 61) return true;
  }
  return false;
}

/** A regular expression's source: a character class `[…]`, an escape like `\d` / `\w`, or a group `(?`. */
function isRegexSource(v: string): boolean {
  const open = v.indexOf('[');
  if (open >= 0 && v.indexOf(']', open + 1) > open) return true;
  if (v.includes('(?')) return true;
  for (let i = v.indexOf('\\'); i >= 0; i = v.indexOf('\\', i + 1)) if ('dwsDWSbB'.includes(v.charAt(i + 1)) && v.charAt(i + 1) !== '') return true;
  return false;
}

/** `projects/PROJECT_ID/locations/global/keyRings/KEYRING`: three or more segments, nearly all words. */
function isResourcePath(v: string): boolean {
  const segments = v.split('/');
  if (segments.length < 3) return false;
  let words = 0;
  for (const seg of segments) if (isWordSegment(seg)) words++;
  return words >= segments.length * 0.75;
}

/**
 * `/etc/orders/keys`, `./config/jwt`, `C:\keys\app`: starts like a path and its segments read as
 * words (a base64 key that happens to start with `/` does not).
 */
function isFilePath(v: string): boolean {
  if (!PATH_START.test(v)) return false;
  const segments = v.split(/[\\/]/).filter((seg) => seg.length > 0 && seg !== '.' && seg !== '..' && seg !== '~' && !/^[A-Za-z]:$/.test(seg));
  let words = 0;
  for (const seg of segments) if (isWordSegment(seg)) words++;
  return words >= segments.length * 0.75;
}

interface Candidate {
  nameStart: number;
  name: string;
  valueStart: number;
  valueEnd: number;
  quoted: boolean;
}

/** Reads the name before an operator at `op` (exclusive): bare, quoted, or an index `x['name']`. */
function readName(text: string, op: number): { start: number; name: string; quoted: boolean } | null {
  let i = op;
  const floor = Math.max(0, op - MAX_NAME - 16);
  while (i > floor && isSpace(text.charCodeAt(i - 1))) i--;
  let c = text.charCodeAt(i - 1);
  let bracket = false;
  if (c === 93) {
    // ['name'] / ["name"] / [:name]
    bracket = true;
    i--;
    c = text.charCodeAt(i - 1);
  }
  if (isQuote(c)) {
    const close = i - 1;
    let j = close;
    while (j > floor && text.charCodeAt(j - 1) !== c && text.charCodeAt(j - 1) !== 10) j--;
    if (j <= floor || text.charCodeAt(j - 1) !== c) return null;
    const name = text.slice(j, close);
    if (name.length === 0 || name.length > MAX_NAME) return null;
    if (bracket && text.charCodeAt(j - 2) !== 91) return null;
    return { start: j - 1, name, quoted: true };
  }
  if (bracket) return null;
  const end = i;
  while (i > floor && isNameChar(text.charCodeAt(i - 1))) i--;
  if (i === end || end - i > MAX_NAME) return null;
  let name = text.slice(i, end);
  let start = i;
  // Typed declarations: `apiKey: string = "…"`, `var apiKey string = "…"` → the name before the type.
  if (/^(?:string|String|str|text|char|bytes|SecretStr|const|final)$/.test(name)) {
    let k = i;
    while (k > floor && isSpace(text.charCodeAt(k - 1))) k--;
    if (text.charCodeAt(k - 1) === 58) k--;
    while (k > floor && isSpace(text.charCodeAt(k - 1))) k--;
    const e = k;
    while (k > floor && isNameChar(text.charCodeAt(k - 1))) k--;
    if (k < e) {
      name = text.slice(k, e);
      start = k;
    }
  }
  // Leading dashes of CLI flags (`--api-token=`), dots of member chains are part of the words.
  const trimmed = name.replace(/^[-.]+/, '');
  if (!/[A-Za-z]/.test(trimmed)) return null;
  return { start: start + (name.length - trimmed.length), name: trimmed, quoted: false };
}

/** Reads the value after an operator: quoted (to the matching quote, escapes skipped) or a bare token. */
function readValue(text: string, from: number, auth: boolean): { start: number; end: number; quoted: boolean } | null {
  let i = from;
  const limit = Math.min(text.length, from + 16);
  while (i < limit && isSpace(text.charCodeAt(i))) i++;
  let c = text.charCodeAt(i);
  // String prefixes: b"…" r"…" u"…" @"…" (Python bytes/raw, C# verbatim).
  if ((c === 98 || c === 114 || c === 117 || c === 64) && isQuote(text.charCodeAt(i + 1))) {
    i++;
    c = text.charCodeAt(i);
  }
  if (isQuote(c)) {
    let start = i + 1;
    if (auth) {
      const scheme = AUTH_SCHEME.exec(text.slice(start, start + 16));
      if (scheme) start += scheme[0].length;
    }
    let j = start;
    const max = Math.min(text.length, start + MAX_LENGTH + 1);
    while (j < max) {
      const d = text.charCodeAt(j);
      if (d === c || d === 10) break;
      if (d === 92) j++; // an escaped character
      j++;
    }
    if (j >= text.length || text.charCodeAt(j) !== c) return null;
    return { start, end: j, quoted: true };
  }
  let start = i;
  if (auth) {
    const scheme = AUTH_SCHEME.exec(text.slice(start, start + 16));
    if (scheme) start += scheme[0].length;
  }
  let j = start;
  const max = Math.min(text.length, start + MAX_LENGTH + 1);
  while (j < max) {
    const d = text.charCodeAt(j);
    // Every operator character ends a bare value, so bare values never overlap: linear overall.
    if (d <= 32 || d === 44 || d === 59 || d === 58 || d === 41 || d === 125 || d === 93 || d === 40 || d === 91 || d === 123 || isQuote(d) || d === 60 || d === 62) break;
    if (d === 61) {
      // `=` only as base64 padding at the end of the value.
      let k = j;
      while (k < max && text.charCodeAt(k) === 61) k++;
      const after = text.charCodeAt(k);
      if (k - j > 2 || !(k >= text.length || after <= 32 || after === 44 || after === 59 || after === 41 || after === 125 || after === 93 || isQuote(after))) return null;
      j = k;
      break;
    }
    j++;
  }
  // A bare value must end the token: followed by whitespace, a delimiter or the end.
  const after = j < text.length ? text.charCodeAt(j) : 10;
  if (!(after <= 32 || after === 44 || after === 59 || after === 41 || after === 125 || after === 93 || isQuote(after))) return null;
  return { start, end: j, quoted: false };
}

/** Whether the value at `i` (after blanks and an opening quote) starts with `Bearer ` or `Token `. */
function startsWithAuthScheme(text: string, i: number): boolean {
  let k = i;
  while (k < text.length && k - i < 8 && isSpace(text.charCodeAt(k))) k++;
  if (isQuote(text.charCodeAt(k))) k++;
  return AUTH_SCHEME.test(text.slice(k, k + 8));
}

/** Whether the text before a bare `name:` (blanks skipped) is a line start, `{`, `(`, `[`, `,`, `- ` or a quote. */
function startsStructure(text: string, nameStart: number): boolean {
  const c = prevNonBlank(text, nameStart);
  return c === -1 || c === 10 || c === 13 || c === 123 || c === 40 || c === 91 || c === 44 || c === 45 || c === 124 || isQuote(c);
}

/** The first non-blank character before `i` (bounded), or -1. */
function prevNonBlank(text: string, i: number): number {
  for (let k = i - 1, n = 0; k >= 0 && n < 16; k--, n++) {
    const c = text.charCodeAt(k);
    if (!isSpace(c)) return c;
  }
  return -1;
}

/** The first non-blank character from `i` (bounded), or -1. */
function nextNonBlank(text: string, i: number): number {
  for (let k = i, n = 0; k < text.length && n < 16; k++, n++) {
    const c = text.charCodeAt(k);
    if (!isSpace(c)) return c;
  }
  return -1;
}

function findCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  const re = OPERATOR;
  re.lastIndex = 0;
  // `test` (no match array per operator) and cheap checks first: most operators in code are
  // followed by short values, calls or expressions and are dropped before the name is read.
  while (re.test(text)) {
    const op = re.lastIndex - 1;
    const c = text.charCodeAt(op);
    const next = text.charCodeAt(op + 1);
    const prev = op > 0 ? text.charCodeAt(op - 1) : 0;
    let valueFrom = op + 1;
    let nameTo = op;
    if (c === 44) {
      // call style `("NAME", "value")`: both quoted
      if (!isQuote(prevNonBlank(text, op)) || !isQuote(nextNonBlank(text, op + 1))) continue;
    } else if (c === 61) {
      // `=`, `:=`, `=>`; not `==`, `!=`, `<=`, `>=`, `=~`.
      if (next === 61 || next === 126 || prev === 61 || prev === 33 || prev === 60 || prev === 62) continue;
      if (next === 62) valueFrom++;
      if (prev === 58 || prev === 43) nameTo--; // `:=`, `+=`
    } else {
      if (next === 58 || prev === 58 || next === 61) continue; // `::`, `:=` (handled at `=`)
      if (next === 47 && text.charCodeAt(op + 2) === 47) continue; // `scheme://`
    }
    // The value first: long enough and well delimited?
    let value = readValue(text, valueFrom, false);
    if (value === null || value.end - value.start < MIN_LENGTH) {
      // `Authorization: Bearer …` has a space inside: only worth a second look after a scheme word.
      if (!startsWithAuthScheme(text, valueFrom)) continue;
      const name = readName(text, nameTo);
      if (!name || !isAuthorizationName(name.name)) continue;
      value = readValue(text, valueFrom, true);
      if (!value || value.end - value.start < MIN_LENGTH) continue;
      out.push({ nameStart: name.start, name: name.name, valueStart: value.start, valueEnd: value.end, quoted: value.quoted });
      re.lastIndex = Math.max(re.lastIndex, value.end);
      continue;
    }
    if (c === 44 && !value.quoted) continue;
    if (value.end - value.start < MIN_LENGTH) continue;
    const name = readName(text, nameTo);
    if (!name) continue;
    if (c === 44 && !name.quoted) continue;
    // `name: value` with a bare name starts a line, a mapping or an argument — not prose ("Next page token: …").
    if (c === 58 && !name.quoted && !startsStructure(text, name.start)) continue;
    if (!secretName(name.name)) {
      if (!isAuthorizationName(name.name)) continue;
      const auth = readValue(text, valueFrom, true);
      if (!auth || auth.end - auth.start < MIN_LENGTH) continue;
      value = auth;
    }
    out.push({ nameStart: name.start, name: name.name, valueStart: value.start, valueEnd: value.end, quoted: value.quoted });
    re.lastIndex = Math.max(re.lastIndex, value.end);
  }
  return out;
}

function detect(text: string): SecretHit[] {
  const candidates = findCandidates(text);
  if (candidates.length === 0) return [];
  const hits: SecretHit[] = [];
  let provided: { start: number; end: number }[] | null = null;
  for (const cand of candidates) {
    if (hits.length >= MAX_HITS_PER_RULE) break;
    const v = text.slice(cand.valueStart, cand.valueEnd);
    if (!isKeyLike(v) || isExcludedValue(v)) continue;
    if (!cand.quoted && DOTTED_IDENTIFIER.test(v) && !v.split('.').some(randomSegment)) continue; // code: `private_key: ed25519.Ed25519PrivateKey`
    if (provided === null) {
      provided = [];
      for (const rule of PROVIDERS) {
        if (rule.matcher.kind !== 'secret') continue;
        for (const h of rule.matcher.detect(text)) provided.push({ start: h.start, end: h.end });
      }
      provided.sort((a, b) => a.start - b.start);
    }
    if (overlapsAny(provided, cand.valueStart, cand.valueEnd)) continue;
    const label = cand.name.length > 60 ? `${cand.name.slice(0, 57)}…` : cand.name;
    hits.push(valueHit(cand.nameStart, cand.valueEnd, cand.valueStart, cand.valueEnd, `High-entropy secret assigned to "${label}"`));
  }
  return hits;
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'generic-high-entropy',
  confidence: 'medium',
  message: 'A random-looking secret (API key, token, signing key) is assigned to a secret-named setting in the code.',
  remediation:
    'Revoke or rotate the credential with whoever issued it (the API provider, your identity provider, or regenerate the signing ' +
    `or encryption key and re-issue what it protected). ${ROTATE_AND_MOVE} In configuration files reference the environment ` +
    '(`${API_TOKEN}`, `env("API_TOKEN")`) and keep real values in an untracked `.env` or the deployment\'s secret store.',
  references: ['https://owasp.org/Top10/A07_2021-Identification_and_Authentication_Failures/'],
  detect,
});

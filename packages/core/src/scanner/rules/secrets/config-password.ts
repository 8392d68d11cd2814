import { defineRule, type SecretHit } from '../../rule.ts';
import { isCredentialValue, isSecretName, isUiText, nameWords, shannonEntropy } from '../../secrets/credentials.ts';
import { isCodeExpression, memoizeDetector, valueHit } from '../../secrets/detect.ts';
import { MAX_HITS_PER_RULE, ROTATE_AND_MOVE, SECRET_REFERENCES } from '../../secrets/define.ts';
import genericHighEntropy, { PROVIDER_PREFIX, PROVIDERS } from './generic-high-entropy.ts';

/**
 * Human-chosen passwords and secrets written into configuration files: `.env`, `.properties`,
 * YAML, INI/TOML, JSON, docker-compose `environment:` lists, Dockerfile `ENV`, shell `export`.
 * `spring.datasource.password=Winter2024!` is not random enough for the high-entropy detector,
 * and configuration has no language rule of its own, so this rule judges the name and the value
 * with the same `isSecretName` / `isCredentialValue` every language's hard-coded-credentials
 * rule uses. Random-looking values and connection strings are left to the rules that know them.
 */

const MAX_LINE = 2000;
const MAX_NAME = 101;
const PREFIXES = ['export', 'ENV', 'set', 'SET', 'setenv'];
/** Command-line flags that take a password but do not read like one (Redis). */
const SECRET_FLAGS = new Set(['requirepass', 'masterauth']);

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isNamePart(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 91 || c === 93;
}

function skipBlanks(line: string, i: number): number {
  while (i < line.length && isBlank(line.charCodeAt(i))) i++;
  return i;
}

/** `name = value` / `"name": value` / `export NAME=value` / `- NAME=value` at `from`, or null. */
function keyValueAt(line: string, from: number): { name: string; valueAt: number } | null {
  let i = from;
  const quote = line[i] === '"' || line[i] === "'" ? line[i] : '';
  if (quote) i++;
  if (!isNameStart(line.charCodeAt(i))) return null;
  const nameStart = i;
  while (i < line.length && i - nameStart <= MAX_NAME && isNamePart(line.charCodeAt(i))) i++;
  if (i - nameStart > MAX_NAME) return null;
  const name = line.slice(nameStart, i);
  if (quote) {
    if (line[i] !== quote) return null;
    i++;
  }
  i = skipBlanks(line, i);
  if (line[i] !== ':' && line[i] !== '=') return null;
  return { name, valueAt: skipBlanks(line, i + 1) };
}

/**
 * One `name <op> value` per line: an optional `export`/`ENV`/`set`/list dash, an optionally quoted
 * name of bounded length, `=` or `:`, the rest — read with plain character loops.
 */
function parseKeyValue(line: string): { name: string; value: string; valueAt: number } | null {
  const start = skipBlanks(line, 0);
  const starts: number[] = [];
  for (const p of PREFIXES) {
    if (line.startsWith(p, start) && isBlank(line.charCodeAt(start + p.length))) starts.push(skipBlanks(line, start + p.length));
  }
  if (line[start] === '-' && isBlank(line.charCodeAt(start + 1))) starts.push(skipBlanks(line, start + 1));
  starts.push(start);
  for (const at of starts) {
    const kv = keyValueAt(line, at);
    if (kv) return { name: kv.name, value: line.slice(kv.valueAt), valueAt: kv.valueAt };
  }
  return null;
}
// Values that are references, not secrets: ${VAR}, $VAR, %(name)s, {{ x }}, <placeholder>, vault/ssm refs.
// Secret-manager references (external-secrets, vals, Doppler, SOPS, Kamal, Spring Cloud): `aws-sm:prod/db`, `ref+vault://…`, `gcp-sm:…`.
const REFERENCE =
  /^(?:\$\{|\$[A-Za-z_]|%\(|\{\{|<|vault:|ssm:|secretsmanager:|arn:|ENC\(|!vault|!secret|&|\*|aws-sm:|aws-ssm:|awssm:|gcp-sm:|gcpsm:|azure-kv:|azkv:|ref\+|sops:|doppler:|infisical:|keyvault:|sm:\/\/|op:\/\/|!(?:Ref|Sub|GetAtt|ImportValue|FindInMap|Join|Select|If|Base64|Split|ENV|Env|env|include|reference)(?:\s|$))/;
// Documentation stand-ins anywhere in the value (`…EXAMPLEKEY`, `AIza-replace-with-…`).
const STAND_IN = /example|replace|changeme|placeholder|your[-_]|dummy|redacted/i;

function unquote(raw: string): { value: string; offset: number } {
  let value = raw;
  let offset = 0;
  // Trailing JSON/YAML punctuation and inline comments of unquoted values.
  let end = value.length;
  while (end > 0 && isBlank(value.charCodeAt(end - 1))) end--;
  if (end > 0 && value.charCodeAt(end - 1) === 44) end--;
  while (end > 0 && isBlank(value.charCodeAt(end - 1))) end--;
  value = value.slice(0, end);
  const q = value[0];
  if ((q === '"' || q === "'") && value.length >= 2) {
    const close = value.indexOf(q, 1);
    if (close > 0) return { value: value.slice(1, close), offset: 1 };
  }
  const hash = value.search(/[ \t]#/);
  if (hash >= 0) value = value.slice(0, hash);
  value = value.trimEnd();
  if (value.endsWith(';')) value = value.slice(0, -1);
  offset = 0;
  return { value, offset };
}

/** An unquoted value that is code: a call or a structure being opened, or a dotted reference (HCL `var.x`, `aws_db.main.password`). */
function isExpression(value: string): boolean {
  if (isCodeExpression(value)) return true;
  const last = value.charCodeAt(value.length - 1);
  if (last === 123 || last === 91 || last === 40) return true; // `{`, `[`, `(`
  // `var.db_password`, `random_password.db.result`: identifiers in lower case joined by dots.
  const parts = value.split('.');
  if (parts.length < 2) return false;
  const identifier = (p: string): boolean =>
    p.length > 0 && ((p.charCodeAt(0) >= 97 && p.charCodeAt(0) <= 122) || p[0] === '_') && [...p].every((ch) => (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === '_');
  return parts.every(identifier);
}

/**
 * Passwords given to a program on its command line in configuration: `--requirepass s3cret`,
 * `"--password", "s3cret"` (an argument list), `--db-password=s3cret`.
 */
function flagPasswords(line: string): { name: string; flagAt: number; start: number; end: number }[] {
  const out: { name: string; flagAt: number; start: number; end: number }[] = [];
  for (let at = line.indexOf('--'); at >= 0 && out.length < 4; at = line.indexOf('--', at + 2)) {
    const before = at > 0 ? line[at - 1] : ' ';
    if (before !== ' ' && before !== '\t' && before !== '"' && before !== "'" && before !== '[' && before !== ',') continue;
    let i = at + 2;
    if (!isNameStart(line.charCodeAt(i))) continue;
    const nameStart = i;
    while (i < line.length && i - nameStart < 64 && (isNameStart(line.charCodeAt(i)) || (line.charCodeAt(i) >= 48 && line.charCodeAt(i) <= 57) || line[i] === '-')) i++;
    const name = line.slice(nameStart, i);
    if (!SECRET_FLAGS.has(name.toLowerCase()) && !isSecretName(name)) continue;
    if (line[i] === '=') i++;
    else {
      const closing = line[i] === '"' || line[i] === "'";
      if (closing) i++;
      const spaced = skipBlanks(line, i);
      if (closing && line[spaced] === ',') i = skipBlanks(line, spaced + 1);
      else if (spaced > i) i = spaced;
      else continue;
    }
    const quote = line[i] === '"' || line[i] === "'" ? line[i] : '';
    if (quote) i++;
    const start = i;
    while (i < line.length && i - start < 256) {
      const c = line[i];
      if (quote ? c === quote : c === ' ' || c === '\t' || c === ',' || c === ']' || c === '"' || c === "'") break;
      i++;
    }
    if (quote && line[i] !== quote) continue;
    const value = line.slice(start, i);
    if (value.length < 4 || value.startsWith('-') || REFERENCE.test(value) || STAND_IN.test(value) || !isCredentialValue(value, 'password')) continue;
    out.push({ name, flagAt: at, start, end: i });
  }
  return out;
}

/** Whether a sorted list has a value in `[from, to)`. */
function anyWithin(sorted: readonly number[], from: number, to: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && (sorted[lo] as number) < to;
}

/**
 * Names of `user:password` pairs: `BASIC_AUTH`, `HTTP_BASIC_AUTH`, `basicauth`, `USERPWD`, `USER_PASS`.
 * Their value is a login and a password joined by a colon.
 */
function isUserPasswordName(name: string): boolean {
  const w = nameWords(name);
  const last = w[w.length - 1] ?? '';
  const prev = w[w.length - 2] ?? '';
  return last === 'basicauth' || last === 'userpwd' || last === 'userpass' || (last === 'auth' && (prev === 'basic' || prev === 'http')) || (last === 'pass' && prev === 'user');
}

/** The password of a `user:password` value, or null (`admin:s3cret` → `s3cret`). */
function pairPassword(value: string): { password: string; at: number } | null {
  const colon = value.indexOf(':');
  if (colon <= 0 || colon === value.length - 1 || value.indexOf(':', colon + 1) >= 0) return null;
  if (value.includes('/') || value.includes(' ')) return null; // a URL, a host:port list, a sentence
  const user = value.slice(0, colon);
  const password = value.slice(colon + 1);
  if (/^\d+$/.test(password)) return null; // host:port
  if (!/^[A-Za-z0-9_.@-]{1,64}$/.test(user)) return null;
  return { password, at: colon + 1 };
}

/**
 * Terraform resources that store a secret: the literal in their value attribute is the secret
 * itself (`resource "aws_secretsmanager_secret_version" … { secret_string = "…" }`).
 */
const SECRET_RESOURCES = new Set([
  'aws_secretsmanager_secret_version',
  'azurerm_key_vault_secret',
  'google_secret_manager_secret_version',
  'vault_generic_secret',
  'vault_kv_secret_v2',
  'kubernetes_secret',
  'kubernetes_secret_v1',
  'github_actions_secret',
  'github_actions_environment_secret',
  'gitlab_project_variable',
  'heroku_config',
]);
const SECRET_VALUE_KEYS = new Set(['value', 'secret_string', 'secret_data', 'plaintext_value', 'data_json', 'secret_value']);

/** `resource "aws_ssm_parameter" "db_password" {` → type and label, read without a regular expression. */
function resourceHeader(line: string): { type: string; label: string } | null {
  if (!line.startsWith('resource ')) return null;
  const parts = line.slice(9).split('"');
  // ['', type, ' ', label, ' {']
  if (parts.length < 5 || (parts[0] ?? '').trim() !== '' || (parts[2] ?? '').trim() !== '') return null;
  return { type: parts[1] as string, label: parts[3] as string };
}

/** A value that is itself the name of a secret (`secretKey: password`, `key: client-secret`): a key to look up, not a value. */
const KEY_NAME_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'secret',
  'token',
  'key',
  'api',
  'apikey',
  'client',
  'access',
  'private',
  'db',
  'database',
  'auth',
  'admin',
  'root',
  'user',
  'app',
  'session',
  'signing',
  'jwt',
  'webhook',
  'master',
  'encryption',
  'refresh',
  'bearer',
  'credentials',
  'credential',
]);
function namesASecret(value: string): boolean {
  if (!/^[a-z]{2,32}(?:[-_][a-z]{2,32}){0,3}$/.test(value) || !isSecretName(value)) return false;
  return value.split(/[-_]/).every((w) => KEY_NAME_WORDS.has(w));
}

/**
 * A value that only repeats a word of its own key: `POSTGRES_PASSWORD: postgres`,
 * `MYSQL_ROOT_PASSWORD: root`, `RABBITMQ_PASSWORD=rabbitmq`. That is the image's documented
 * default, used for throwaway dev and CI containers (a test database in docker-compose, a service
 * container of a CI job); it protects nothing and leaks nothing, so it is not reported as a secret.
 * A typed password (`POSTGRES_PASSWORD: Tick3t!88`) still is.
 */
function repeatsKeyWord(key: string, value: string): boolean {
  if (value.length > 24 || !/^[A-Za-z][a-z0-9]*$/.test(value)) return false;
  const v = value.toLowerCase();
  return nameWords(key).some((w) => w === v && !isSecretName(w));
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  // The Terraform resource the line is in, and whether it stores a secret.
  let resource: { type: string; secret: boolean } | null = null;
  const takenSet = new Set<number>();
  // Lines another secret rule reports (memoised per scan, so this costs nothing extra).
  for (const rule of [genericHighEntropy, ...PROVIDERS]) {
    if (rule.matcher.kind !== 'secret') continue;
    for (const h of rule.matcher.detect(text)) takenSet.add(h.start);
  }
  // Sorted, so a line asks with a binary search instead of a walk over every hit.
  const taken = [...takenSet].sort((a, b) => a - b);
  // The secret-looking name of a `name:` / `value:` pair (Kubernetes `env:`, ECS task definitions), and its column.
  let pairName: { name: string; column: number } | null = null;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, Math.min(lineEnd, lineStart + MAX_LINE));
    const header = resourceHeader(line);
    if (header) resource = { type: header.type, secret: SECRET_RESOURCES.has(header.type) || (header.type === 'aws_ssm_parameter' && isSecretName(header.label)) };
    else if (line.startsWith('}')) resource = null;
    else if (resource?.type === 'aws_ssm_parameter' && line.includes('"SecureString"')) resource.secret = true;
    const m = parseKeyValue(line);
    const trimmed = line.trimStart();
    // Only a `value:` right below the `name:` (comments and blank lines aside) belongs to it.
    const paired = pairName !== null && m !== null && m.name === 'value' && line.indexOf(m.name) === pairName.column;
    const pairedName = paired && pairName ? pairName.name : null;
    if (trimmed !== '' && !trimmed.startsWith('#')) pairName = null;
    if (m) {
      const name = m.name;
      const rawValue = m.value;
      const rawAt = m.valueAt;
      const ownKey =
        name
          .split(/[.[\]]/)
          .filter(Boolean)
          .pop() ?? name;
      const { value, offset } = unquote(rawValue);
      // `- name: SFTP_PASSWORD` then `value: "…"`: the value is judged by the name it is paired with.
      const key = pairedName ?? ownKey;
      if (name === 'name' && isSecretName(value) && /^[A-Za-z_][A-Za-z0-9_.-]{0,100}$/.test(value)) pairName = { name: value, column: line.indexOf(name) };
      // Machine-random values are the high-entropy rule's to judge; this rule is for what people type.
      // A paired value is this rule's either way: no other rule sees the name it belongs to.
      const random = !paired && value.length >= 20 && shannonEntropy(value) >= 4;
      // An unquoted expression is code, not a value: `jsonencode({`, `random_password.db.result`, `getenv("X")`.
      // The value attribute of a Terraform secret resource holds the secret, random or typed.
      const stored = resource !== null && resource.secret && SECRET_VALUE_KEYS.has(key) && offset > 0;
      const plain = value && !(offset === 0 && isExpression(value)) && !REFERENCE.test(value) && !PROVIDER_PREFIX.test(value) && !STAND_IN.test(value);
      const pair = plain && isUserPasswordName(key) ? pairPassword(value) : null;
      if (
        plain &&
        ((!random && isSecretName(key)) || stored) &&
        !namesASecret(value) &&
        !repeatsKeyWord(key, value) &&
        !isUiText(value, key) &&
        isCredentialValue(value, stored ? 'secret' : key)
      ) {
        const start = lineStart + rawAt + offset;
        const overlapping = anyWithin(taken, lineStart, lineEnd);
        if (!overlapping)
          hits.push(
            valueHit(
              lineStart + (line.length - line.trimStart().length),
              start + value.length,
              start,
              start + value.length,
              `Password or secret in configuration (${stored && resource ? `${resource.type}.${key}` : key})`,
            ),
          );
      } else if (pair && isCredentialValue(pair.password, 'password') && !STAND_IN.test(pair.password)) {
        const start = lineStart + rawAt + offset + pair.at;
        if (!anyWithin(taken, lineStart, lineEnd))
          hits.push(
            valueHit(
              lineStart + (line.length - line.trimStart().length),
              start + pair.password.length,
              start,
              start + pair.password.length,
              `User and password in configuration (${key})`,
            ),
          );
      }
    }
    if (line.includes('--')) {
      for (const flag of flagPasswords(line)) {
        const overlapping = anyWithin(taken, lineStart, lineEnd);
        const last = hits[hits.length - 1];
        if (overlapping || (last !== undefined && last.start >= lineStart)) break;
        hits.push(
          valueHit(lineStart + flag.flagAt, lineStart + flag.end, lineStart + flag.start, lineStart + flag.end, `Password on a command line in configuration (--${flag.name})`),
        );
      }
    }
    if (lineEnd === text.length || hits.length >= MAX_HITS_PER_RULE) break;
    lineStart = lineEnd + 1;
  }
  return hits;
}

export default defineRule({
  class: 'hardcoded-credentials',
  name: 'config-password',
  confidence: 'medium',
  cwe: ['CWE-798', 'CWE-259'],
  languages: ['generic'],
  message: 'A password or secret is written in plain text in this configuration file',
  remediation: `Reference it instead of writing it: an environment variable (\`\${DB_PASSWORD}\`), your platform's secret store, or an encrypted value. ${ROTATE_AND_MOVE}`,
  references: ['https://cwe.mitre.org/data/definitions/259.html', ...SECRET_REFERENCES],
  matcher: { kind: 'secret', detect: memoizeDetector(detect) },
});

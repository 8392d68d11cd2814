import { defineRule, type SecretHit } from '../../rule.ts';
import { isCredentialValue, isSecretName, shannonEntropy } from '../../secrets/credentials.ts';
import { memoizeDetector, valueHit } from '../../secrets/detect.ts';
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
// One `name <op> value` per line: an optional `export`/`ENV`/`set`/list dash, an optionally quoted
// name of bounded length, `=` or `:`, the rest. Each part is a single bounded class: linear.
const KEY_VALUE = /^[ \t]*(?:(?:export|ENV|set|SET|setenv)[ \t]+|-[ \t]+)?(["']?)([A-Za-z_][\w.\-[\]]{0,100})\1[ \t]*([:=])[ \t]*(.*)$/;
// Values that are references, not secrets: ${VAR}, $VAR, %(name)s, {{ x }}, <placeholder>, vault/ssm refs.
const REFERENCE = /^(?:\$\{|\$[A-Za-z_]|%\(|\{\{|<|vault:|ssm:|secretsmanager:|arn:|ENC\(|!vault|!secret|&|\*)/;
// Documentation stand-ins anywhere in the value (`…EXAMPLEKEY`, `AIza-replace-with-…`).
const STAND_IN = /example|replace|changeme|placeholder|your[-_]|dummy|redacted/i;

function unquote(raw: string): { value: string; offset: number } {
  let value = raw;
  let offset = 0;
  // Trailing JSON/YAML punctuation and inline comments of unquoted values.
  value = value.replace(/[ \t]*,?[ \t]*$/, '');
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

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  const taken = new Set<number>();
  // Lines another secret rule reports (memoised per scan, so this costs nothing extra).
  for (const rule of [genericHighEntropy, ...PROVIDERS]) {
    if (rule.matcher.kind !== 'secret') continue;
    for (const h of rule.matcher.detect(text)) taken.add(h.start);
  }
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, Math.min(lineEnd, lineStart + MAX_LINE));
    const m = KEY_VALUE.exec(line);
    if (m) {
      const name = m[2] as string;
      const rawValue = m[4] as string;
      const rawAt = line.length - rawValue.length;
      const key = name.split(/[.[\]]/).filter(Boolean).pop() ?? name;
      const { value, offset } = unquote(rawValue);
      // Machine-random values are the high-entropy rule's to judge; this rule is for what people type.
      const random = value.length >= 20 && shannonEntropy(value) >= 4;
      if (value && !random && isSecretName(key) && !REFERENCE.test(value) && !PROVIDER_PREFIX.test(value) && !STAND_IN.test(value) && isCredentialValue(value, key)) {
        const start = lineStart + rawAt + offset;
        let overlapping = false;
        for (const t of taken) if (t >= lineStart && t < lineEnd) overlapping = true;
        if (!overlapping) hits.push(valueHit(lineStart + (line.length - line.trimStart().length), start + value.length, start, start + value.length, `Password or secret in configuration (${key})`));
      }
    }
    if (lineEnd === text.length || hits.length >= MAX_HITS_PER_RULE) break;
    lineStart = lineEnd + 1;
  }
  return hits;
}

export default defineRule({
  id: 'secrets.config-password',
  title: 'Hard-coded password in configuration',
  severity: 'high',
  confidence: 'medium',
  cwe: ['CWE-798', 'CWE-259'],
  owasp: ['A07:2021'],
  languages: ['generic'],
  message: 'A password or secret is written in plain text in this configuration file',
  remediation: `Reference it instead of writing it: an environment variable (\`\${DB_PASSWORD}\`), your platform's secret store, or an encrypted value. ${ROTATE_AND_MOVE}`,
  references: ['https://cwe.mitre.org/data/definitions/259.html', ...SECRET_REFERENCES],
  matcher: { kind: 'secret', detect: memoizeDetector(detect) },
});

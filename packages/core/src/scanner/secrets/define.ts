import type { ClassId } from '../classes/catalogue.ts';
import { defineRule, type RuleSpec, type SecretHit } from '../rule.ts';
import type { Confidence, Severity } from '../types.ts';
import { memoizeDetector } from './detect.ts';

/** The CWE page and OWASP cheat sheet every secret rule cites. */
export const SECRET_REFERENCES = ['https://cwe.mitre.org/data/definitions/798.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html'] as const;

/** What every secret finding asks for, after the provider-specific first step. */
export const ROTATE_AND_MOVE =
  'Treat it as compromised: it is in the source and its history. Then load the new value at run time from a secret manager ' +
  '(Vault, AWS Secrets Manager, Azure Key Vault, GCP Secret Manager, your CI/CD secret store) or an environment variable, ' +
  'never from the source, and purge the old value from the repository history.';

/**
 * At most this many hits per rule and scan: a text with more is a dump (a credentials export, a
 * generated fixture), the first ones make the point, and every hit costs the engine a finding.
 */
export const MAX_HITS_PER_RULE = 1000;

/** A secret detector: its class (`hardcoded-secret` unless said otherwise), its specifics and its detector. */
export interface SecretRuleSpec {
  class: ClassId;
  /** The detector's name (`aws`, `github`): how tests and listings tell detectors of one class apart. */
  name: string;
  severity?: Severity;
  confidence: Confidence;
  cwe?: readonly string[];
  message: string;
  remediation: string;
  references: readonly string[];
  detect: (text: string) => SecretHit[];
}

function capped(detect: (text: string) => SecretHit[]): (text: string) => SecretHit[] {
  return (text) => {
    const hits = detect(text);
    return hits.length > MAX_HITS_PER_RULE ? hits.slice(0, MAX_HITS_PER_RULE) : hits;
  };
}

/** A secret detector: runs on every language and on generic text (`secrets.<class>`); memoised per scan. */
export function defineSecretRule(spec: SecretRuleSpec): RuleSpec {
  return defineRule({
    class: spec.class,
    name: spec.name,
    everyLanguage: true,
    ...(spec.severity ? { severity: spec.severity } : {}),
    confidence: spec.confidence,
    cwe: spec.cwe ?? ['CWE-798'],
    message: spec.message,
    remediation: spec.remediation,
    references: [...spec.references, ...SECRET_REFERENCES.filter((r) => !spec.references.includes(r))],
    matcher: { kind: 'secret', detect: memoizeDetector(capped(spec.detect)) },
  });
}

import type { SecretHit } from '../../rule.ts';
import { finishHits, valueHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';
import { eachPemBegin, isJsonPrivateKeyValueAt, isServiceAccountFile, parsePrivateKeyBlock } from '../../secrets/pem.ts';

const KINDS: Readonly<Record<string, string>> = {
  'RSA PRIVATE KEY': 'RSA private key',
  'EC PRIVATE KEY': 'EC private key',
  'DSA PRIVATE KEY': 'DSA private key',
  'OPENSSH PRIVATE KEY': 'OpenSSH private key',
  'PRIVATE KEY': 'private key (PKCS#8)',
  'ENCRYPTED PRIVATE KEY': 'passphrase-protected private key (PKCS#8)',
  'PGP PRIVATE KEY BLOCK': 'PGP private key',
};

/** `private_key: |`, `key: >-`, `private_key = <<EOF`, `key = """`: a line that opens a multi-line value. Plain character checks. */
function opensBlock(line: string): boolean {
  let t = line.trimEnd();
  if (t.endsWith('"""') || t.endsWith("'''")) return t.slice(0, -3).trimEnd().endsWith('=');
  // YAML block scalar header: `|` or `>`, with an optional chomping indicator.
  if (t.endsWith('-') || t.endsWith('+')) t = t.slice(0, -1);
  if (t.endsWith('|') || t.endsWith('>')) {
    const before = t.slice(0, -1).trimEnd();
    if (before.endsWith(':')) return true;
  }
  // Heredoc: `= <<EOF`, `= <<-EOT`, `= <<"EOF"`.
  const at = line.lastIndexOf('<<');
  if (at < 0 || !line.slice(0, at).trimEnd().endsWith('=')) return false;
  let tag = line.slice(at + 2).trim();
  if (tag.startsWith('-')) tag = tag.slice(1);
  if ((tag.startsWith('"') && tag.endsWith('"')) || (tag.startsWith("'") && tag.endsWith("'"))) tag = tag.slice(1, -1);
  if (tag.length === 0 || tag.length > 32) return false;
  for (const ch of tag) if (!((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch === '_')) return false;
  return true;
}

/**
 * Where a key that is the value of a configuration entry starts: the entry itself when the PEM
 * block is the multi-line value of the line just above it (YAML block scalars, Terraform heredocs,
 * TOML multi-line strings), so the finding names the setting that holds it.
 */
function entryStart(text: string, start: number): number {
  let lineStart = start;
  while (lineStart > 0 && start - lineStart < 256 && text[lineStart - 1] !== '\n') lineStart--;
  // Only indentation (or an opening quote) before -----BEGIN on its line.
  for (let i = lineStart; i < start; i++) if (text[i] !== ' ' && text[i] !== '\t' && text[i] !== '"' && text[i] !== "'") return start;
  if (lineStart === 0) return start;
  let prevEnd = lineStart - 1;
  if (prevEnd > 0 && text[prevEnd - 1] === '\r') prevEnd--;
  let prevStart = prevEnd;
  while (prevStart > 0 && prevEnd - prevStart < 400 && text[prevStart - 1] !== '\n') prevStart--;
  const prev = text.slice(prevStart, prevEnd);
  if (!opensBlock(prev)) return start;
  let first = prevStart;
  while (first < prevEnd && (text[first] === ' ' || text[first] === '\t')) first++;
  const lead = text[first];
  return lead === '#' || lead === ';' || lead === '/' ? start : first;
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  let serviceAccount: boolean | null = null;
  eachPemBegin(text, (start, headerEnd, label) => {
    const block = parsePrivateKeyBlock(text, start, headerEnd, label);
    if (!block) return;
    // A Google service-account key file is reported, with its context, by the google detector.
    if (isJsonPrivateKeyValueAt(text, start) && (serviceAccount ??= isServiceAccountFile(text))) return block.end;
    const kind = KINDS[label] ?? label.toLowerCase();
    const description = block.encrypted && !kind.startsWith('passphrase') ? `passphrase-protected ${kind}` : kind;
    hits.push(valueHit(entryStart(text, block.start), block.end, block.bodyStart, block.bodyEnd, description, block.encrypted || block.truncated ? 'medium' : 'high'));
    return block.end;
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'private-key',
  severity: 'critical',
  confidence: 'high',
  cwe: ['CWE-798', 'CWE-321'],
  message: 'A private key (PEM) is written in the code.',
  remediation:
    'Consider the key pair compromised: revoke the certificate or remove the public key wherever it is trusted (authorized_keys, ' +
    'deploy keys, the CA, the JWT verifier, the PGP keyserver), generate a new pair, and keep the private key out of the ' +
    'repository — in a secret manager, a KMS/HSM that never exports it, or a file provisioned at deploy time and read by path. ' +
    ROTATE_AND_MOVE,
  references: ['https://cwe.mitre.org/data/definitions/321.html', 'https://www.rfc-editor.org/rfc/rfc7468'],
  detect,
});

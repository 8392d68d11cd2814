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

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  let serviceAccount: boolean | null = null;
  eachPemBegin(text, (start, headerEnd, label) => {
    const block = parsePrivateKeyBlock(text, start, headerEnd, label);
    if (!block) return;
    // A Google service-account key file is reported, with its context, by secrets.google.
    if (isJsonPrivateKeyValueAt(text, start) && (serviceAccount ??= isServiceAccountFile(text))) return block.end;
    const kind = KINDS[label] ?? label.toLowerCase();
    const description = block.encrypted && !kind.startsWith('passphrase') ? `passphrase-protected ${kind}` : kind;
    hits.push(valueHit(block.start, block.end, block.bodyStart, block.bodyEnd, description, block.encrypted ? 'medium' : 'high'));
    return block.end;
  });
  return finishHits(hits);
}

export default defineSecretRule({
  id: 'secrets.private-key',
  title: 'Private key in the code',
  severity: 'critical',
  confidence: 'high',
  cwe: ['CWE-798', 'CWE-321'],
  owasp: ['A02:2021', 'A07:2021'],
  message: 'A private key (PEM) is written in the code.',
  remediation:
    'Consider the key pair compromised: revoke the certificate or remove the public key wherever it is trusted (authorized_keys, ' +
    'deploy keys, the CA, the JWT verifier, the PGP keyserver), generate a new pair, and keep the private key out of the ' +
    'repository — in a secret manager, a KMS/HSM that never exports it, or a file provisioned at deploy time and read by path. ' +
    ROTATE_AND_MOVE,
  references: ['https://cwe.mitre.org/data/definitions/321.html', 'https://www.rfc-editor.org/rfc/rfc7468'],
  detect,
});

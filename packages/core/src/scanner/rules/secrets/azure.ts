import type { SecretHit } from '../../rule.ts';
import { B64, EQUALS, TOKEN, DOT, charIn, classOf, eachMatch, entropy, finishHits, lineStartOf, looksFake, runEnd, tokenHit, valueHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// `AccountKey=` (storage) and `SharedAccessKey=` (Service Bus, Event Hubs, IoT Hub) in connection strings.
const ACCOUNT_KEY = /(?:AccountKey|SharedAccessKey)=/gi;
// The signature of a shared access signature (SAS) token or URL.
const SAS_SIG = /sig=/g;
// Microsoft Entra ID (Azure AD) client secrets: 3 characters, a digit, `Q~`, 31–34 characters.
const ENTRA_MARK = /Q~/g;

// The storage emulator's (Azurite) well-known development key is published in Microsoft's docs.
const EMULATOR_KEY_PREFIX = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq';

function isEntraChar(c: number): boolean {
  return (classOf(c) & (TOKEN | DOT)) !== 0 || c === 126;
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];

  eachMatch(text, ACCOUNT_KEY, (m) => {
    const valueStart = m.index + m[0].length;
    let valueEnd = runEnd(text, valueStart, B64, 128);
    let pad = 0;
    while (pad < 2 && text.charCodeAt(valueEnd) === 61) {
      valueEnd++;
      pad++;
    }
    const value = text.slice(valueStart, valueEnd);
    if (charIn(text, valueEnd, B64 | EQUALS) || value.length < 40 || value.length > 100 || value.length % 4 !== 0) return;
    if (value.startsWith(EMULATOR_KEY_PREFIX) || looksFake(value, 16) || entropy(value) < 4) return;
    const storage = m[0].toLowerCase() === 'accountkey=';
    hits.push(valueHit(m.index, valueEnd, valueStart, valueEnd, storage ? 'Azure storage account key' : 'Azure shared access key (Service Bus / Event Hubs / IoT Hub)'));
    return valueEnd;
  });

  eachMatch(text, SAS_SIG, (m) => {
    const prev = text.charCodeAt(m.index - 1);
    // `?sig=`, `&sig=`, `;sig=`, or a bare SAS token string starting with the signature.
    if (m.index > 0 && prev !== 63 && prev !== 38 && prev !== 59 && prev !== 34 && prev !== 39 && prev !== 32) return;
    const valueStart = m.index + 4;
    let valueEnd = valueStart;
    while (valueEnd < text.length && valueEnd - valueStart < 200) {
      const c = text.charCodeAt(valueEnd);
      if ((classOf(c) & (B64 | EQUALS)) !== 0 || c === 37) valueEnd++;
      else break;
    }
    const raw = text.slice(valueStart, valueEnd);
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return;
    }
    // An HMAC-SHA256 in base64: 43 characters and one `=`.
    if (!/^[A-Za-z0-9+/]{43}=?$/.test(decoded) || looksFake(decoded, 16)) return;
    const lineStart = lineStartOf(text, m.index, 800);
    const before = text.slice(lineStart, m.index);
    const sv = before.lastIndexOf('sv=');
    if (sv < 0 || !/(?:^|[?&;])(?:se|sp|ss|sr)=/.test(before.slice(sv))) return;
    const url = before.lastIndexOf('https://', sv);
    const start = lineStart + (url >= 0 ? url : sv);
    hits.push(valueHit(start, valueEnd, valueStart, valueEnd, 'Azure shared access signature (SAS)'));
  });

  eachMatch(text, ENTRA_MARK, (m) => {
    const i = m.index;
    const start = i - 4;
    if (start < 0 || !/\d/.test(text.charAt(i - 1))) return;
    for (let k = start; k < i - 1; k++) if (!isEntraChar(text.charCodeAt(k))) return;
    if (start > 0 && isEntraChar(text.charCodeAt(start - 1))) return;
    let end = i + 2;
    while (end < text.length && end - i <= 36 && isEntraChar(text.charCodeAt(end))) end++;
    const tail = end - (i + 2);
    if (tail < 31 || tail > 34) return;
    const value = text.slice(start, end);
    if (looksFake(value, 14) || entropy(value) < 4) return;
    hits.push(tokenHit(start, end, 'Microsoft Entra ID (Azure AD) client secret', 'medium'));
  });

  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'azure',
  severity: 'critical',
  confidence: 'high',
  message: 'An Azure storage account key, shared access key or signature, or Entra ID client secret is written in the code.',
  remediation:
    'Rotate it: regenerate the storage account key or the shared access policy key (Portal → Access keys → Rotate key, or ' +
    '`az storage account keys renew`), revoke a SAS by rotating the key that signed it or deleting its stored access policy, and ' +
    'delete the client secret from the app registration. Prefer Microsoft Entra authentication with managed identities ' +
    `(\`DefaultAzureCredential\`) over keys; keep what remains in Azure Key Vault. ${ROTATE_AND_MOVE}`,
  references: ['https://learn.microsoft.com/en-us/azure/storage/common/storage-account-keys-manage', 'https://learn.microsoft.com/en-us/azure/storage/common/storage-sas-overview'],
  detect,
});

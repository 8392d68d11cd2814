import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Broken cipher families, written alone or followed by `-<mode>` (`rc4`, `bf-cbc`, `cast5-ecb`). */
const WEAK_FAMILIES = ['des', 'des3', 'desx', 'des-ede', 'des-ede3', 'rc2', 'rc4', 'bf', 'blowfish', 'cast', 'cast5', 'idea', 'seed'];

/** Whether an OpenSSL cipher name is broken (`des-ede3-cbc`, `rc4`, `bf-cbc`) or uses ECB (`aes-128-ecb`). */
function weakName(raw: string): boolean {
  const name = raw.toLowerCase();
  if (name.endsWith('-ecb')) return true;
  return WEAK_FAMILIES.some((f) => name === f || name.startsWith(`${f}-`));
}

function weakCipher(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.receiver ?? call.node) ?? '';
  const cls = /OpenSSL\.Cipher\.(DES|DES3|RC4|RC2|BF|CAST5|IDEA)$/.exec(path);
  if (cls) return { message: `${cls[1]} is a broken cipher` };
  const args = call.args.filter((a) => a.index >= 0).map((a) => ctx.stringValue(a.node));
  if (/OpenSSL\.Cipher\.AES(?:128|192|256)?$/.test(path))
    return args.some((a) => a !== null && /^ecb$/i.test(a)) ? { message: 'AES in ECB mode leaks patterns of the plaintext' } : false;
  const name = args[0];
  if (name === null || name === undefined || !weakName(name)) return false;
  return { message: /ecb$/i.test(name) ? `Cipher mode ECB ("${name}") leaks patterns of the plaintext` : `"${name}" is a broken or obsolete cipher` };
}

export default defineRule({
  class: 'weak-cipher',
  confidence: 'high',
  cwe: ['CWE-327'],
  languages: ['ruby'],
  message: 'A broken cipher (DES, 3DES, RC4, Blowfish) or ECB mode is used',
  remediation: 'Use an authenticated cipher: `OpenSSL::Cipher.new("aes-256-gcm")` with a random IV per message, or `ActiveSupport::MessageEncryptor` / `ActiveRecord::Encryption`.',
  references: [
    'https://cwe.mitre.org/data/definitions/327.html',
    'https://docs.ruby-lang.org/en/master/OpenSSL/Cipher.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'call',
    callee: ['OpenSSL.Cipher.new', 'OpenSSL.Cipher.Cipher.new', 'OpenSSL.Cipher.{DES,DES3,RC4,RC2,BF,CAST5,IDEA,AES,AES128,AES192,AES256}.new'],
    where: weakCipher,
  },
});

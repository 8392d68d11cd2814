import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, OWASP_ARGON2ID, verifyPassword } from './password-hash.ts';

const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 };

describe('Argon2id password hashes', () => {
  it('uses OWASP’s Argon2id parameters by default, in a PHC string with a random salt', async () => {
    const phc = await hashPassword('correct horse battery staple');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword('correct horse battery staple')).not.toBe(phc);
    expect(await verifyPassword('correct horse battery staple', phc)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', phc)).toBe(false);
    expect(needsRehash(phc)).toBe(false);
    expect(OWASP_ARGON2ID).toEqual({ memoryKiB: 19_456, iterations: 2, parallelism: 1 });
  });

  it('verifies the NFKC form, refuses malformed hashes, and asks to rehash weaker ones', async () => {
    const phc = await hashPassword('ｆｕｌｌ width words here', CHEAP);
    expect(await verifyPassword('full width words here', phc)).toBe(true);
    // Each malformed hash still costs a full OWASP hash (so it takes as long as a real one): two are enough here.
    for (const bad of ['$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', phc.slice(0, -10)]) {
      expect(await verifyPassword('full width words here', bad)).toBe(false);
    }
    expect(needsRehash(phc)).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { Fingerprinter, normalizeLine, stableHash } from './fingerprint.ts';

describe('Fingerprinter', () => {
  it('gives the ids of the earlier formula, stableHash(rule NUL line NUL occurrence), so ordinary findings keep theirs', () => {
    const line = normalizeLine('  db.query("SELECT * FROM users WHERE id = " + req.query.id);  ');
    const ids = new Fingerprinter();
    const hash = stableHash(line);
    expect(ids.id('javascript.sql-injection', 4, line, hash)).toBe(stableHash(`javascript.sql-injection\u0000${line}\u00000`));
    expect(ids.id('javascript.sql-injection', 4, line, hash)).toBe(stableHash(`javascript.sql-injection\u0000${line}\u00001`));
    // The same text on another line continues the count; another rule starts its own.
    expect(ids.id('javascript.sql-injection', 9, line, hash)).toBe(stableHash(`javascript.sql-injection\u0000${line}\u00002`));
    expect(ids.id('javascript.xss', 9, line, hash)).toBe(stableHash(`javascript.xss\u0000${line}\u00000`));
  });

  it('normalises whitespace', () => {
    expect(normalizeLine('\ta  =\t b ;  ')).toBe('a = b ;');
  });
});

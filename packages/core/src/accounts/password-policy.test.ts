import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_MIN_LENGTH, normalizePassword, PASSWORD_MAX_LENGTH, passwordProblem } from './password-policy.ts';

const context = { minLength: DEFAULT_PASSWORD_MIN_LENGTH, words: ['ada@example.com', 'Ada Lovelace'] };

describe('passwordProblem (NIST SP 800-63B)', () => {
  it('accepts long passwords of any composition, Unicode included', () => {
    for (const password of ['correct horse battery staple', 'alllowercaseletters', 'пароль из нескольких слов', '🔐 emoji are characters too 🔑']) {
      expect(passwordProblem(password, context)).toBeNull();
    }
  });

  it('counts characters, not UTF-16 units, and bounds the length', () => {
    expect(passwordProblem('🔑'.repeat(14), context)).toMatch(/at least 15/);
    expect(passwordProblem('a b'.repeat(100), context)).toMatch(/at most 256/);
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
  });

  it('refuses common passwords from the shipped list, in any case', () => {
    const short = { minLength: 8, words: [] };
    expect(passwordProblem('password1', short)).toMatch(/most common/);
    expect(passwordProblem('PassWord123', short)).toMatch(/most common/);
    expect(passwordProblem('Gz7#qLw2', short)).toBeNull();
  });

  it('refuses repeats, runs and passwords built from the user or the service', () => {
    expect(passwordProblem('aaaaaaaaaaaaaaaaa', context)).toMatch(/repeated/);
    expect(passwordProblem('abcdefghijklmnopq', context)).toMatch(/sequence/);
    expect(passwordProblem('ada@example.com1', context)).toMatch(/e-mail/);
    expect(passwordProblem('secscansecscan2026', context)).toMatch(/service/);
    expect(passwordProblem('Ada Lovelace Ada Lovelace', context)).toMatch(/name/);
  });

  it('compares after NFKC normalisation', () => {
    expect(normalizePassword('ｐａｓｓ')).toBe('pass');
  });
});

import { describe, expect, it } from 'vitest';
import { base62EncodeInt } from './base62.ts';
import { API_KEY_PREFIX, SESSION_TOKEN_PREFIX, base62Crc32, checksumToken, mintToken, tokenChecksum, verifyGithubStyleChecksum, verifyTokenChecksum } from './checksum.ts';
import { crc32 } from './crc32.ts';

const BODY = '3kTMd1Jf0qJ8ZrTq7YwW5nS4d9bQ0eLxV2hGc6uKpA1'; // 43 base62 characters

describe('secscan token checksum', () => {
  it('is the 6-digit base62 CRC-32 of prefix + body', () => {
    expect(tokenChecksum(API_KEY_PREFIX, BODY)).toBe(base62EncodeInt(crc32(API_KEY_PREFIX + BODY), 6));
    expect(checksumToken(API_KEY_PREFIX, BODY)).toBe(`${API_KEY_PREFIX}${BODY}${tokenChecksum(API_KEY_PREFIX, BODY)}`);
    expect(base62Crc32('123456789')).toBe('3jZRME'); // 0xCBF43926
    expect(tokenChecksum(API_KEY_PREFIX, BODY)).toBe('3QqaRQ'); // the example in the format's JSDoc
  });

  it('verifies minted tokens of both kinds', () => {
    for (let i = 0; i < 50; i++) {
      const key = mintToken(API_KEY_PREFIX);
      expect(key).toMatch(/^sk_live_[0-9A-Za-z]{49}$/);
      expect(verifyTokenChecksum(key, API_KEY_PREFIX)).toBe(true);
      const session = mintToken(SESSION_TOKEN_PREFIX);
      expect(session).toMatch(/^ss_[0-9A-Za-z]{49}$/);
      expect(verifyTokenChecksum(session, SESSION_TOKEN_PREFIX)).toBe(true);
    }
    expect(mintToken(API_KEY_PREFIX, 64)).toHaveLength(API_KEY_PREFIX.length + 86 + 6);
  });

  it('refuses any single-character change', () => {
    const key = checksumToken(API_KEY_PREFIX, BODY);
    for (let i = API_KEY_PREFIX.length; i < key.length; i++) {
      const c = key[i] === 'a' ? 'b' : 'a';
      expect(verifyTokenChecksum(key.slice(0, i) + c + key.slice(i + 1), API_KEY_PREFIX)).toBe(false);
    }
  });

  it('binds the prefix: a session token relabelled as an API key does not verify', () => {
    const session = checksumToken(SESSION_TOKEN_PREFIX, BODY);
    expect(verifyTokenChecksum(session, SESSION_TOKEN_PREFIX)).toBe(true);
    expect(verifyTokenChecksum(API_KEY_PREFIX + session.slice(SESSION_TOKEN_PREFIX.length), API_KEY_PREFIX)).toBe(false);
    expect(verifyTokenChecksum(session, API_KEY_PREFIX)).toBe(false);
  });

  it('refuses malformed tokens', () => {
    const key = checksumToken(API_KEY_PREFIX, BODY);
    expect(verifyTokenChecksum('', API_KEY_PREFIX)).toBe(false);
    expect(verifyTokenChecksum(key.slice(0, -1), API_KEY_PREFIX)).toBe(false);
    expect(verifyTokenChecksum(`${key}0`, API_KEY_PREFIX)).toBe(false);
    expect(verifyTokenChecksum(key.replace('3', '-'), API_KEY_PREFIX)).toBe(false);
    expect(verifyTokenChecksum(API_KEY_PREFIX + 'a'.repeat(10) + tokenChecksum(API_KEY_PREFIX, 'a'.repeat(10)), API_KEY_PREFIX)).toBe(false); // body too short
    expect(() => checksumToken(API_KEY_PREFIX, 'short')).toThrow(RangeError);
    expect(() => checksumToken(API_KEY_PREFIX, `${BODY.slice(1)}_`)).toThrow(RangeError);
    expect(() => mintToken(API_KEY_PREFIX, 16)).toThrow(RangeError);
  });
});

describe('GitHub-style checksum', () => {
  const entropy = 'zQWBuTSOoRi4A9spHcVY5ncnsDkxkJ';

  it('is the CRC-32 of the 30 random characters only', () => {
    expect(base62Crc32(entropy)).toBe('0mLq17');
    expect(verifyGithubStyleChecksum(`ghp_${entropy}0mLq17`)).toBe(true);
    expect(verifyGithubStyleChecksum(`npm_${entropy}0mLq17`)).toBe(true);
  });

  it('refuses look-alikes', () => {
    expect(verifyGithubStyleChecksum(`ghp_${entropy}0mLq18`)).toBe(false);
    expect(verifyGithubStyleChecksum(`ghp_${entropy.replace('z', 'y')}0mLq17`)).toBe(false);
    expect(verifyGithubStyleChecksum('ghp_16C7e42F292c6912E7710c838347Ae178B4a')).toBe(false); // the sample in GitHub's API docs
    expect(verifyGithubStyleChecksum(`ghp_${entropy}0mLq1`)).toBe(false);
  });
});

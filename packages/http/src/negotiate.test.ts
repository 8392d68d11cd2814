import { describe, expect, it } from 'vitest';
import { isJsonContentType, prefersSarif } from './negotiate.ts';

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON', true],
    ['application/json; charset=utf-8', true],
    ['application/json;charset="UTF-8"', true],
    ['application/json; charset=latin1', false],
    ['application/json-patch+json', false],
    ['text/plain', false],
    ['application/x-www-form-urlencoded', false],
    ['', false],
    [null, false],
  ])('%s → %s', (header, expected) => {
    expect(isJsonContentType(header)).toBe(expected);
  });
});

describe('prefersSarif', () => {
  it.each([
    ['application/sarif+json', true],
    ['application/sarif+json, application/json;q=0.5', true],
    ['application/json, application/sarif+json', false],
    ['application/sarif+json, application/json', false],
    ['application/sarif+json, */*', false],
    ['application/sarif+json, */*;q=0.8', true],
    ['application/json;q=0.9, application/sarif+json', true],
    ['application/json, application/sarif+json;q=0.9', false],
    ['*/*', false],
    ['application/*', false],
    ['application/sarif+json;q=0', false],
    ['application/sarif+json;q=abc', false],
    [null, false],
  ])('%s → %s', (header, expected) => {
    expect(prefersSarif(header)).toBe(expected);
  });

  it('stays cheap on a huge hostile header', () => {
    const started = performance.now();
    expect(prefersSarif(`${'a;q=1,'.repeat(100_000)}application/sarif+json`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

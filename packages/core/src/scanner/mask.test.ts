import { describe, expect, it } from 'vitest';
import { literalContent, maskedSlice, maskQuotedValues, mergeMaskRanges, visiblePrefix } from './mask.ts';
import { SourceText, SyntaxNode } from './syntax.ts';

/** A leaf node over `text` from `start` to `end`, as the mirror tree builds them. */
function leaf(text: string, start: number, end: number): SyntaxNode {
  return new SyntaxNode('string', true, null, start, end, null, new SourceText(text));
}

describe('masking', () => {
  it('keeps a quarter of a short secret and four characters of a long one', () => {
    expect(visiblePrefix(7)).toBe(1);
    expect(visiblePrefix(3)).toBe(0);
    expect(visiblePrefix(40)).toBe(4);
    const code = 'pw = k9x2mq7;';
    expect(maskedSlice(code, 0, code.length, [{ start: 5, end: 12 }])).toBe('pw = k******;');
  });

  it('merges overlapping and touching ranges before masking', () => {
    expect(
      mergeMaskRanges([
        { start: 10, end: 20 },
        { start: 0, end: 5 },
        { start: 5, end: 8 },
        { start: 12, end: 15 },
        { start: 30, end: 30 },
      ]),
    ).toEqual([
      { start: 0, end: 8 },
      { start: 10, end: 20 },
    ]);
  });

  it('masks a slice as the whole text would show it, also when a range starts before the slice', () => {
    const code = 'a="0123456789abcdef0123" b="zyxwvutsrq"';
    const ranges = mergeMaskRanges([
      { start: 3, end: 23 },
      { start: 28, end: 38 },
    ]);
    const whole = maskedSlice(code, 0, code.length, ranges);
    expect(whole).toBe('a="0123****************" b="zy********"');
    for (let from = 0; from < code.length; from += 3) {
      for (let to = from; to <= code.length; to += 5) expect(maskedSlice(code, from, to, ranges)).toBe(whole.slice(from, to));
    }
  });

  it('masks thousands of secrets on one line in one pass', () => {
    const parts = Array.from({ length: 20_000 }, (_, i) => `k${i}="${'s'.repeat(24)}";`);
    const code = parts.join('');
    const ranges: { start: number; end: number }[] = [];
    let at = 0;
    for (const part of parts) {
      const open = part.indexOf('"');
      ranges.push({ start: at + open + 1, end: at + open + 25 });
      at += part.length;
    }
    const started = performance.now();
    const masked = maskedSlice(code, 0, code.length, mergeMaskRanges(ranges));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(masked).not.toContain('sssss');
    expect(masked.length).toBe(code.length);
  });

  it('finds the content of string literals in their many forms', () => {
    const content = (text: string): string | null => {
      const r = literalContent(leaf(text, 0, text.length));
      return r ? text.slice(r.start, r.end) : null;
    };
    expect(content('"pw"')).toBe('pw');
    expect(content("b'pw'")).toBe('pw');
    expect(content('@"pw"')).toBe('pw');
    expect(content('"""pw"""')).toBe('pw');
    expect(content('`pw`')).toBe('pw');
    expect(content('u8"pw"')).toBe('pw');
    expect(content('""')).toBeNull();
  });

  it('masks values a message quotes, but not short ones that would hit ordinary words', () => {
    const code = 'x = "hunter22"; y = "abc";';
    const ranges = [
      { start: 5, end: 13 },
      { start: 21, end: 24 },
    ];
    expect(maskQuotedValues('password "hunter22" and "abc"', code, ranges)).toBe('password "hu******" and "abc"');
  });
});

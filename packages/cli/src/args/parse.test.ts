import { describe, expect, it } from 'vitest';
import { UsageError } from '../command.ts';
import { closest, formatOptions, lastValue, parseArgs, type OptionSpec } from './parse.ts';

const SPECS: OptionSpec[] = [
  { name: 'format', short: 'f', value: '<fmt>', description: 'output format' },
  { name: 'exclude', value: '<glob>', repeatable: true, description: 'skip paths' },
  { name: 'quiet', short: 'q', description: 'less output' },
];

describe('parseArgs', () => {
  it('reads long, long=value, short, repeatable options, flags and positionals in any order', () => {
    const args = parseArgs(['src', '--format', 'json', '-q', '--exclude=a/**', 'lib', '--exclude', '*.min.js', '-f', 'sarif'], SPECS);
    expect(args.positionals).toEqual(['src', 'lib']);
    expect(args.values.get('exclude')).toEqual(['a/**', '*.min.js']);
    expect(lastValue(args, 'format')).toBe('sarif');
    expect(args.flags.has('quiet')).toBe(true);
    expect(lastValue(args, 'missing')).toBeUndefined();
  });

  it('treats everything after -- as paths, and a lone - as a positional', () => {
    const args = parseArgs(['--quiet', '--', '--format', '-q'], SPECS);
    expect(args.positionals).toEqual(['--format', '-q']);
    expect(parseArgs(['-'], SPECS).positionals).toEqual(['-']);
  });

  it('keeps an empty value given with =', () => {
    expect(parseArgs(['--format='], SPECS).values.get('format')).toEqual(['']);
  });

  it.each([
    [['--fromat', 'json'], 'unknown option --fromat (did you mean --format?)'],
    [['--colour'], 'unknown option --colour'],
    [['-x'], 'unknown option -x'],
    [['--format'], 'option --format needs a value <fmt>'],
    [['-f', '--quiet'], 'option -f needs a value <fmt>'],
    [['--quiet=yes'], 'option --quiet takes no value'],
  ])('%j is a usage error: %s', (argv, message) => {
    expect(() => parseArgs(argv, SPECS)).toThrow(new UsageError(message));
  });
});

describe('closest', () => {
  it('suggests only near misses', () => {
    expect(closest('fail-no', ['fail-on', 'format'])).toBe('fail-on');
    expect(closest('xyz', ['fail-on', 'format'])).toBeNull();
  });
});

describe('formatOptions', () => {
  it('aligns names and descriptions', () => {
    expect(formatOptions(SPECS).split('\n')).toEqual(['  -f, --format <fmt>    output format', '      --exclude <glob>  skip paths', '  -q, --quiet           less output']);
  });
});

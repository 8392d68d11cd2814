import { describe, expect, it } from 'vitest';
import { UsageError } from '../command.ts';
import { parseByteSize, parseScanArgs } from './options.ts';

describe('parseScanArgs', () => {
  it('has defaults fit for CI: text, fail on high, every rule, 1 MiB', () => {
    expect(parseScanArgs(['.'])).toEqual({
      paths: ['.'],
      format: 'text',
      failOn: 'high',
      output: null,
      minConfidence: 'low',
      exclude: [],
      maxFileSize: 1_048_576,
      rules: null,
      models: [],
      quiet: false,
    });
  });

  it('reads every option', () => {
    const settings = parseScanArgs([
      'src',
      'app.py',
      '--format=SARIF',
      '-o',
      'out.sarif',
      '--fail-on',
      'none',
      '--min-confidence',
      'medium',
      '--exclude',
      'test/**',
      '--exclude=*.min.js',
      '--max-file-size',
      '256k',
      '--rules',
      'javascript.sql-injection, python.command-injection',
      '--rules=secrets.hardcoded-secret',
      '--models',
      'acme.json',
      '--models=billing.json',
      '-q',
    ]);
    expect(settings).toEqual({
      paths: ['src', 'app.py'],
      format: 'sarif',
      failOn: 'none',
      output: 'out.sarif',
      minConfidence: 'medium',
      exclude: ['test/**', '*.min.js'],
      maxFileSize: 262_144,
      rules: ['javascript.sql-injection', 'python.command-injection', 'secrets.hardcoded-secret'],
      models: ['acme.json', 'billing.json'],
      quiet: true,
    });
  });

  it('answers help before checking anything else', () => {
    expect(parseScanArgs(['--help'])).toBe('help');
    expect(parseScanArgs(['-h', '--format', 'xml'])).toBe('help');
  });

  it.each([
    [[], 'no files or directories to scan (try `secscan scan .`)'],
    [['.', '--format', 'xml'], "invalid value for --format: 'xml' (expected text, json or sarif)"],
    [['.', '--fail-on', 'severe'], "invalid value for --fail-on: 'severe' (expected critical, high, medium, low, info or none)"],
    [['.', '--min-confidence', 'sure'], "invalid value for --min-confidence: 'sure' (expected high, medium or low)"],
    [['.', '--max-file-size', '-5'], 'option --max-file-size needs a value <bytes>'],
    [['.', '--max-file-size', '1.5m'], "invalid value for --max-file-size: '1.5m' (expected a positive number of bytes, e.g. 1048576, 512k or 2m)"],
    [['.', '--rules', ' , '], '--rules needs at least one rule id'],
    [['.', '--output='], '--output needs a file name'],
    [['.', '--exclude='], '--exclude needs a pattern'],
    [['.', '--fromat', 'json'], 'unknown option --fromat (did you mean --format?)'],
  ])('%j is a usage error: %s', (argv, message) => {
    expect(() => parseScanArgs(argv)).toThrow(new UsageError(message));
  });

  it('refuses an unknown rule id, naming the closest and the valid ones', () => {
    expect(() => parseScanArgs(['.', '--rules', 'javascript.sql-injection,javascript.sql-injektion'])).toThrow(
      /^unknown rule id 'javascript\.sql-injektion' \(did you mean javascript\.sql-injection\?\)\. The javascript rules: .*javascript\.xss/,
    );
  });
});

describe('parseByteSize', () => {
  it.each([
    ['1048576', 1_048_576],
    ['512k', 524_288],
    ['512K', 524_288],
    ['2m', 2_097_152],
    ['1KiB', 1024],
    ['3MiB', 3_145_728],
    ['0', null],
    ['', null],
    ['k', null],
    ['12 kb', null],
    ['1e6', null],
    ['99999999999999999', null],
  ])('%j → %s', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
  });
});

/**
 * secscan's SARIF output against the official OASIS SARIF 2.1.0 JSON Schema
 * (tests/fixtures/sarif-schema-2.1.0.json, from oasis-tcs/sarif-spec
 * Documents/CommitteeSpecifications/2.1.0), validated with Ajv as the draft-07 schema it is.
 */
import { readFileSync } from 'node:fs';
import { createScanner, RULES, toSarif } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/servers.ts';

const schema = JSON.parse(readFileSync(`${ROOT}tests/fixtures/sarif-schema-2.1.0.json`, 'utf8')) as { $schema: string };
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

describe('SARIF 2.1.0 output', () => {
  it('uses the official draft-07 schema', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    // The schema has teeth: a log without runs, or with an unknown top-level member, is refused.
    expect(validate({ version: '2.1.0' })).toBe(false);
    expect(validate({ version: '2.1.0', runs: [], extra: true })).toBe(false);
  });

  it('validates for findings with data flows in several files and languages, and for an empty scan', async () => {
    const scanner = createScanner({ loader: grammarLoader });
    const samples: [string, string, string][] = [
      ['src/app.js', 'javascript', readFileSync(`${ROOT}tests/fixtures/scan-30-lines.js`, 'utf8')],
      [
        'tools/ping.py',
        'python',
        [
          'import subprocess',
          'from flask import request',
          '',
          "@app.route('/ping')",
          'def ping():',
          "    host = request.args.get('host')",
          "    subprocess.call('ping -c 1 ' + host, shell=True)",
          '',
        ].join('\n'),
      ],
      [
        'src/users.ts',
        'typescript',
        ['export async function find(req: Request, db: Db) {', '  const id = req.query.id;', '  return db.query(`SELECT * FROM users WHERE id = ${id}`);', '}', ''].join('\n'),
      ],
    ];
    const inputs = await Promise.all(samples.map(async ([uri, language, code]) => ({ uri, result: await scanner.scan({ code, language, filename: uri }) })));
    const log = toSarif(inputs, RULES);
    expect(log.runs[0]?.results.length).toBeGreaterThan(2);
    expect(log.runs[0]?.results.some((r) => 'codeFlows' in r)).toBe(true);
    // The source of a traced finding is also a related location (the sink is the result's own location).
    const traced = log.runs[0]?.results.find((r) => 'codeFlows' in r) as { relatedLocations?: { message: { text: string } }[] } | undefined;
    expect(traced?.relatedLocations?.[0]?.message.text).toMatch(/^source: /);
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);

    const empty = toSarif([{ uri: 'empty.py', result: await scanner.scan({ code: '', language: 'python' }) }], RULES);
    expect(validate(empty)).toBe(true);
  });
});

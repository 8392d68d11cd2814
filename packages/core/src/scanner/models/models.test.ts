import { describe, expect, it } from 'vitest';
import { grammarLoader } from '@secscan/grammars';
import { CLASSES, createScanner, ModelError, parseModels, RULES, type ScanResult } from '../../index.ts';
import { annotationPaths, typePath } from './names.ts';

/** The model the issue asks every version to accept, in each language's own call syntax. */
function acme(language: string, source: string, sink: string, sanitizer: string): Record<string, unknown> {
  return {
    name: 'acme',
    language,
    sources: [{ call: source, kind: 'remote' }],
    sinks: [{ call: sink, arg: 0, class: 'sql-injection' }],
    sanitizers: [{ call: sanitizer, class: 'sql-injection' }],
  };
}

interface Case {
  language: string;
  calls: [source: string, sink: string, sanitizer: string];
  /** Code with a tainted `run` on the line marked BAD and a quoted one on the line marked OK. */
  code: string;
}

const CASES: Case[] = [
  {
    language: 'python',
    calls: ['acme.request.arg', 'acme.db.run', 'acme.db.quote'],
    code: 'import acme\n\ndef view():\n    q = acme.request.arg("id")\n    acme.db.run("SELECT * FROM t WHERE id=" + q)  # BAD\n    s = acme.db.quote(q)\n    acme.db.run("SELECT * FROM t WHERE id=" + s)  # OK\n',
  },
  {
    language: 'javascript',
    calls: ['acme.request.arg', 'acme.db.run', 'acme.db.quote'],
    code: 'const acme = require("acme");\nfunction view() {\n  const q = acme.request.arg("id");\n  acme.db.run("SELECT * FROM t WHERE id=" + q); // BAD\n  const s = acme.db.quote(q);\n  acme.db.run("SELECT * FROM t WHERE id=" + s); // OK\n}\n',
  },
  {
    language: 'typescript',
    calls: ['acme.request.arg', 'acme.db.run', 'acme.db.quote'],
    code: 'import * as acme from "acme";\nexport function view(): void {\n  const q: string = acme.request.arg("id");\n  acme.db.run(`SELECT * FROM t WHERE id=${q}`); // BAD\n  const s: string = acme.db.quote(q);\n  acme.db.run(`SELECT * FROM t WHERE id=${s}`); // OK\n}\n',
  },
  {
    language: 'java',
    calls: ['acme.request.arg', 'acme.db.run', 'acme.db.quote'],
    code: 'class View {\n  void view() {\n    String q = acme.request.arg("id");\n    acme.db.run("SELECT * FROM t WHERE id=" + q); // BAD\n    String s = acme.db.quote(q);\n    acme.db.run("SELECT * FROM t WHERE id=" + s); // OK\n  }\n}\n',
  },
  {
    language: 'csharp',
    calls: ['Acme.Request.Arg', 'Acme.Db.Run', 'Acme.Db.Quote'],
    code: 'class View {\n  void Show() {\n    var q = Acme.Request.Arg("id");\n    Acme.Db.Run("SELECT * FROM t WHERE id=" + q); // BAD\n    var s = Acme.Db.Quote(q);\n    Acme.Db.Run("SELECT * FROM t WHERE id=" + s); // OK\n  }\n}\n',
  },
  {
    language: 'go',
    calls: ['acme.Arg', 'acme.Run', 'acme.Quote'],
    code: 'package main\n\nimport "example.com/acme"\n\nfunc view() {\n\tq := acme.Arg("id")\n\tacme.Run("SELECT * FROM t WHERE id=" + q) // BAD\n\ts := acme.Quote(q)\n\tacme.Run("SELECT * FROM t WHERE id=" + s) // OK\n}\n',
  },
  {
    // PHP: a class is matched by the name it is called with (namespaces dropped): `\Acme\Db::run` is `Db.run`.
    language: 'php',
    calls: ['Request.arg', 'Db.run', 'Db.quote'],
    code: '<?php\nfunction view() {\n  $q = \\Acme\\Request::arg("id");\n  \\Acme\\Db::run("SELECT * FROM t WHERE id=" . $q); // BAD\n  $s = \\Acme\\Db::quote($q);\n  \\Acme\\Db::run("SELECT * FROM t WHERE id=" . $s); // OK\n}\n',
  },
  {
    language: 'ruby',
    calls: ['Acme.Request.arg', 'Acme.Db.run', 'Acme.Db.quote'],
    code: 'def view\n  q = Acme::Request.arg("id")\n  Acme::Db.run("SELECT * FROM t WHERE id=" + q) # BAD\n  s = Acme::Db.quote(q)\n  Acme::Db.run("SELECT * FROM t WHERE id=" + s) # OK\nend\n',
  },
  {
    language: 'c',
    calls: ['acme_request_arg', 'acme_db_run', 'acme_db_quote'],
    code: 'void view(void) {\n  char sql[256];\n  const char *q = acme_request_arg("id");\n  snprintf(sql, sizeof sql, "SELECT * FROM t WHERE id=%s", q);\n  acme_db_run(sql); // BAD\n  const char *s = acme_db_quote(q);\n  snprintf(sql, sizeof sql, "SELECT * FROM t WHERE id=%s", s);\n  acme_db_run(sql); // OK\n}\n',
  },
  {
    language: 'cpp',
    calls: ['acme.request.arg', 'acme.db.run', 'acme.db.quote'],
    code: 'void view() {\n  std::string q = acme::request::arg("id");\n  acme::db::run("SELECT * FROM t WHERE id=" + q); // BAD\n  std::string s = acme::db::quote(q);\n  acme::db::run("SELECT * FROM t WHERE id=" + s); // OK\n}\n',
  },
];

const lineOf = (code: string, marker: string): number => code.split('\n').findIndex((l) => l.includes(marker)) + 1;
const sqlLines = (r: ScanResult): number[] => r.findings.filter((f) => f.cwe.includes('CWE-89')).map((f) => f.location.startLine);

describe('user models: the minimal shape, in every language', () => {
  const plain = createScanner({ loader: grammarLoader });

  it.each(CASES.map((c) => [c.language, c] as const))('%s: reported at the sink with the model, not without it, not once quoted', async (language, c) => {
    const withModel = createScanner({ loader: grammarLoader, models: [acme(language, ...c.calls)] });
    const found = await withModel.scan({ code: c.code, language });
    expect(sqlLines(found)).toEqual([lineOf(c.code, 'BAD')]);
    expect(found.findings.find((f) => f.cwe.includes('CWE-89'))?.ruleId).toBe(`${language}.sql-injection`);
    expect(sqlLines(await plain.scan({ code: c.code, language }))).toEqual([]);
  });
});

describe('model schema errors name the field', () => {
  const bad = (model: unknown): string => {
    try {
      createScanner({ loader: grammarLoader, models: [model] });
    } catch (e) {
      expect(e).toBeInstanceOf(ModelError);
      return (e as Error).message;
    }
    throw new Error('accepted an invalid model');
  };
  const base = acme('python', 'acme.request.arg', 'acme.db.run', 'acme.db.quote');

  it.each([
    ['an unknown class', { ...base, sinks: [{ call: 'x.y', class: 'sqli' }] }, 'models[0].sinks[0].class (acme): must be a taint class'],
    ['a non-taint class on a sink', { ...base, sinks: [{ call: 'x.y', class: 'weak-hash' }] }, 'models[0].sinks[0].class'],
    ['an unknown language', { ...base, language: 'cobol' }, 'models[0].language (acme): must be a language id'],
    ['a missing name', { language: 'python' }, 'models[0].name'],
    ['an unknown field', { ...base, sink: [] }, 'models[0].sink'],
    ['a source with neither call nor path', { ...base, sources: [{ kind: 'remote' }] }, 'models[0].sources[0] (acme): needs exactly one of `call` or `path`'],
    ['a bad source kind', { ...base, sources: [{ call: 'a.b', kind: 'internet' }] }, 'models[0].sources[0].kind (acme): must be one of remote, local'],
    ['a malformed pattern', { ...base, sinks: [{ call: 'a..b', class: 'xss' }] }, 'models[0].sinks[0].call (acme)'],
    ['a negative argument', { ...base, sinks: [{ call: 'a.b', arg: -1, class: 'xss' }] }, 'models[0].sinks[0].arg'],
    [
      'a check the language does not have',
      { ...base, sinks: [{ call: 'a.b', class: 'xss', where: 'no-such-check' }] },
      'models[0].sinks[0].where (acme): no check "no-such-check" for python',
    ],
    ['a handler without a shape', { ...base, handlers: [{ kind: 'remote' }] }, 'models[0].handlers[0] (acme): needs at least one of decorator'],
  ])('%s', (_what, model, message) => {
    expect(bad(model)).toContain(message);
  });

  it('accepts a JSON round trip of a valid model', () => {
    expect(() => createScanner({ loader: grammarLoader, models: [JSON.parse(JSON.stringify(base))] })).not.toThrow();
  });
});

describe('model features', () => {
  it('handlers: decorated functions and registered callbacks get input parameters', async () => {
    const model = {
      name: 'acme-web',
      language: ['python', 'javascript'],
      handlers: [
        { decorator: 'acme.endpoint', skip: ['self'], kind: 'remote' },
        { registration: '*.handle', argument: 'last', parameters: [0], kind: 'remote' },
      ],
    };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const py = 'import os\n\n@acme.endpoint("/run")\ndef run(cmd):\n    os.system("ls " + cmd)\n\ndef helper(cmd):\n    os.system("ls " + cmd)\n';
    const found = await scanner.scan({ code: py, language: 'python' });
    const plain = await createScanner({ loader: grammarLoader }).scan({ code: py, language: 'python' });
    const high = (r: ScanResult): number[] => r.findings.filter((f) => f.ruleId === 'python.command-injection' && f.confidence === 'high').map((f) => f.location.startLine);
    expect(high(found)).toEqual([5]);
    expect(high(plain)).toEqual([]);
    const js =
      'const cp = require("child_process");\nbus.handle("job", (name) => {\n  cp.exec("convert " + name);\n});\nbus.other("job", (name) => {\n  cp.exec("convert " + name);\n});\n';
    const jsFound = await scanner.scan({ code: js, language: 'javascript' });
    expect(jsFound.findings.filter((f) => f.ruleId === 'javascript.command-injection' && f.confidence === 'high').map((f) => f.location.startLine)).toEqual([3]);
  });

  it('handlers give input only to parameters the language says can carry it (not numbers, not framework objects)', async () => {
    const model = { name: 'acme-web', language: 'python', handlers: [{ decorator: 'acme.endpoint', kind: 'remote' }] };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const code = 'import os\n\n@acme.endpoint("/run")\ndef run(request, count: int, name):\n    os.system("ls " + str(count) + str(request))\n    os.system("ls " + name)\n';
    const r = await scanner.scan({ code, language: 'python' });
    expect(r.findings.filter((f) => f.ruleId === 'python.command-injection' && f.confidence === 'high').map((f) => f.location.startLine)).toEqual([6]);
  });

  it('audit sinks do not report values a sanitizer of the class made safe, whatever their origin', async () => {
    const model = {
      name: 'acme-shell',
      language: 'python',
      sinks: [{ call: 'acmeshell.run', class: 'command-injection', audit: true }],
      sanitizers: [
        { call: 'acmeshell.quote', class: 'command-injection' },
        { call: 'acmeshell.escape_html', class: 'xss' },
      ],
    };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    // `job_name` comes through the star import: nothing in the file says what it holds.
    const code =
      'import acmeshell\nfrom acme.settings import *\n\ndef convert():\n    acmeshell.run("convert " + acmeshell.quote(job_name))\n    acmeshell.run("convert " + acmeshell.escape_html(job_name))\n    acmeshell.run("convert --width %d" % len(job_name))\n';
    const r = await scanner.scan({ code, language: 'python' });
    expect(r.findings.map((f) => [f.ruleId, f.location.startLine, f.confidence])).toEqual([['python.command-injection', 6, 'low']]);
  });

  it('handlers: parameters the language knows to be inert stay clean under any handler shape', async () => {
    const model = { name: 'acme-rpc', language: 'java', handlers: [{ decorator: 'Rpc', kind: 'remote' }] };
    const code = [
      'class Jobs {',
      '  @Rpc',
      '  void run(String script, int retries, javax.servlet.http.HttpServletRequest request) throws Exception {',
      '    Runtime.getRuntime().exec("sh -c " + script);',
      '    Runtime.getRuntime().exec("sh -c " + retries);',
      '    Runtime.getRuntime().exec("sh -c " + request);',
      '  }',
      '}',
      '',
    ].join('\n');
    const high = (r: ScanResult): number[] => r.findings.filter((f) => f.ruleId === 'java.command-injection' && f.confidence === 'high').map((f) => f.location.startLine);
    expect(high(await createScanner({ loader: grammarLoader, models: [model] }).scan({ code, language: 'java' }))).toEqual([4]);
    expect(high(await createScanner({ loader: grammarLoader }).scan({ code, language: 'java' }))).toEqual([]);
  });

  it('a sink may carry more specific CWEs of its class, and no others', async () => {
    const model = {
      name: 'acme-pages',
      language: 'python',
      sources: [{ path: 'acme.arg', kind: 'remote' }],
      sinks: [{ call: 'acme.error_page', class: 'xss', cwe: ['CWE-79', 'CWE-81'] }],
    };
    const r = await createScanner({ loader: grammarLoader, models: [model] }).scan({ code: 'import acme\n\ndef show():\n    acme.error_page(acme.arg)\n', language: 'python' });
    expect(r.findings.map((f) => [f.ruleId, f.cwe])).toEqual([['python.xss', ['CWE-79', 'CWE-81']]]);
    expect(() => createScanner({ loader: grammarLoader, models: [{ ...model, sinks: [{ call: 'acme.error_page', class: 'xss', cwe: ['CWE-89'] }] }] })).toThrow(/CWE-89/);
    expect(() => createScanner({ loader: grammarLoader, models: [{ ...model, sinks: [{ call: 'acme.error_page', class: 'xss', cwe: ['79'] }] }] })).toThrow(
      /models\[0\]\.sinks\[0\]\.cwe/,
    );
  });

  it('local sources count at low confidence where the class says so, at medium elsewhere', async () => {
    const model = {
      name: 'acme-env',
      language: 'java',
      sources: [{ call: 'Acme.setting', kind: 'environment' }],
      sinks: [
        { call: 'Acme.open', class: 'path-traversal' },
        { call: 'Acme.run', class: 'command-injection' },
      ],
    };
    const code = 'class Tool {\n  void go() {\n    Acme.open(Acme.setting("NAME"));\n    Acme.run(Acme.setting("NAME"));\n  }\n}\n';
    const r = await createScanner({ loader: grammarLoader, models: [model] }).scan({ code, language: 'java' });
    expect(r.findings.map((f) => [f.ruleId, f.location.startLine, f.confidence])).toEqual([
      ['java.path-traversal', 3, 'low'],
      ['java.command-injection', 4, 'medium'],
    ]);
  });

  it('handlers: an alias makes renamed and destructured parameters read the object the sources name', async () => {
    const model = {
      name: 'acme-router',
      language: 'javascript',
      sources: [{ path: 'acmereq.{query,body}', kind: 'remote' }],
      handlers: [{ registration: '*.route', parameters: [0], minParameters: 2, skip: ['err'], alias: 'acmereq' }],
    };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const code = [
      'const cp = require("child_process");',
      'api.route("/a", (r, w) => cp.exec("ls " + r.query.dir));',
      'api.route("/b", ({ body: { dir }, user }, w) => { cp.exec("ls " + dir); cp.exec("ls " + user.home); });',
      'api.route("/c", (r, w) => cp.exec("ls " + r.session.dir));',
      'api.route("/d", (r) => cp.exec("ls " + r.query.dir));',
      'api.route("/e", (err, r) => cp.exec("ls " + err.query));',
      'api.route("/f", (r, w) => { r = load(); cp.exec("ls " + r.query.dir); });',
      'other("/g", (r, w) => cp.exec("ls " + r.query.dir));',
      '',
    ].join('\n');
    const r = await scanner.scan({ code, language: 'javascript' });
    const high = r.findings.filter((f) => f.ruleId === 'javascript.command-injection' && f.confidence === 'high');
    expect(high.map((f) => f.location.startLine)).toEqual([2, 3]);
    expect(high[1]?.message).toContain('acmereq.body.dir');
  });

  it('a handler needs exactly one of kind and alias', () => {
    expect(() => parseModels({ name: 'x', language: 'javascript', handlers: [{ registration: 'a.b', alias: 'req', kind: 'remote' }] })).toThrow(/exactly one of `kind`/);
    expect(() => parseModels({ name: 'x', language: 'javascript', handlers: [{ registration: 'a.b' }] })).toThrow(/exactly one of `kind`/);
  });

  it('literals: a key written at the call is reported, a configured one or a placeholder is not', async () => {
    const model = { name: 'acme-sign', language: 'python', literals: [{ call: 'acmesign.sign', arg: 1, keyword: 'key', through: 'acmesign.key', class: 'hardcoded-credentials' }] };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const code = [
      'import acmesign, os',
      'acmesign.sign(body, "k3y-Material-77")',
      'acmesign.sign(body, key="k3y-Material-77")',
      'acmesign.sign(body, acmesign.key("k3y-Material-77"))',
      'acmesign.sign(body, os.environ["SIGNING_KEY"])',
      'acmesign.sign(body, "changeme")',
      'acmesign.sign("k3y-Material-77", body)',
      '',
    ].join('\n');
    const r = await scanner.scan({ code, language: 'python' });
    expect(r.findings.filter((f) => f.ruleId === 'python.hardcoded-credentials').map((f) => f.location.startLine)).toEqual([2, 3, 4]);
  });

  it('a sink with `imports` counts only in files that import the module', async () => {
    const model = { name: 'acme-run', language: 'javascript', sinks: [{ call: '*.run', class: 'code-injection', imports: 'acme-sandbox' }] };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const lines = (code: string) =>
      scanner.scan({ code, language: 'javascript' }).then((r) => r.findings.filter((f) => f.ruleId === 'javascript.code-injection').map((f) => f.location.startLine));
    expect(await lines('const { Box } = require("acme-sandbox");\nconst box = new Box();\nbox.run(req.query.code);\n')).toEqual([3]);
    expect(await lines('const box = makeBox();\nbox.run(req.query.code);\n')).toEqual([]);
  });

  it('audit sinks report a non-constant argument at low confidence, and only that', async () => {
    const model = { name: 'acme-yaml', language: 'python', sinks: [{ call: 'acmeyaml.load', class: 'unsafe-deserialization', audit: true }] };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const code = 'import acmeyaml\n\ndef load(text):\n    return acmeyaml.load(text)\n\nDEFAULTS = acmeyaml.load("a: 1")\n';
    const r = await scanner.scan({ code, language: 'python' });
    expect(r.findings.map((f) => [f.ruleId, f.location.startLine, f.confidence])).toEqual([['python.unsafe-deserialization', 4, 'low']]);
  });

  it('a traced flow wins over an audit finding of the same call', async () => {
    const model = {
      name: 'acme-yaml',
      language: 'python',
      sources: [{ path: 'acme.body', kind: 'remote' }],
      sinks: [{ call: 'acmeyaml.load', class: 'unsafe-deserialization', audit: true }],
    };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const r = await scanner.scan({ code: 'import acme, acmeyaml\n\ndef load():\n    return acmeyaml.load(acme.body)\n', language: 'python' });
    expect(r.findings.map((f) => [f.ruleId, f.location.startLine, f.confidence])).toEqual([['python.unsafe-deserialization', 4, 'high']]);
  });

  it('validators guard, propagators copy, local sources count as local', async () => {
    const model = {
      name: 'acme-c',
      language: 'c',
      sources: [{ call: 'acme_read', into: 0, kind: 'remote' }],
      propagators: [{ call: 'acme_copy', from: [1], to: 0 }],
      validators: [{ call: 'acme_is_safe' }],
    };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const code = [
      'void a(void) {',
      '  char in[64], cmd[64];',
      '  acme_read(in, sizeof in);',
      '  acme_copy(cmd, in);',
      '  system(cmd);',
      '}',
      'void b(void) {',
      '  char in[64];',
      '  acme_read(in, sizeof in);',
      '  if (!acme_is_safe(in)) return;',
      '  system(in);',
      '}',
      '',
    ].join('\n');
    const r = await scanner.scan({ code, language: 'c' });
    expect(r.findings.filter((f) => f.ruleId === 'c.command-injection').map((f) => f.location.startLine)).toEqual([5]);
  });

  it('sources write into several arguments, propagators into several, numeric sanitizers keep sizes and indexes', async () => {
    const model = {
      name: 'acme-c',
      language: 'c',
      sources: [{ call: 'acme_read', into: [0, 1], kind: 'remote' }],
      propagators: [{ call: 'acme_split', from: [0], to: [1, 2] }],
      sanitizers: [{ call: 'acme_number', class: 'all', numeric: true }],
    };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const code = [
      'void f(void) {',
      '  char a[16], b[16], x[8], y[8], cmd[32];',
      '  int slots[4];',
      '  acme_read(a, b);',
      '  acme_split(a, x, y);',
      '  system(y);',
      '  int n = acme_number(b);',
      '  snprintf(cmd, sizeof cmd, "kill %d", n);',
      '  system(cmd);',
      '  slots[n] = 1;',
      '}',
      '',
    ].join('\n');
    const r = await scanner.scan({ code, language: 'c' });
    const lines = (id: string): number[] => r.findings.filter((f) => f.ruleId === id).map((f) => f.location.startLine);
    expect(lines('c.command-injection')).toEqual([6]);
    expect(lines('c.out-of-bounds-index')).toEqual([10]);
  });

  it('a class the language has no rule for gets one from the catalogue', async () => {
    // Any taint class Go has no rule for (the packs grow, so pick one rather than name it).
    const cls = CLASSES.find((c) => 'taint' in c && !RULES.some((r) => r.id === `go.${c.id}`));
    expect(cls, 'every taint class has a Go rule: pick another language for this test').toBeDefined();
    if (!cls) return;
    const model = { name: 'acme-codec', language: 'go', sources: [{ call: 'acme.Input', kind: 'remote' }], sinks: [{ call: 'acme.Eval', class: cls.id }] };
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const r = await scanner.scan({ code: 'package main\n\nfunc f() {\n\tacme.Eval(acme.Input())\n}\n', language: 'go' });
    expect(r.findings.map((f) => [f.ruleId, f.title, f.location.startLine])).toEqual([[`go.${cls.id}`, cls.title, 4]]);
    // The scanner lists the rule, so reports (SARIF) can describe the finding.
    expect(scanner.rulesFor('go').some((rule) => rule.id === `go.${cls.id}`)).toBe(true);
    expect(
      createScanner({ loader: grammarLoader })
        .rulesFor('go')
        .some((rule) => rule.id === `go.${cls.id}`),
    ).toBe(false);
  });
});

describe('names of decorators and types', () => {
  it.each([
    ['@app.route("/x", methods=["POST"])', [['app', 'route']]],
    ['@GetMapping(value = "/x")', [['GetMapping']]],
    ['@org.springframework.web.bind.annotation.PostMapping', [['org', 'springframework', 'web', 'bind', 'annotation', 'PostMapping']]],
    ['[HttpPost("x"), Authorize(Roles = "a,b")]', [['HttpPost'], ['Authorize']]],
    ['[FromQuery]', [['FromQuery']]],
  ])('%s', (text, paths) => {
    expect(annotationPaths(text)).toEqual(paths);
  });

  it.each([
    ['*http.Request', ['http', 'Request']],
    ['HttpServletRequest', ['HttpServletRequest']],
    ['const std::string &', ['std', 'string']],
    ['List<String>', ['List']],
    ['Microsoft.AspNetCore.Http.HttpRequest', ['Microsoft', 'AspNetCore', 'Http', 'HttpRequest']],
  ])('%s', (text, path) => {
    expect(typePath(text)).toEqual(path);
  });
});

describe('model files', () => {
  const files: Record<string, string> = {
    'one.json': JSON.stringify(acme('python', 'acme.request.arg', 'acme.db.run', 'acme.db.quote')),
    'many.json': JSON.stringify([acme('ruby', 'Acme.arg', 'Acme.run', 'Acme.quote'), acme('go', 'acme.Arg', 'acme.Run', 'acme.Quote')]),
    'broken.json': '{"name": "acme", ',
    'wrong.json': JSON.stringify({ name: 'acme', language: 'python', sinks: [{ call: 'a.b', class: 'sqli' }] }),
  };
  const read = async (path: string): Promise<string> => {
    const text = files[path];
    if (text === undefined) throw new Error('ENOENT: no such file');
    return text;
  };

  it('reads one model or a list per file', async () => {
    const { loadModelFiles } = await import('./load.ts');
    expect((await loadModelFiles(['one.json', 'many.json'], read)).map((m) => [m.name, m.language])).toEqual([
      ['acme', 'python'],
      ['acme', 'ruby'],
      ['acme', 'go'],
    ]);
  });

  it('names the file and the field of every problem', async () => {
    const { loadModelFiles } = await import('./load.ts');
    const error = await loadModelFiles(['missing.json', 'broken.json', 'wrong.json', 'one.json'], read).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    const problems = (error as ModelError).problems;
    expect(problems[0]).toMatch(/^missing\.json: cannot be read \(ENOENT/);
    expect(problems[1]).toMatch(/^broken\.json: not valid JSON/);
    expect(problems[2]).toMatch(/^wrong\.json\.sinks\[0\]\.class \(acme\): must be a taint class/);
    expect(problems).toHaveLength(3);
  });
});

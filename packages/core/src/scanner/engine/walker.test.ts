import { describe, expect, it } from 'vitest';
import { grammarLoader } from '@secscan/grammars';
import { BUILTIN_MODELS, createConfiguredScanner, PROFILES, VULN_CLASSES, type Rule, type VulnClass } from '../index.ts';
import { parseModels } from '../models/schema.ts';

/** An engine-level rule for these tests (built-in rules come from class + part, see rule.ts). */
function rule(id: string, matcher: Rule['matcher'], languages: Rule['languages'] = ['javascript', 'python', 'c']): Rule {
  const taint = matcher.kind === 'taint' ? (matcher.class ?? null) : null;
  if (taint && !(VULN_CLASSES as readonly string[]).includes(taint)) throw new Error(taint);
  return {
    id,
    class: id,
    name: null,
    title: id,
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-1'],
    owasp: ['A03:2021'],
    languages,
    message: 'from {source} to {sink}',
    remediation: 'do not',
    references: ['https://example.org'],
    taint: taint as VulnClass | null,
    matcher,
  };
}

const rules: Rule[] = [
  rule('test.sink', { kind: 'taint', class: 'command', sinks: [{ callee: ['sink', '*.sink'] }], sanitizers: ['clean'] }),
  rule('test.html', { kind: 'taint', class: 'xss', sinks: [{ callee: 'render' }], assignSinks: [{ target: '*.innerHTML' }] }),
  rule('test.any-param', { kind: 'taint', class: 'sql', sinks: [{ callee: 'rawParam' }], params: 'any' }),
  rule('test.call', { kind: 'call', callee: 'danger', where: (call, ctx) => !ctx.isConstant(call.args[0]?.node ?? call.node) }),
  rule('test.node', { kind: 'node', types: ['debugger_statement'], where: () => true }, ['javascript']),
  rule('test.query', { kind: 'query', query: '((call_expression function: (identifier) @f) @match (#eq? @f "alert"))' }, ['javascript']),
  rule('test.throws', {
    kind: 'call',
    callee: 'boom',
    where: () => {
      throw new Error('a predicate bug');
    },
  }),
];
// Where input comes from is the built-in models' knowledge (req.query, location.hash, flask.request, …); their sinks would add rules these tests do not expect.
const sourcesOnly = BUILTIN_MODELS.map(({ sinks: _sinks, assignments: _assignments, ...model }) => model);
/** The library calls the C tests use; library knowledge lives in models (models/c/libc.ts for the real ones). */
const testLibc = parseModels([
  {
    name: 'test-libc',
    language: 'c',
    sources: [
      { call: 'getenv', kind: 'local' },
      { call: 'fgets', into: 0, kind: 'local' },
    ],
    propagators: [{ call: 'strcpy', from: [1], to: 0 }],
  },
]);
const scanner = createConfiguredScanner({ loader: grammarLoader, rules, profiles: PROFILES, models: [...sourcesOnly, ...testLibc] });

async function found(code: string, language = 'javascript'): Promise<string[]> {
  const r = await scanner.scan({ code, language });
  // The models also bring their own sinks: these tests look at the engine's rules above only.
  return r.findings.filter((f) => f.ruleId.startsWith('test.')).map((f) => `${f.ruleId}@${f.location.startLine}`);
}

describe('taint tracking', () => {
  it('follows assignments, concatenation and templates to a sink', async () => {
    expect(await found('const a = req.query.x;\nconst b = "p" + a;\nconst c = `${b}!`;\nsink(c);')).toEqual(['test.sink@4']);
  });

  it('an object holds every field stored in it: a sanitized first field does not hide a raw later one', async () => {
    expect(await found('const q = {};\nq.a = clean(req.query.a);\nsink(q);')).toEqual([]);
    expect(await found('const q = {};\nq.a = clean(req.query.a);\nq.b = req.query.b;\nsink(q);')).toEqual(['test.sink@4']);
  });

  it('forgets taint when a variable is overwritten with a constant', async () => {
    expect(await found('let a = req.query.x;\na = "safe";\nsink(a);')).toEqual([]);
  });

  it('keeps taint from either branch of an if', async () => {
    expect(await found('let a = "x";\nif (c) { a = req.body.y; } else { a = "z"; }\nsink(a);')).toEqual(['test.sink@3']);
  });

  it('stops at a sanitizer for its class only', async () => {
    expect(await found('const a = clean(req.query.x);\nsink(a);\nrender(a);')).toEqual(['test.html@3']);
  });

  it('stops past an exiting guard, and inside a positive guard', async () => {
    expect(await found('function h(req) {\n  const a = req.query.x;\n  if (!ALLOWED.includes(a)) return;\n  sink(a);\n}')).toEqual([]);
    expect(await found('function h(req) {\n  const a = req.query.x;\n  if (ALLOWED.includes(a)) { sink(a); }\n  sink(a);\n}')).toEqual(['test.sink@4']);
  });

  it('does not treat a presence check as validation', async () => {
    expect(await found('function h(req) {\n  const a = req.query.x;\n  if (!a) return;\n  sink(a);\n}')).toEqual(['test.sink@4']);
  });

  it('flows through containers and mutators', async () => {
    expect(await found('const parts = [];\nparts.push(req.query.x);\nsink(parts.join(" "));')).toEqual(['test.sink@3']);
  });

  it('reports property-assignment sinks', async () => {
    expect(await found('el.innerHTML = "<b>" + location.hash + "</b>";')).toEqual(['test.html@1']);
  });

  it('counts a plain parameter only once it is built into a string, unless the rule says otherwise', async () => {
    expect(await found('function f(x) { sink(x); }')).toEqual([]);
    expect(await found('function f(x) { sink("ls " + x); }')).toEqual(['test.sink@1']);
    expect(await found('function f(x) { rawParam(x); }')).toEqual(['test.any-param@1']);
  });

  it('reports a wrapper’s sink when a caller in the file hands it untrusted data (same-file summary)', async () => {
    expect(await found('function run(cmd) {\n  return sink(cmd);\n}\nrun("ls");')).toEqual([]);
    const r = await scanner.scan({ code: 'function run(cmd) {\n  return sink(cmd);\n}\nrun(req.query.c);\nrun(req.body.d);', language: 'javascript' });
    expect(r.findings.map((f) => `${f.ruleId}@${f.location.startLine}`)).toEqual(['test.sink@2']);
    expect(r.findings[0]?.dataflow?.map((s) => s.note)).toEqual(['source: req.query.c', 'passed to run()', 'sink: sink']);
  });

  it('tracks Python f-strings, % formatting, keyword arguments and closures', async () => {
    const code =
      'from flask import request\ndef v():\n    a = request.args["x"]\n    b = f"x {a}"\n    c = "y %s" % a\n    sink(b)\n    sink(value=c)\n    def inner():\n        sink(a)\n';
    expect(await found(code, 'python')).toEqual(['test.sink@6', 'test.sink@9']);
  });

  it('takes a private validator (`_is_allowed`, `__valid_x`) for a guard, as it takes a public one', async () => {
    const code =
      'from flask import request, abort\ndef v():\n    a = request.args["x"]\n    if not _is_allowed_host(a):\n        abort(400)\n    sink(a)\n    b = request.args["y"]\n    if not _lookup(b):\n        abort(400)\n    sink(b)\n';
    expect(await found(code, 'python')).toEqual(['test.sink@10']);
  });

  describe("summaries of the file's own functions, one mechanism for every language", () => {
    it('an input helper is a source where it is called, before or after its definition', async () => {
      expect(await found('function arg(k) {\n  return req.query[k];\n}\nsink(arg("id"));')).toEqual(['test.sink@4']);
      expect(await found('sink(later("id"));\nfunction later(k) {\n  return req.query[k];\n}')).toEqual(['test.sink@1']);
      expect(await found('from flask import request\ndef arg(k):\n    return request.args.get(k)\n\ndef v():\n    sink(arg("id"))\n', 'python')).toEqual(['test.sink@6']);
    });

    it('an escaping helper sanitizes what it returns, for its class only', async () => {
      expect(await found('function h(s) {\n  return clean(s);\n}\nconst a = h(req.query.x);\nsink(a);\nrender(a);')).toEqual(['test.html@6']);
      expect(await found('class V:\n    def h(self, s):\n        return clean(s)\n    def v(self, request):\n        sink(self.h(request.args["x"]))\n', 'python')).toEqual([]);
    });

    it('an out-parameter helper writes input or another argument into its argument', async () => {
      expect(
        await found(
          'void fill(char *buf) {\n  fgets(buf, 64, stdin);\n}\nvoid copy(char *dst, const char *src) {\n  strcpy(dst, src);\n}\nint main(void) {\n  char a[64], b[64];\n  fill(a);\n  copy(b, a);\n  rawParam(b);\n  return 0;\n}\n',
          'c',
        ),
      ).toEqual(['test.any-param@11']);
      expect(await found('def collect(out):\n    out.append(input())\n\ndef main():\n    items = []\n    collect(items)\n    rawParam(items)\n', 'python')).toEqual([
        'test.any-param@7',
      ]);
    });

    it('a write into an argument before an early return is a write of the helper', async () => {
      const helper =
        "int pick(const char *q, char *out) {\n  while (*q) {\n    if (*q == '=') {\n      strcpy(out, q + 1);\n      return 0;\n    }\n    q++;\n  }\n  out[0] = 0;\n  return -1;\n}\n";
      const caller = 'int main(void) {\n  char v[64];\n  pick(getenv("Q"), v);\n  rawParam(v);\n  return 0;\n}\n';
      expect(await found(helper + caller, 'c')).toEqual(['test.any-param@15']);
      expect(await found(helper.replace('strcpy(out, q + 1);', 'strcpy(out, "none");') + caller, 'c')).toEqual([]);
    });

    it('a helper that never returns ends the flow, as exit() would', async () => {
      const code = 'function fail(msg) {\n  log(msg);\n  process.exit(1);\n}\nfunction h(req) {\n  const a = req.query.x;\n  if (!ALLOWED.includes(a)) fail("bad");\n  sink(a);\n}';
      expect(await found(code)).toEqual([]);
      expect(await found(code.replace('process.exit(1);', 'return false;'))).toEqual(['test.sink@8']);
    });

    it('a validator is judged by its body: one that always says yes validates nothing', async () => {
      const code = (body: string): string => `function isValidName(n) {\n${body}\n}\nfunction h(req) {\n  const a = req.query.x;\n  if (!isValidName(a)) return;\n  sink(a);\n}`;
      expect(await found(code('  return true;'))).toEqual(['test.sink@7']);
      expect(await found(code('  log(n);'))).toEqual(['test.sink@7']);
      expect(await found(code('  return /^[a-z]+$/.test(n);'))).toEqual([]);
      expect(await found(code('  if (n.includes("..")) return false;\n  return true;'))).toEqual([]);
    });

    it('recursion and unknown functions fall back to passing data through', async () => {
      expect(await found('function r(x) {\n  return r(x);\n}\nsink(r(req.query.x));')).toEqual(['test.sink@4']);
      expect(await found('sink(elsewhere(req.query.x));')).toEqual(['test.sink@1']);
    });
  });

  it('never analyses code inside comments or string literals', async () => {
    expect(await found('// sink(req.query.x)\nconst s = "sink(req.query.x)";\n/* danger(x) */')).toEqual([]);
  });
});

describe('structural matchers', () => {
  it('runs call rules with predicates', async () => {
    expect(await found('danger("literal");\ndanger(input);')).toEqual(['test.call@2']);
  });

  it('runs node rules', async () => {
    expect(await found('function f() {\n  debugger;\n}')).toEqual(['test.node@2']);
  });

  it('loses only the match whose predicate throws, not the rest of the file', async () => {
    expect(await found('boom(1);\nsink(req.query.x);\nboom(2);\ndanger(input);')).toEqual(['test.sink@2', 'test.call@4']);
  });

  it('runs tree-sitter query rules', async () => {
    expect(await found('alert(1);\nconsole.log(2);\nalert(3);')).toEqual(['test.query@1', 'test.query@3']);
  });
});

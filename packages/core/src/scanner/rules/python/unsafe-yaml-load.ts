import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { fromEnvironment, keyword, originCall } from '../../lang/python/predicates.ts';
import { findAfter } from '../../lang/python/text.ts';

const SAFE_LOADER = /(?:^|\.)(?:SafeLoader|CSafeLoader|BaseLoader|CBaseLoader)$/;
/** FullLoader refuses to call arbitrary callables since PyYAML 5.4; it is not reported. */
const UNSAFE_LOADER = /(?:^|\.)(?:Loader|UnsafeLoader|CLoader|CUnsafeLoader)$/;

/** `yaml.unsafe_load(…)` or `yaml.load(…, Loader=yaml.UnsafeLoader)`: the code asks for the loader that runs code. */
function explicitlyUnsafe(call: CallView, ctx: MatchContext): boolean {
  if (call.name === 'unsafe_load' || call.name === 'unsafe_load_all') return /^yaml\./.test(ctx.pathText(call.callee ?? call.node) ?? '');
  const loader = keyword(call, 'Loader') ?? call.args.find((a) => a.index === 1)?.node ?? null;
  return loader !== null && UNSAFE_LOADER.test(ctx.pathText(loader) ?? loader.text);
}

/**
 * `yaml.load(data, Loader=yaml.Loader)`, `yaml.unsafe_load(data)`, `yaml.load(data)` (PyYAML < 5.1
 * defaults to the unsafe loader): YAML tags like `!!python/object/apply:os.system` run code.
 */
function unsafeYaml(call: CallView, ctx: MatchContext): Verdict {
  const input = call.args.find((a) => a.index === 0)?.node ?? keyword(call, 'stream');
  if (!input) return false;
  // A constant document is harmless whatever the loader, except where the code names the unsafe loader itself:
  // that choice is the finding (the next edit feeds it a file), at low confidence.
  if (ctx.isConstant(input)) return explicitlyUnsafe(call, ctx) ? { confidence: 'low' } : false;
  const t = ctx.taint(input);
  const tainted = t !== null && !fromEnvironment(t);
  if (call.name === 'unsafe_load' || call.name === 'unsafe_load_all') return tainted ? { confidence: 'high' } : true;
  // ruamel.yaml: `yaml = YAML(typ="unsafe"); yaml.load(...)` (the default round-trip loader is safe).
  const origin = originCall(call.receiver, ctx);
  if (origin) return /(?:^|\.)YAML$/.test(ctx.pathText(origin.callee ?? origin.node) ?? '') && findAfter(origin.node.text, 'typ', /^\s*=\s*["']unsafe["']/);
  const loader = keyword(call, 'Loader') ?? call.args.find((a) => a.index === 1)?.node ?? null;
  const loaderPath = loader ? (ctx.pathText(loader) ?? loader.text) : null;
  if (loaderPath !== null && SAFE_LOADER.test(loaderPath)) return false;
  // FullLoader resolves python/name and python/object tags in PyYAML < 5.4 (CVE-2020-14343): only with request data.
  if (loaderPath !== null && /(?:^|\.)FullLoader$/.test(loaderPath))
    return tainted && t?.strength === 'remote'
      ? {
          confidence: 'medium',
          message: '`yaml.load(..., Loader=FullLoader)` on request data: FullLoader constructs Python objects and is exploitable before PyYAML 5.4; use `yaml.safe_load()`',
        }
      : false;
  if (loaderPath !== null && !UNSAFE_LOADER.test(loaderPath)) return false;
  if (loaderPath === null)
    return { message: '`yaml.load()` without a Loader uses an unsafe default on PyYAML < 5.1 (and fails on 6.0): use `yaml.safe_load()`', confidence: tainted ? 'high' : 'medium' };
  return tainted ? { confidence: 'high' } : true;
}

export default defineRule({
  class: 'unsafe-deserialization',
  severity: 'high',
  confidence: 'medium',
  languages: ['python'],
  message: 'YAML is loaded with a loader that constructs arbitrary Python objects (`!!python/object/apply`), which runs code from the document',
  remediation: 'Use `yaml.safe_load(data)` (or `yaml.load(data, Loader=yaml.SafeLoader)`); with ruamel.yaml use `YAML(typ="safe")`.',
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://pyyaml.org/wiki/PyYAMLDocumentation',
    'https://github.com/yaml/pyyaml/wiki/PyYAML-yaml.load(input)-Deprecation',
  ],
  matcher: { kind: 'call', callee: ['yaml.{load,load_all,unsafe_load,unsafe_load_all}', 'ruamel.yaml.YAML().load', '*.YAML().load'], where: unsafeYaml },
});

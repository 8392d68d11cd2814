import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argAt, clientKeys, fromObjectSource, isTrue, programOf, unwrap } from '../../lang/javascript/helpers.ts';

const LODASH = ['lodash', '_', 'underscore', 'lodash-es'];
function lodash(names: string): string[] {
  return [...LODASH.map((m) => `${m}.${names}`), `lodash.${names}`];
}

/** A whole object parsed from the request (JSON body, nested query): its keys are the attacker's. */
function objectInput(taint: Taint): boolean {
  return taint.strength === 'remote' && !taint.built && fromObjectSource(taint);
}

/** Whether any source argument (from position `from`) brings client-chosen keys. */
function mergesClientKeys(call: CallView, ctx: MatchContext, from: number): boolean {
  return call.args.some((a) => a.index >= from && clientKeys(a.node, ctx));
}

/** `$.extend(true, target, src)`: only the deep variant recurses into `__proto__`. */
function deepExtend(call: CallView): boolean {
  return isTrue(argAt(call, 0));
}

/**
 * `Object.assign(shared, req.body)`: copying request keys onto a long-lived object (module-level
 * state, a prototype, global configuration), not onto a fresh `{}`.
 */
function sharedTarget(call: CallView, ctx: MatchContext): boolean {
  const target = argAt(call, 0);
  if (!target) return false;
  const n = unwrap(target);
  if (n.type === 'object' || n.type === 'array' || n.type === 'call_expression' || n.type === 'new_expression') return false;
  if (/\.prototype$|^(?:global|globalThis|window|process\.env|app\.locals|app\.settings)$/.test(n.text)) return true;
  if (n.type !== 'identifier') return false;
  // Declared at the top level of the module (shared across requests), not inside the handler.
  const program = programOf(n);
  for (const s of program.namedChildren) {
    if ((s.type === 'lexical_declaration' || s.type === 'variable_declaration') && s.namedChildren.some((d) => d.child('name')?.text === n.text)) return true;
  }
  return false;
}

/** `settings[req.body.section][req.body.key] = value`: the first key picks `__proto__`. */
function nestedKeyAssignment(target: SyntaxNode, ctx: MatchContext): boolean {
  const outer = unwrap(target);
  if (outer.type !== 'subscript_expression') return false;
  const inner = outer.child('object');
  if (!inner || unwrap(inner).type !== 'subscript_expression') return false;
  const key = unwrap(inner).child('index');
  const last = outer.child('index');
  if (!key || !last || ctx.isConstant(key) || ctx.isConstant(last)) return false;
  const t = ctx.taint(key);
  return t !== null && t.strength === 'remote' && !/^(?:Number|parseInt|parseFloat)\(/.test(key.text);
}

export default defineRule({
  class: 'prototype-pollution',
  confidence: 'high',
  cwe: ['CWE-1321'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Do not deep-merge or set paths from request objects: validate the body with a schema and copy known fields, reject `__proto__`, `constructor` and `prototype` keys, merge into `Object.create(null)` objects or `Map`s, and keep lodash up to date (≥ 4.17.21).',
  references: [
    'https://cwe.mitre.org/data/definitions/1321.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Prototype_Pollution_Prevention_Cheat_Sheet.html',
    'https://github.com/HoLyVieR/prototype-pollution-nsec18',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: [...lodash('{merge,mergeWith,defaultsDeep}'), 'lodash.merge', 'lodash.mergewith', 'lodash.defaultsdeep', 'lodash/merge', 'lodash/mergeWith', 'lodash/defaultsDeep', 'merge-deep', 'mixin-deep', 'deep-extend', 'defaults-deep', 'merge.recursive', 'deepmerge'], args: [1, 2, 3, 4], where: (call, ctx, taint) => objectInput(taint) && mergesClientKeys(call, ctx, 1) },
      { callee: [...lodash('{set,setWith,update,updateWith}'), 'lodash.set', 'lodash.setwith', 'lodash/set', 'lodash/setWith', 'set-value', 'dot-prop.setProperty', 'dot-prop.set', 'dotProp.set', 'object-path.set', 'objectPath.set', 'dset', 'dset.dset', 'just-safe-set'], args: [1], where: (_call, _ctx, taint) => taint.strength === 'remote' },
      { callee: [...lodash('zipObjectDeep'), 'lodash.zipobjectdeep', 'lodash/zipObjectDeep'], args: [0], where: (_call, _ctx, taint) => taint.strength === 'remote' },
      { callee: ['{$,jQuery,jquery}.extend'], args: [2, 3, 4], where: (call, ctx, taint) => deepExtend(call) && objectInput(taint) && mergesClientKeys(call, ctx, 2) },
      { callee: ['Object.assign'], args: [1, 2, 3], where: (call, ctx, taint) => objectInput(taint) && sharedTarget(call, ctx) && mergesClientKeys(call, ctx, 1) },
    ],
    assignSinks: [{ target: ['*.[].[]'], where: nestedKeyAssignment, label: 'a nested computed-key assignment' }],
    params: 'never',
    local: 'never',
  },
});

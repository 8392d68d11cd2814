import type { CallView } from '../../engine/adapter.ts';
import { capacity, lengthChecked, maxStringLength, memoryTaint, norm, positional, show, stringValueOf, untrusted } from '../../lang/c/analysis.ts';
import {
  bufferOf,
  callArgs,
  calledName,
  cStringLength,
  enclosingFunction,
  findDeclaration,
  functionName,
  parameterDeclarations,
  rootOf,
  scopeDescendants,
  unwrap,
} from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const APPENDS = /cat/i;

function cweFor(kind: string): string[] {
  return kind === 'heap' ? ['CWE-120', 'CWE-787', 'CWE-122'] : kind === 'array' ? ['CWE-120', 'CWE-787', 'CWE-121'] : ['CWE-120', 'CWE-787'];
}

/**
 * strcpy/strcat into a buffer: reported when what is copied can be longer than the space there is.
 * Known sizes are compared (a literal or a fixed array copied into a fixed array or a sized heap
 * block); a source of unknown length (a parameter, input, a pointer) into a fixed-size buffer is
 * reported unless its length was checked first; into a pointer of unknown size only when the
 * source is untrusted input.
 */
/** Whether an argument at a call site is input of any length: argv, getenv(), a string parameter of the caller. */
function unboundedArgument(arg: SyntaxNode, call: SyntaxNode): boolean {
  const v = unwrap(arg);
  const text = norm(v);
  if (/^(?:argv|__argv)\[/.test(text) || /^(?:std::)?(?:secure_)?getenv\(/.test(text) || /\.c_str\(\)$/.test(text)) return true;
  if (v.type === 'identifier') {
    const d = findDeclaration(v.text, call);
    return d !== null && d.kind === 'param' && (d.pointers > 0 || d.arrays.length > 0) && /char/.test(d.type);
  }
  return false;
}

/**
 * strcpy between two parameters is a copy helper: it is as safe as its callers make it. Reported
 * (at the copy) when a call in the same file hands it a fixed-size buffer and a string of any length.
 */
const callIndex = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** The file's calls grouped by called name (built once per file: helpers are looked up per copy). */
function callsNamed(root: SyntaxNode, name: string): readonly SyntaxNode[] {
  let index = callIndex.get(root);
  if (!index) {
    index = new Map();
    for (const call of scopeDescendants(root, ['call_expression'])) {
      const called = calledName(call);
      if (!called) continue;
      const list = index.get(called);
      if (list) list.push(call);
      else index.set(called, [call]);
    }
    callIndex.set(root, index);
  }
  return index.get(name) ?? [];
}

function helperCall(dst: SyntaxNode, src: SyntaxNode, at: SyntaxNode, ctx: MatchContext): Verdict {
  const fn = enclosingFunction(at);
  const name = functionName(fn);
  if (!fn || !name) return false;
  const params = parameterDeclarations(fn).map((p) => p.name);
  const d = params.indexOf(unwrap(dst).text);
  const s = params.indexOf(unwrap(src).text);
  if (d < 0 || s < 0) return false;
  for (const call of callsNamed(rootOf(at), name)) {
    if (fn.contains(call)) continue;
    const args = callArgs(call);
    const dstArg = args[d];
    const srcArg = args[s];
    if (!dstArg || !srcArg) continue;
    const cap = capacity(bufferOf(dstArg, call));
    if (cap === null) continue;
    const literal = stringValueOf(ctx, srcArg);
    const longest = literal !== null ? literal.length : maxStringLength(ctx, srcArg, call);
    if (longest !== null ? longest + 1 > cap : unboundedArgument(srcArg, call)) {
      return {
        confidence: 'medium',
        cwe: ['CWE-120', 'CWE-787', 'CWE-121'],
        message: `${name}() copies its argument with no bound, and line ${call.location.startLine} passes ${show(srcArg)} into ${show(dstArg)}, a buffer of ${cap} bytes`,
      };
    }
  }
  return false;
}

function unboundedCopy(call: CallView, ctx: MatchContext): Verdict {
  const [dst, src] = positional(call);
  if (!dst || !src) return false;
  const at = call.node;
  const appends = APPENDS.test(call.name);
  const buf = bufferOf(dst, at);
  const taint = memoryTaint(ctx, src);
  const srcLen = maxStringLength(ctx, src, at);
  const name = call.name;

  if (buf?.kind === 'heap' && buf.alloc) {
    const alloc = norm(unwrap(buf.alloc));
    const s = norm(unwrap(src)).replace(/\.c_str\(\)$/, '');
    if (!appends && (alloc === `strlen(${s})` || alloc === `strlen(${s})*sizeof(char)` || alloc === `sizeof(char)*strlen(${s})`)) {
      return {
        confidence: 'high',
        cwe: ['CWE-131', 'CWE-193', 'CWE-122', 'CWE-787'],
        message: `${name}() copies strlen(${s}) characters plus the terminating NUL into a block of strlen(${s}) bytes: one byte too many`,
      };
    }
    // Sized for the data: malloc(strlen(a) + strlen(b) + 2).
    if (alloc.includes(s) || /strlen|size\(\)|length\(\)/.test(alloc)) return false;
  }
  const cap = capacity(buf);
  if (cap !== null && buf) {
    let used = 0;
    if (appends) {
      const current = ctx.stringValue(dst);
      if (current !== null) used = cStringLength(current);
    }
    if (srcLen !== null) {
      if (used + srcLen + 1 <= cap) return false;
      // `if (strlen(tmp) >= sizeof u->host) return -1; strcpy(u->host, tmp);`: a larger source checked first.
      if (lengthChecked(src, at, cap)) return false;
      return {
        confidence: 'high',
        cwe: cweFor(buf.kind),
        message: `${name}() writes ${used + srcLen + 1} bytes into ${show(dst)}, which holds ${cap}`,
      };
    }
    if (lengthChecked(src, at, cap)) return false;
    return {
      confidence: untrusted(taint) ? 'high' : 'medium',
      cwe: cweFor(buf.kind),
      message: untrusted(taint)
        ? `${name}() copies ${taint.label} (input of any length) into ${show(dst)}, a buffer of ${cap} bytes`
        : `${name}() copies a string of unchecked length into ${show(dst)}, a buffer of ${cap} bytes`,
    };
  }
  if (srcLen !== null || lengthChecked(src, at)) return false;
  // A helper `copy_name(char *dst, const char *src) { strcpy(dst, src); }`: judge it by its callers.
  const viaCaller = helperCall(dst, src, at, ctx);
  if (viaCaller) return viaCaller;
  if (!untrusted(taint)) return false;
  if (buf?.kind === 'heap' && buf.alloc) return false;
  return {
    confidence: 'medium',
    cwe: cweFor(buf?.kind ?? 'pointer'),
    message: `${name}() copies ${taint.label} (input of any length) into ${show(dst)} without checking that it fits`,
  };
}

export default defineRule({
  class: 'buffer-overflow',
  confidence: 'high',
  cwe: ['CWE-120', 'CWE-787'],
  languages: ['c', 'cpp'],
  message: 'The string copied can be longer than the destination buffer',
  remediation:
    'Bound the copy by the destination: `snprintf(dst, sizeof dst, "%s", src)` or `strlcpy(dst, src, sizeof dst)`, check `strlen(src) < sizeof dst` before copying, or use std::string in C++.',
  references: [
    'https://cwe.mitre.org/data/definitions/120.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/STR31-C.+Guarantee+that+storage+for+strings+has+sufficient+space+for+character+data+and+the+null+terminator',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'strcpy',
      'wcscpy',
      'lstrcpy',
      'lstrcpyA',
      'lstrcpyW',
      '_mbscpy',
      '_tcscpy',
      'StrCpy',
      'StrCpyW',
      'stpcpy',
      'std.strcpy',
      'strcat',
      'wcscat',
      'lstrcat',
      'lstrcatA',
      'lstrcatW',
      '_mbscat',
      '_tcscat',
      'StrCat',
      'StrCatW',
      'std.strcat',
    ],
    where: unboundedCopy,
  },
});

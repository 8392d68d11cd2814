import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isTrue, keyword, resolve } from '../../lang/python/predicates.ts';

/** An origin setting that admits every site: `"*"`, `["*"]`, `("*",)`, or a pattern like `".*"`. */
function everyOrigin(node: SyntaxNode | null, ctx: MatchContext): boolean {
  const value = resolve(node);
  if (!value) return false;
  const one = (n: SyntaxNode): boolean => {
    const s = ctx.stringValue(n);
    return s === '*' || s === '.*' || s === '.+' || s === '^.*$';
  };
  if (value.type === 'list' || value.type === 'tuple' || value.type === 'set') return value.namedChildren.some(one);
  return one(value);
}

/**
 * Starlette / FastAPI `CORSMiddleware` and Flask-CORS given every origin together with credentials:
 * both then echo the caller's Origin with `Access-Control-Allow-Credentials: true`, so any website can
 * send the user's cookies and read the answers. Flask-CORS admits every origin unless told otherwise.
 */
function wildcardWithCredentials(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (call.node.child('arguments')?.children.some((c) => c.type === 'dictionary_splat')) return false;
  let origins: SyntaxNode | null;
  let credentials: SyntaxNode | null;
  if (/(?:^|\.)CORS$/.test(path)) {
    if (!/\bflask_cors\b/.test(ctx.code)) return false;
    credentials = keyword(call, 'supports_credentials');
    origins = keyword(call, 'origins');
    const resources = resolve(keyword(call, 'resources'));
    if (origins) {
      if (!everyOrigin(origins, ctx)) return false;
    } else if (resources?.type === 'dictionary') {
      // `resources={r"/api/*": {"origins": "*"}}`: a resource without its own origins admits every one.
      const open = resources.namedChildren.find((pair) => {
        const options = pair.child('value');
        if (options?.type !== 'dictionary') return false;
        const own = options.namedChildren.find((o) => o.type === 'pair' && ctx.stringValue(o.child('key') ?? o) === 'origins');
        return !own || everyOrigin(own.child('value'), ctx);
      });
      if (!open) return false;
      origins = open;
    }
  } else {
    // `app.add_middleware(CORSMiddleware, …)` / `Middleware(CORSMiddleware, …)` / `CORSMiddleware(app, …)`.
    const first = call.args.find((a) => a.index === 0)?.node ?? null;
    const named = /(?:^|\.)CORSMiddleware$/.test(path) || (first !== null && /(?:^|\.)CORSMiddleware$/.test(ctx.pathText(first) ?? first.text));
    if (!named) return false;
    origins = keyword(call, 'allow_origins');
    const pattern = keyword(call, 'allow_origin_regex');
    if (!everyOrigin(origins, ctx) && !everyOrigin(pattern, ctx)) return false;
    origins = everyOrigin(origins, ctx) ? origins : pattern;
    credentials = keyword(call, 'allow_credentials');
  }
  if (!isTrue(credentials)) return false;
  return {
    node: origins?.parent ?? call.node,
    message: "CORS admits every origin and allows credentials: any website can make requests with the user's cookies and read the responses",
  };
}

export default defineRule({
  class: 'cors-misconfiguration',
  confidence: 'high',
  cwe: ['CWE-942'],
  languages: ['python'],
  remediation:
    'List the origins that may call with credentials (`allow_origins=["https://app.example.com"]`, Flask-CORS `origins=[…]`), or leave credentials off for a public API.',
  references: ['https://cwe.mitre.org/data/definitions/942.html', 'https://www.starlette.io/middleware/#corsmiddleware', 'https://flask-cors.readthedocs.io/en/latest/api.html'],
  matcher: { kind: 'call', callee: ['*.add_middleware', '**.Middleware', '**.CORSMiddleware', '**.CORS'], where: wildcardWithCredentials },
});

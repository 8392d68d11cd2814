import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { classBases, descendants, enclosingClass, invocationParts, simpleTypeName, span, unwrap } from '../../lang/java/tree.ts';

const INVOCATIONS = new Set(['method_invocation']);
const CREATIONS = new Set(['object_creation_expression']);
const PASS_UP = new Set(['array_initializer', 'array_creation_expression', 'parenthesized_expression', 'cast_expression']);

/** `sslContext.init(keyManagers, trustManagers, random)` whose trust managers are `tm` (a creation or the local holding it). */
function initWith(creation: SyntaxNode): SyntaxNode | null {
  let n = creation;
  while (n.parent && PASS_UP.has(n.parent.type)) n = n.parent;
  const p = n.parent;
  const isInit = (inv: SyntaxNode | null | undefined): inv is SyntaxNode => {
    if (inv?.type !== 'method_invocation') return false;
    const { name, args } = invocationParts(inv);
    return name === 'init' && args.length === 3;
  };
  if (p?.type === 'argument_list' && isInit(p.parent)) return invocationParts(p.parent).args[1] === n ? p.parent : null;
  if (p?.type !== 'variable_declarator' || p.child('value') !== n) return null;
  const name = p.child('name')?.text;
  const block = p.parent?.parent;
  if (!name || !block) return null;
  for (const inv of descendants(block, INVOCATIONS)) {
    if (inv.start < p.end || !isInit(inv)) continue;
    const tms = invocationParts(inv).args[1];
    if (tms && unwrap(tms).type === 'identifier' && unwrap(tms).text === name) return inv;
  }
  return null;
}

/**
 * Where a trust manager that accepts everything is put to use: the `SSLContext.init(…)` given it
 * (an anonymous class, or `new TrustAll()` of a class of this file). Reported over the lines from
 * `checkServerTrusted` to that call when they are together, else at the call; at the method when
 * the file never installs it.
 */
function installedAt(method: SyntaxNode, cls: SyntaxNode): SyntaxNode {
  if (cls.type === 'object_creation_expression') {
    const init = initWith(cls);
    return init ? span(method, init) : method;
  }
  const name = cls.child('name')?.text;
  if (!name) return method;
  let root: SyntaxNode = cls;
  while (root.parent) root = root.parent;
  for (const c of descendants(root, CREATIONS)) {
    if (simpleTypeName(c.child('type')?.text ?? '') !== name) continue;
    const init = initWith(c);
    if (init) return init;
  }
  return method;
}

const TRUST_MANAGERS = new Set(['X509TrustManager', 'X509ExtendedTrustManager', 'TrustManager', 'X509TrustManagerExtensions']);
const ALLOW_ALL =
  /^(?:NoopHostnameVerifier|AllowAllHostnameVerifier|TrustAllStrategy|TrustSelfSignedStrategy|InsecureTrustManagerFactory|TrustAllCertificates|TrustAllManager|NullHostnameVerifier)$/;
const VERIFIER_SETTERS = /^(?:setHostnameVerifier|setDefaultHostnameVerifier|hostnameVerifier|setSSLHostnameVerifier|setHostnameVerification|loadTrustMaterial|setTrustStrategy)$/;

/** Statements of a body that accept everything: nothing, comments, logging, `return;`/`return true;`/`return null;`. */
function acceptsAll(body: SyntaxNode | null): boolean {
  if (!body) return false;
  for (const s of body.namedChildren) {
    if (s.type === 'line_comment' || s.type === 'block_comment') continue;
    if (s.type === 'return_statement') {
      const v = s.namedChildren[0];
      if (!v || v.type === 'true' || v.type === 'null_literal') continue;
      return false;
    }
    if (s.type === 'expression_statement') {
      const e = s.namedChildren[0];
      if (e?.type === 'method_invocation') {
        const { name, object } = invocationParts(e);
        if (/^(?:debug|info|trace|warn|println|print|log|fine)$/.test(name) && /log|LOG|System\.(?:out|err)/.test(object?.text ?? '')) continue;
      }
    }
    return false;
  }
  return true;
}

function returnsTrue(body: SyntaxNode | null): boolean {
  if (!body) return false;
  if (body.type === 'true') return true;
  if (body.type !== 'block') return false;
  const stmts = body.namedChildren.filter((s) => s.type !== 'line_comment' && s.type !== 'block_comment');
  return (
    stmts.length >= 1 &&
    stmts.every((s) => s.type === 'expression_statement' || s.type === 'local_variable_declaration' || (s.type === 'return_statement' && s.namedChildren[0]?.type === 'true')) &&
    stmts[stmts.length - 1]?.type === 'return_statement'
  );
}

function tlsOff(node: SyntaxNode, _ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'method_declaration': {
      const name = node.child('name');
      const cls = enclosingClass(node);
      if (!name || !cls) return false;
      const bases = classBases(cls);
      if (name.text === 'checkServerTrusted' && bases.some((b) => TRUST_MANAGERS.has(b)) && acceptsAll(node.child('body'))) {
        return {
          node: installedAt(node, cls),
          message: 'This X509TrustManager accepts every server certificate (checkServerTrusted does nothing), so TLS connections can be intercepted',
          cwe: ['CWE-295'],
        };
      }
      if (name.text === 'verify' && bases.includes('HostnameVerifier') && returnsTrue(node.child('body'))) {
        return { message: 'This HostnameVerifier accepts every host name, so TLS connections can be intercepted', cwe: ['CWE-297', 'CWE-295'] };
      }
      if (name.text === 'isTrusted' && bases.includes('TrustStrategy') && returnsTrue(node.child('body'))) {
        return { message: 'This TrustStrategy trusts every certificate chain', cwe: ['CWE-295'] };
      }
      return false;
    }
    case 'lambda_expression': {
      // (hostname, session) -> true passed as a HostnameVerifier / TrustStrategy.
      const params = node.child('parameters');
      const count = params ? (params.type === 'identifier' ? 1 : params.namedChildren.length) : 0;
      if (count !== 2 || !returnsTrue(node.child('body'))) return false;
      const call = node.parent?.parent;
      if (call?.type !== 'method_invocation' && call?.type !== 'object_creation_expression') {
        const decl = node.parent?.type === 'variable_declarator' ? node.parent.parent?.child('type')?.text : null;
        return decl !== null && decl !== undefined && /HostnameVerifier|TrustStrategy/.test(decl) ? { node, message: 'This lambda accepts every host name or certificate' } : false;
      }
      const callee = call.type === 'method_invocation' ? (call.child('name')?.text ?? '') : simpleTypeName(call.child('type')?.text ?? '');
      if (!VERIFIER_SETTERS.test(callee) && !/SSLConnectionSocketFactory|TrustStrategy|HostnameVerifier/.test(callee)) return false;
      return { node, message: 'This lambda accepts every host name or certificate, so TLS connections can be intercepted' };
    }
    case 'object_creation_expression': {
      const t = node.child('type');
      if (!t || !ALLOW_ALL.test(simpleTypeName(t.text)) || node.childOfType('class_body')) return false;
      return { message: `${simpleTypeName(t.text)} turns off certificate or host name verification` };
    }
    case 'field_access': {
      const obj = node.child('object');
      const field = node.child('field')?.text ?? '';
      if (!obj) return false;
      const owner = simpleTypeName(obj.text);
      if ((ALLOW_ALL.test(owner) && field === 'INSTANCE') || (field === 'ALLOW_ALL_HOSTNAME_VERIFIER' && /SSLSocketFactory|SSLConnectionSocketFactory/.test(owner))) {
        return { message: `${owner}.${field} turns off certificate or host name verification` };
      }
      return false;
    }
    default:
      return false;
  }
}

export default defineRule({
  class: 'tls-verification-disabled',
  confidence: 'high',
  cwe: ['CWE-295'],
  languages: ['java'],
  message: 'TLS certificate or host name verification is turned off, so connections can be intercepted',
  remediation:
    'Use the default TrustManager and HostnameVerifier. To trust a private CA, load it into a KeyStore and build an SSLContext from a TrustManagerFactory initialised with it (or Apache `SSLContextBuilder.loadTrustMaterial(truststore, null)`); never accept all certificates or host names.',
  references: [
    'https://cwe.mitre.org/data/definitions/295.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Pinning_Cheat_Sheet.html',
    'https://docs.oracle.com/en/java/javase/21/security/java-secure-socket-extension-jsse-reference-guide.html',
  ],
  matcher: { kind: 'node', types: ['method_declaration', 'lambda_expression', 'object_creation_expression', 'field_access'], where: tlsOff },
});

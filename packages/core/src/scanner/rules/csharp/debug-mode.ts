import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';
import { callsNamed, findAfter, guardedBy } from '../../lang/csharp/helpers.ts';

/** A condition that holds only in development: `env.IsDevelopment()`, `Debugger.IsAttached`, `EnvironmentName == "Development"`. */
const DEV_GUARD = {
  test: (text: string): boolean =>
    callsNamed(text, 'IsDevelopment') ||
    callsNamed(text, 'IsEnvironment') ||
    callsNamed(text, 'IsStaging') ||
    text.includes('Debugger.IsAttached') ||
    text.includes('Environments.Development') ||
    findAfter(text, 'EnvironmentName', /^\s*==\s*"Development"/, true) !== null,
};

/** Inside `#if DEBUG`. */
function debugOnly(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'preproc_if' && /DEBUG/.test(p.child('condition')?.text ?? '')) return true;
  return false;
}

function check(node: SyntaxNode): Verdict {
  if (node.type === 'invocation_expression') {
    const fn = node.child('function');
    const name = fn?.type === 'member_access_expression' ? simpleName(fn.child('name')) : '';
    if (name !== 'UseDeveloperExceptionPage' && name !== 'UseDatabaseErrorPage') return false;
    if (guardedBy(node, DEV_GUARD) || debugOnly(node)) return false;
    return {
      message: `${name}() is not limited to the Development environment: stack traces, source and configuration details are shown to every visitor`,
      cwe: ['CWE-489', 'CWE-209'],
    };
  }
  if (node.type === 'assignment_expression') {
    const left = node.child('left');
    const name = left?.type === 'member_access_expression' ? simpleName(left.child('name')) : (left?.text ?? '');
    const right = node.child('right');
    if (right?.text !== 'true') return false;
    if (name === 'IncludeExceptionDetailInFaults' && !debugOnly(node)) {
      return { message: 'IncludeExceptionDetailInFaults = true returns exception details (stack traces, internals) to WCF clients', cwe: ['CWE-209', 'CWE-489'] };
    }
    if (name === 'DetailedErrors' && !guardedBy(node, DEV_GUARD) && !debugOnly(node)) {
      return { message: 'DetailedErrors = true sends exception details to Blazor clients outside development', cwe: ['CWE-209', 'CWE-489'] };
    }
  }
  return false;
}

export default defineRule({
  class: 'debug-mode',
  confidence: 'high',
  cwe: ['CWE-489', 'CWE-209'],
  languages: ['csharp'],
  message: 'Detailed error information meant for development is exposed in production',
  remediation:
    'Enable the developer exception page only in development (`if (app.Environment.IsDevelopment()) app.UseDeveloperExceptionPage(); else app.UseExceptionHandler("/Error");`), and keep `IncludeExceptionDetailInFaults` and Blazor `DetailedErrors` false outside development.',
  references: [
    'https://cwe.mitre.org/data/definitions/489.html',
    'https://cwe.mitre.org/data/definitions/209.html',
    'https://learn.microsoft.com/en-us/aspnet/core/fundamentals/error-handling',
  ],
  matcher: { kind: 'node', types: ['invocation_expression', 'assignment_expression'], where: check },
});

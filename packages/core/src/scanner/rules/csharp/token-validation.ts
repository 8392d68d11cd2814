import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';

/** The property an assignment sets: `p.ValidateLifetime = …` or `{ ValidateLifetime = … }`. */
export function assignedProperty(node: SyntaxNode): string {
  const left = node.child('left');
  if (left?.type === 'member_access_expression') return simpleName(left.child('name'));
  return left?.type === 'identifier' ? left.text : '';
}

/**
 * Microsoft.IdentityModel `TokenValidationParameters` (JWT bearer, OpenID Connect, WS-Federation)
 * that accept tokens whatever their expiry: `ValidateLifetime = false` or `RequireExpirationTime =
 * false`. A stolen token then works forever.
 */
function lifetime(node: SyntaxNode): Verdict {
  const name = assignedProperty(node);
  if ((name !== 'ValidateLifetime' && name !== 'RequireExpirationTime') || node.child('right')?.text !== 'false') return false;
  return {
    message:
      name === 'ValidateLifetime'
        ? 'TokenValidationParameters.ValidateLifetime = false accepts expired tokens: a leaked token stays valid forever'
        : 'TokenValidationParameters.RequireExpirationTime = false accepts tokens that carry no expiry at all',
  };
}

export default defineRule({
  class: 'session-expiration',
  confidence: 'high',
  languages: ['csharp'],
  message: 'Tokens are accepted whatever their expiry',
  remediation:
    'Keep `ValidateLifetime = true` and `RequireExpirationTime = true` (the defaults) on `TokenValidationParameters`, issue short-lived tokens, and tune `ClockSkew` rather than turning the check off.',
  references: ['https://learn.microsoft.com/en-us/dotnet/api/microsoft.identitymodel.tokens.tokenvalidationparameters.validatelifetime'],
  matcher: { kind: 'node', types: ['assignment_expression'], where: lifetime },
});

import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { assignedProperty } from './token-validation.ts';

/** `TokenValidationParameters { RequireSignedTokens = false }`: unsigned JWTs (`alg: none`) are accepted. */
function unsigned(node: SyntaxNode): Verdict {
  if (assignedProperty(node) !== 'RequireSignedTokens' || node.child('right')?.text !== 'false') return false;
  return { message: 'TokenValidationParameters.RequireSignedTokens = false accepts unsigned tokens: anyone can write their own claims' };
}

export default defineRule({
  class: 'jwt-verification-disabled',
  confidence: 'high',
  languages: ['csharp'],
  remediation: 'Keep `RequireSignedTokens = true` (the default) and `ValidateIssuerSigningKey = true` with the issuer’s signing keys configured.',
  references: ['https://learn.microsoft.com/en-us/dotnet/api/microsoft.identitymodel.tokens.tokenvalidationparameters.requiresignedtokens'],
  matcher: { kind: 'node', types: ['assignment_expression'], where: unsigned },
});

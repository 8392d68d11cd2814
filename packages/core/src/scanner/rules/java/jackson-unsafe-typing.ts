import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { resolveLocal } from '../../lang/java/predicates.ts';
import { annotationName, invocationParts } from '../../lang/java/tree.ts';

const OPEN_VALIDATOR = /LaissezFaireSubTypeValidator|allowIf(?:Base|Sub)Type\(\s*(?:Object\.class|"java|Serializable\.class)|allowIfSubTypeIsArray|BasicPolymorphicTypeValidator\.builder\(\)\s*\.build\(\)|getPolymorphicTypeValidator\(\)/;

function validatorIsOpen(arg: SyntaxNode | undefined): boolean {
  if (!arg) return false;
  if (OPEN_VALIDATOR.test(arg.text)) return true;
  const init = resolveLocal(arg);
  return init !== null && OPEN_VALIDATOR.test(init.text);
}

function unsafeTyping(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.type === 'method_invocation') {
    const { name, args } = invocationParts(node);
    if (name === 'enableDefaultTyping' || name === 'enableDefaultTypingAsProperty' || name === 'setDefaultTyping') return true;
    if ((name === 'activateDefaultTyping' || name === 'activateDefaultTypingAsProperty') && validatorIsOpen(args[0])) return true;
    return false;
  }
  // @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS): the JSON names the class to instantiate.
  if (annotationName(node) !== 'JsonTypeInfo') return false;
  return /\buse\s*=\s*(?:[\w.]*\.)?Id\.(?:CLASS|MINIMAL_CLASS)\b/.test(node.text);
}

export default defineRule({
  id: 'java.jackson-unsafe-typing',
  title: 'Jackson polymorphic typing by class name',
  severity: 'high',
  confidence: 'medium',
  cwe: ['CWE-502'],
  owasp: ['A08:2021'],
  languages: ['java'],
  message: 'Jackson is configured to instantiate classes named in the JSON (default typing or @JsonTypeInfo with Id.CLASS), which enables deserialization gadget attacks',
  remediation:
    'Use `@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)` with an explicit `@JsonSubTypes` list, or `activateDefaultTyping` with a `BasicPolymorphicTypeValidator` that allows only your own base types; never `enableDefaultTyping()` or a `LaissezFaireSubTypeValidator`.',
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://cowtowncoder.medium.com/on-jackson-cves-dont-panic-here-is-what-you-need-to-know-54cd0d6e8062',
    'https://github.com/FasterXML/jackson-docs/wiki/JacksonPolymorphicDeserialization',
  ],
  matcher: { kind: 'node', types: ['method_invocation', 'annotation'], where: unsafeTyping },
});

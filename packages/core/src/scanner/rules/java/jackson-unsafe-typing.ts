import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { resolveLocal } from '../../lang/java/predicates.ts';
import { annotationName, findAfter, invocationParts } from '../../lang/java/tree.ts';

/** A type validator that allows any class: `LaissezFaireSubTypeValidator`, `allowIfBaseType(Object.class)`, an empty builder. */
const OPEN_VALIDATOR = {
  test: (text: string): boolean =>
    text.includes('LaissezFaireSubTypeValidator') ||
    text.includes('allowIfSubTypeIsArray') ||
    text.includes('getPolymorphicTypeValidator()') ||
    findAfter(text, 'allowIfBaseType(', OPEN_BASE) !== null ||
    findAfter(text, 'allowIfSubType(', OPEN_BASE) !== null ||
    findAfter(text, 'BasicPolymorphicTypeValidator.builder()', /^\s*\.build\(\)/) !== null,
};
const OPEN_BASE = /^\s*(?:Object\.class|"java|Serializable\.class)/;

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
  const use = findAfter(node.text, 'use', /^\s*=\s*([\w.]+)/, true)?.match?.[1] ?? '';
  return use === 'Id.CLASS' || use === 'Id.MINIMAL_CLASS' || use.endsWith('.Id.CLASS') || use.endsWith('.Id.MINIMAL_CLASS');
}

export default defineRule({
  class: 'unsafe-deserialization',
  severity: 'high',
  confidence: 'medium',
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

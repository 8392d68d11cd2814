import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';

/** `assembly.GetType(name)` / `Type.GetType(name)`: the object form `obj.GetType()` takes no argument. */
function hasTypeName(call: CallView, ctx: MatchContext): boolean {
  return ctx.arg(call, 0) !== null;
}

/** `Activator.CreateInstance(assemblyName, typeName)` takes names; `CreateInstance(type)` a Type whose origin is checked where it is resolved. */
function createByName(call: CallView, ctx: MatchContext): boolean {
  return call.args.filter((a) => a.index >= 0).length >= 2 || ctx.literalKind(ctx.arg(call, 0) ?? call.node) === 'string';
}

/** `new XmlSerializer(Type.GetType(name))` is csharp.unsafe-deserialization's finding. */
function forSerializer(call: CallView): boolean {
  const creation = call.node.parent?.type === 'argument' ? call.node.parent.parent?.parent : null;
  return creation?.type === 'object_creation_expression' && /(?:XmlSerializer|DataContractSerializer|DataContractJsonSerializer)$/.test(creation.child('type')?.text ?? '');
}

export default defineRule({
  class: 'unsafe-reflection',
  confidence: 'high',
  cwe: ['CWE-470'],
  languages: ['csharp'],
  remediation:
    'Map the input to an allow-listed set of types (`Dictionary<string, Type>` or a `switch`), never pass it to `Type.GetType`, `Assembly.Load*`, `Activator.CreateInstance` or `InvokeMember`; load plug-ins only from a trusted directory with signed assemblies.',
  references: ['https://cwe.mitre.org/data/definitions/470.html', 'https://learn.microsoft.com/en-us/dotnet/fundamentals/code-analysis/quality-rules/ca2326'],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['**.Type.GetType'], args: [0], where: (call) => !forSerializer(call) },
      {
        callee: [
          '**.Assembly.{Load,LoadFrom,LoadFile,UnsafeLoadFrom,LoadWithPartialName}',
          '**.AssemblyLoadContext.Default.{LoadFromAssemblyPath,LoadFromAssemblyName}',
          '*.LoadFromAssemblyPath',
        ],
        args: [0],
      },
      { callee: ['*.GetType'], args: [0], where: (call, ctx) => hasTypeName(call, ctx) && /assembly|asm/i.test(call.receiver?.text ?? '') },
      {
        callee: ['**.Activator.{CreateInstance,CreateInstanceFrom}', '*.{CreateInstanceAndUnwrap,CreateInstanceFromAndUnwrap}'],
        args: [0, 1],
        where: (call, ctx) => call.name.endsWith('Unwrap') || createByName(call, ctx),
      },
      { callee: ['*.InvokeMember'], args: [0] },
      { callee: ['*.{GetMethod,GetProperty,GetField}'], args: [0] },
    ],
    params: 'never',
    local: 'never',
  },
});

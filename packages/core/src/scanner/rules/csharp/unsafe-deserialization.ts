import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';
import { boundLocal, findAfter, hasType, invocationArg, laterUses, localValues, scopeText, span, statementOf, typesOf } from '../../lang/csharp/helpers.ts';

/** Formatters that instantiate any type named in the payload: never safe on data that crosses a trust boundary. */
const FORMATTERS = new Set(['BinaryFormatter', 'SoapFormatter', 'NetDataContractSerializer', 'LosFormatter', 'ObjectStateFormatter', 'BinaryMessageFormatter', 'FsPickler']);
const TYPED_SERIALIZERS = /^(?:XmlSerializer|DataContractSerializer|DataContractJsonSerializer)$/;
const READ_METHODS = /^(?:Deserialize|UnsafeDeserialize|UnsafeDeserializeMethodResponse|DeserializeMethodResponse|ReadObject)$/;

function call(node: SyntaxNode): Verdict {
  const fn = node.child('function');
  if (fn?.type !== 'member_access_expression') return false;
  const name = simpleName(fn.child('name'));
  const receiver = fn.child('expression');
  if (READ_METHODS.test(name) && receiver) {
    const types = typesOf(receiver);
    for (const t of types) {
      if (!FORMATTERS.has(t)) continue;
      // Made in this method (`var f = new BinaryFormatter(); … f.Deserialize(s)`): the finding covers the lines from where the formatter is made.
      const made = receiver.type === 'identifier' ? localValues(receiver).slice(-1)[0] : undefined;
      const message = `${t}.${name} instantiates any type named in the data: deserializing it is remote code execution (${t} is insecure by design)`;
      return made ? { message, node: span(statementOf(made), node) } : { message };
    }
    return false;
  }
  return false;
}

/** `dataSet.ReadXml(untrusted)`: DataSet/DataTable XML can name the column types to instantiate. */
function dataSetReadXml(node: SyntaxNode, ctx: MatchContext): Verdict {
  const fn = node.child('function');
  if (fn?.type !== 'member_access_expression' || simpleName(fn.child('name')) !== 'ReadXml') return false;
  if (!hasType(fn.child('expression'), DATASETS)) return false;
  const arg = node.child('arguments')?.namedChildren[0]?.namedChildren.slice(-1)[0];
  const taint = arg ? ctx.taint(arg) : null;
  return taint && taint.strength === 'remote' ? { message: 'DataSet/DataTable.ReadXml on untrusted XML can instantiate types named in the data' } : false;
}

const DATASETS = new Set(['DataSet', 'DataTable']);
const RESOLVERS = new Set(['SimpleTypeResolver']);

/** The first positional argument of a creation, through a local it was stored in (`new JavaScriptSerializer(resolver)`). */
function invocationArgOf(creation: SyntaxNode): SyntaxNode | null {
  const first = invocationArg(creation, 0);
  if (first?.type !== 'identifier') return first;
  return localValues(first).slice(-1)[0] ?? first;
}

/**
 * .NET Remoting with `TypeFilterLevel.Full` deserializes any type a client sends (the default,
 * Low, refuses the dangerous ones): set on a formatter sink provider, in code or its initializer.
 */
function typeFilterLevel(name: string, value: SyntaxNode | null): Verdict {
  if (name !== 'TypeFilterLevel' || !value || !/(?:^|\.)Full$/.test(value.text.replace(/\s+/g, ''))) return false;
  return { message: 'TypeFilterLevel.Full lets .NET Remoting deserialize any type the client sends: remote code execution' };
}

/**
 * A custom DataContractResolver: it maps type names in the data to .NET types, and whether that is
 * safe depends on what it allows. Reported at low confidence, for review.
 */
function customResolver(node: SyntaxNode): Verdict {
  const bases = node.child('bases') ?? node.namedChildren.find((c) => c.type === 'base_list') ?? null;
  if (!bases || !bases.namedChildren.some((b) => simpleName(b) === 'DataContractResolver')) return false;
  return {
    message: 'A custom DataContractResolver decides which types the data may name: make sure it only resolves an allow-list of known types',
    confidence: 'low',
    node: node.child('name') ?? node,
  };
}

function xamlLoad(node: SyntaxNode, ctx: MatchContext): Verdict {
  const fn = node.child('function');
  if (fn?.type !== 'member_access_expression') return false;
  if (!/(?:^|\.)XamlReader$/.test(fn.child('expression')?.text ?? '') || !/^(?:Load|Parse)$/.test(simpleName(fn.child('name')))) return false;
  const arg = node.child('arguments')?.namedChildren[0]?.namedChildren.slice(-1)[0];
  return arg !== undefined && !ctx.isConstant(arg) && ctx.taint(arg) !== null
    ? { message: 'XamlReader.Load/Parse on untrusted XAML can instantiate arbitrary types and run code' }
    : false;
}

function typeNameHandling(name: string, value: SyntaxNode | null, at: SyntaxNode): Verdict {
  if (!/^(?:TypeNameHandling|ItemTypeNameHandling)$/.test(name) || !value) return false;
  if (/\.None$/.test(value.text) || value.text === '0') return false;
  if (!/TypeNameHandling\.(?:All|Auto|Objects|Arrays)\b|\(TypeNameHandling\)/.test(value.text)) return false;
  // A SerializationBinder that allow-lists types makes TypeNameHandling.Auto/Objects safe.
  const scope = scopeText(at);
  if (findAfter(scope, 'SerializationBinder', /^\s*=/, true) || findAfter(scope, 'Binder', /^\s*=/, true)) return false;
  const message = `Json.NET ${name} = ${value.text.replace(/^.*\./, '')} lets the JSON choose the .NET type to instantiate (\`$type\`): deserializing untrusted JSON with it is remote code execution`;
  const use = settingsUse(at);
  return use ? { message, node: span(at, use) } : { message };
}

const JSON_READS = new Set(['DeserializeObject', 'Deserialize', 'PopulateObject', 'DeserializeAnonymousType']);
const JSON_FACTORIES = new Set(['Create', 'CreateDefault']);

/**
 * `var settings = new JsonSerializerSettings { TypeNameHandling = … }; … DeserializeObject<T>(json,
 * settings)`: the last call in the method that deserializes with these settings, so the finding
 * covers the lines from the setting to where it takes effect.
 */
function settingsUse(assignment: SyntaxNode): SyntaxNode | null {
  const init = assignment.parent;
  const creation = init?.type === 'initializer_expression' ? init.parent : null;
  if (!creation || (creation.type !== 'object_creation_expression' && creation.type !== 'implicit_object_creation_expression')) return null;
  const local = boundLocal(creation);
  if (!local) return null;
  const uses = [...laterUses(creation, local, JSON_READS, 1), ...laterUses(creation, local, JSON_READS, 2), ...laterUses(creation, local, JSON_FACTORIES, 0)];
  let last: SyntaxNode | null = null;
  for (const u of uses) if (!last || u.end > last.end) last = u;
  return last;
}

function creation(node: SyntaxNode, ctx: MatchContext): Verdict {
  const type = simpleName(node.child('type'));
  // new XmlSerializer(Type.GetType(name)): the caller picks the type to instantiate.
  if (TYPED_SERIALIZERS.test(type)) {
    const first = node.child('arguments')?.namedChildren.find((a) => a.type === 'argument');
    const value = first?.namedChildren[first.namedChildren.length - 1];
    if (value?.type === 'invocation_expression' && /(?:^|\.)Type\.GetType$/.test(value.child('function')?.text ?? '')) {
      const name = value.child('arguments')?.namedChildren[0]?.namedChildren.slice(-1)[0];
      if (name && !ctx.isConstant(name))
        return { message: `${type} built for a type named at run time (\`Type.GetType(…)\`): the data's sender can choose which type is deserialized` };
    }
  }
  if (type === 'JavaScriptSerializer' && (/SimpleTypeResolver/.test(node.child('arguments')?.text ?? '') || hasType(invocationArgOf(node), RESOLVERS))) {
    return { message: 'JavaScriptSerializer with SimpleTypeResolver instantiates the type named by `__type` in the JSON: deserializing untrusted data is remote code execution' };
  }
  return false;
}

export default defineRule({
  class: 'unsafe-deserialization',
  severity: 'high',
  confidence: 'high',
  languages: ['csharp'],
  message: 'Deserialization that lets the data choose which types to instantiate',
  remediation:
    'Do not use BinaryFormatter, SoapFormatter, NetDataContractSerializer, LosFormatter or ObjectStateFormatter (obsolete and insecure by design); use System.Text.Json or DataContractSerializer with fixed types. With Json.NET keep `TypeNameHandling.None`, or restrict types with an allow-listing `SerializationBinder`.',
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://learn.microsoft.com/en-us/dotnet/standard/serialization/binaryformatter-security-guide',
    'https://cheatsheetseries.owasp.org/cheatsheets/Deserialization_Cheat_Sheet.html',
    'https://www.newtonsoft.com/json/help/html/SerializeTypeNameHandling.htm',
  ],
  matcher: {
    kind: 'node',
    types: ['invocation_expression', 'object_creation_expression', 'assignment_expression', 'attribute_argument', 'class_declaration'],
    where: (node, ctx) => {
      switch (node.type) {
        case 'invocation_expression':
          return call(node) || xamlLoad(node, ctx) || dataSetReadXml(node, ctx);
        case 'object_creation_expression':
          return creation(node, ctx);
        case 'assignment_expression': {
          const left = node.child('left');
          const name = left?.type === 'member_access_expression' ? simpleName(left.child('name')) : (left?.text ?? '');
          // fastJSON: new JSONParameters { BadListTypeChecking = false } lets `$types` pick any type.
          if (name === 'BadListTypeChecking' && node.child('right')?.text === 'false')
            return { message: 'fastJSON with BadListTypeChecking = false instantiates any type named in the JSON' };
          return typeFilterLevel(name, node.child('right')) || typeNameHandling(name, node.child('right'), node);
        }
        case 'class_declaration':
          return customResolver(node);
        case 'attribute_argument': {
          const name = node.child('name')?.text ?? '';
          return typeNameHandling(name, node.namedChildren[node.namedChildren.length - 1] ?? null, node);
        }
        default:
          return false;
      }
    },
  },
});

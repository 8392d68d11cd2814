import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argAt, declaredValue, enclosingFunction, fileFact, objectLiteral, pairKey, receiverPath, remoteObject, scopeText, unwrap } from '../../lang/javascript/helpers.ts';

/** Whether a filter object lets the client choose operators (`{ user: req.body.user }`) or runs built JavaScript (`$where`). */
function unsafeFilter(node: SyntaxNode, ctx: MatchContext, operators: boolean, depth = 0): boolean {
  if (depth > 4) return false;
  const n = unwrap(node);
  if (operators && remoteObject(n, ctx)) return true;
  const obj = objectLiteral(n);
  if (obj) {
    // Sequelize/TypeORM/Prisma take `{ where: … }`: typed ORMs, not MongoDB operator filters.
    if (obj.namedChildren.some((c) => c.type === 'pair' && /^(?:where|include|attributes|select|relations)$/.test(pairKey(c) ?? ''))) return false;
    for (const c of obj.namedChildren) {
      if (c.type === 'spread_element') {
        const inner = c.namedChildren[0];
        if (inner && operators && remoteObject(inner, ctx)) return true;
        continue;
      }
      if (c.type === 'shorthand_property_identifier') {
        if (operators && remoteObject(c, ctx)) return true;
        continue;
      }
      if (c.type !== 'pair') continue;
      const key = pairKey(c);
      const value = c.child('value');
      if (!value) continue;
      if (key === '$where' || key === '$function' || key === '$accumulator') {
        // JavaScript built from input (a parameter's value built into the code counts too).
        const t = ctx.taint(value);
        if (t && (t.strength === 'remote' || (t.strength === 'param' && t.built))) return true;
        continue;
      }
      const v = unwrap(value);
      if (v.type === 'array') {
        if (v.namedChildren.some((item) => unsafeFilter(item, ctx, operators, depth + 1))) return true;
      } else if (v.type === 'object') {
        if (unsafeFilter(v, ctx, operators, depth + 1)) return true;
      } else if (operators && key && !key.startsWith('$') && remoteObject(v, ctx)) return true;
    }
    // `const query = { active: true }; … query.$where = "this.dept == '" + dept + "'"`: fields set after the literal.
    if (n.type === 'identifier' && laterFields(n, ctx, operators)) return true;
    return false;
  }
  return false;
}

/** `filter.key = value` assignments to a local filter object before it is used (in the same function). */
function laterFields(id: SyntaxNode, ctx: MatchContext, operators: boolean): boolean {
  const fn = enclosingFunction(id);
  const body = fn?.child('body');
  if (!body) return false;
  const stack: SyntaxNode[] = [body];
  let budget = 4000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.start >= id.start) continue;
    if (n.type === 'assignment_expression') {
      const left = n.child('left');
      const value = n.child('right');
      if (left?.type === 'member_expression' && value && unwrap(left.child('object') as SyntaxNode).text === id.text) {
        const key = left.child('property')?.text ?? '';
        if (key === '$where' || key === '$function' || key === '$accumulator') {
          const t = ctx.taint(value);
          if (t && (t.strength === 'remote' || (t.strength === 'param' && t.built))) return true;
        } else if (operators && !key.startsWith('$') && remoteObject(value, ctx)) return true;
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

/** Receivers that are not MongoDB models or collections (`_.find`, `arr.find`). */
function mongoReceiver(call: CallView, ctx: MatchContext): boolean {
  const r = receiverPath(call, ctx);
  const root = r[0] ?? '';
  return !/^(?:_|lodash|underscore|R|ramda|Array|Object|document|window|\$|jQuery|el|element|fs|path|knex)$/.test(root) && !/^lodash/.test(root);
}

/** express-mongo-sanitize / Mongoose `sanitizeFilter` applied to every request or query of the app. */
function sanitizedGlobally(ctx: MatchContext): boolean {
  return fileFact(ctx, 'mongo-sanitize', (code) => /\bmongoSanitize\s{0,8}\(|express-mongo-sanitize|sanitizeFilter\s{0,8}[:,)]|['"]sanitizeFilter['"]/.test(code));
}

/** express-validator chains (`body('email').isEmail()`) checked with `validationResult(req)`: the fields are strings. */
function validatedByChain(ctx: MatchContext): boolean {
  return (
    fileFact(ctx, 'express-validator', (code) => code.includes('validationResult(') || code.includes('checkSchema(')) &&
    fileFact(ctx, 'express-validator-chain', (code) => ['body', 'check', 'query', 'param'].some((fn) => code.includes(`${fn}('`) || code.includes(`${fn}("`)))
  );
}

/** `if (typeof email !== 'string') return …` before the query: the value is a string, not an operator object. */
function typeChecked(call: CallView, filter: SyntaxNode): boolean {
  const text = scopeText(call.node);
  if (!/\b(?:return|throw)\b/.test(text)) return false;
  // The names the filter uses: a check of another field (`typeof newPassword !== 'string'`) says nothing about them.
  const f = unwrap(filter);
  const declared = f.type === 'identifier' ? declaredValue(f) : null;
  const used = new Set(`${f.text} ${declared?.text ?? ''}`.match(/[\w$]+/g) ?? []);
  for (let i = text.indexOf('typeof '), n = 0; i >= 0 && n < 50; i = text.indexOf('typeof ', i + 7), n++) {
    const rest = text.slice(i + 7, i + 120);
    if (!rest.includes("'string'") && !rest.includes('"string"')) continue;
    const operand = /^\(?\s{0,4}([\w$.]{1,100})/.exec(rest)?.[1] ?? '';
    const last = operand.slice(operand.lastIndexOf('.') + 1);
    if (last !== '' && used.has(last)) return true;
  }
  return false;
}

function filterArg(call: CallView, ctx: MatchContext): boolean {
  if (!mongoReceiver(call, ctx)) return false;
  const receiver = receiverPath(call, ctx);
  if (receiver.includes('createQueryBuilder()')) return false;
  // `.where(filter)`: only on Mongoose models and queries (`User.where(…)`, `User.find().where(…)`), not knex/TypeORM builders.
  if (call.name === 'where') {
    const last = receiver[receiver.length - 1] ?? '';
    if (!/^[A-Z]\w*$/.test(last) && !last.endsWith('Model') && last !== 'find()' && last !== 'findOne()') return false;
  }
  const first = argAt(call, call.name === 'distinct' ? 1 : 0);
  if (first === null) return false;
  const operators = !sanitizedGlobally(ctx) && !typeChecked(call, first) && !validatedByChain(ctx);
  return unsafeFilter(first, ctx, operators);
}

export default defineRule({
  class: 'nosql-injection',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Cast each value to the type you expect before querying (`{ email: String(req.body.email) }`), validate the body with a schema (zod, joi, class-validator), or strip operator keys with `mongo-sanitize` / `express-mongo-sanitize`; enable Mongoose `sanitizeFilter`. Never build `$where` JavaScript from input.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://mongoosejs.com/docs/api/mongoose.html#Mongoose.prototype.sanitizeFilter()',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          '*.find', '*.findOne', '*.findOneAndUpdate', '*.findOneAndDelete', '*.findOneAndRemove', '*.findOneAndReplace', '*.updateOne', '*.updateMany',
          '*.update', '*.deleteOne', '*.deleteMany', '*.remove', '*.countDocuments', '*.count', '*.exists', '*.distinct', '*.replaceOne', '*.where',
        ],
        args: [0, 1],
        where: filterArg,
        label: 'a MongoDB filter',
      },
      { callee: ['*.$where', '*.mapReduce'], args: [0], label: 'MongoDB $where' },
    ],
    // Parameters count only when built into `$where` code; operator injection needs request objects.
    params: 'built',
    local: 'never',
  },
});

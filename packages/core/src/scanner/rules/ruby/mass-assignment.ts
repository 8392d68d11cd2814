import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { keyName } from '../../lang/ruby/adapter.ts';
import { enclosingClass, isTrue, keyword, positional } from '../../lang/ruby/predicates.ts';

const PRIVILEGED_KEYS = new Set([
  'admin',
  'banned',
  'is_banned',
  'is_admin',
  'superuser',
  'super_admin',
  'role',
  'roles',
  'role_id',
  'permissions',
  'account_id',
  'is_staff',
  'staff',
  'approved',
  'verified',
  'confirmed_at',
]);
/** Core classes that are not models. */
const CORE_CLASSES = new Set([
  'Hash',
  'Array',
  'Set',
  'String',
  'Struct',
  'OpenStruct',
  'URI',
  'Time',
  'Date',
  'DateTime',
  'File',
  'Pathname',
  'Regexp',
  'Logger',
  'JSON',
  'Integer',
  'Float',
  'BigDecimal',
  'Range',
  'StringIO',
  'Thread',
  'Queue',
  'Mutex',
  'ERB',
  'Proc',
  'Class',
  'Module',
  'Object',
]);
/** Class-name endings of service objects, forms and other non-models. */
const NON_MODEL_SUFFIXES = [
  'Service',
  'Form',
  'Query',
  'Job',
  'Worker',
  'Serializer',
  'Presenter',
  'Decorator',
  'Policy',
  'Command',
  'Interactor',
  'Builder',
  'Parser',
  'Client',
  'Error',
  'Exception',
  'Finder',
  'Search',
  'Searcher',
  'Filter',
  'Validator',
  'Mailer',
  'Controller',
  'Helper',
  'Operation',
  'Action',
  'Contract',
  'Schema',
  'Params',
  'Struct',
  'Response',
  'Request',
  'Result',
  'Event',
  'Notifier',
  'Importer',
  'Exporter',
  'Generator',
  'Calculator',
  'Uploader',
  'Processor',
  'Handler',
];
const NOT_MODEL = { test: (name: string): boolean => CORE_CLASSES.has(name) || NON_MODEL_SUFFIXES.some((s) => name.endsWith(s)) };
const NOT_RECORD_RECEIVER =
  /^(?:params|options|opts|hash|h|config|settings|session|attrs|attributes|data|headers|query|filters|defaults|env|cookies|flash|args|kwargs|payload|body|result|response|request|cache|store|memo|counts?|totals?|stats)$/;

const HASH_CHAIN = /^(?:require|fetch|to_unsafe_h|to_unsafe_hash|permit!|dig|except|merge|reverse_merge|with_indifferent_access|deep_symbolize_keys|symbolize_keys)$/;
const GENERIC_KEYS = /^(?:attributes|attrs|data|fields|params|record|payload|form|object|item|entry|resource|model|values)$/;

/**
 * The request-parameter hash an argument passes unfiltered: `params`, `params[:user]`,
 * `params.require(:user)`, `params.to_unsafe_h`, `params[:user].permit!` (no `permit(…)`).
 * Returns the key it selects (`user`), '' for the whole hash, or null when it is not raw params.
 */
function rawParamsKey(node: SyntaxNode, depth = 0): string | null {
  if (depth > 8) return null;
  switch (node.type) {
    case 'identifier':
      return node.text === 'params' ? '' : null;
    case 'call': {
      const receiver = node.child('receiver');
      const method = node.child('method')?.text ?? '';
      if (receiver?.type === 'identifier' && receiver.text === 'request' && /^(?:params|parameters|request_parameters|POST)$/.test(method)) return '';
      if (!receiver || !HASH_CHAIN.test(method)) return null;
      const inner = rawParamsKey(receiver, depth + 1);
      if (inner === null) return null;
      const key = method === 'require' || method === 'fetch' ? node.child('arguments')?.namedChildren[0] : undefined;
      return key ? (keyName(key) ?? inner) : inner;
    }
    case 'element_reference': {
      const object = node.child('object');
      const inner = object ? rawParamsKey(object, depth + 1) : null;
      if (inner === null) return null;
      const key = node.namedChildren[1];
      return key ? (keyName(key) ?? inner) : inner;
    }
    case 'parenthesized_statements':
      return node.namedChildren[0] ? rawParamsKey(node.namedChildren[0], depth + 1) : null;
    default:
      return null;
  }
}

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
function singular(name: string): string {
  return name
    .replace(/ies$/, 'y')
    .replace(/(?:ses|xes|ches|shes)$/, (m) => m.slice(0, -2))
    .replace(/s$/, '');
}

/** Whether a params key names the record being built (`User.new(params[:user])`, `@post.update(params[:post])`). */
function keyNamesRecord(key: string, call: CallView, ctx: MatchContext): boolean {
  if (key === '' || GENERIC_KEYS.test(key) || /_(?:attributes|params|attrs)$/.test(key)) return true;
  const p = ctx.path(call.receiver ?? call.node) ?? [];
  return p.some((seg) => {
    const name = snake(seg.replace(/\(\)$/, '').replace(/^[@$]+/, ''));
    return name === key || singular(name) === key || name.endsWith(`_${key}`) || name.endsWith(`_${key}s`);
  });
}

/** Whether a receiver is a model class (`User`, `Admin::User`) or an association (`current_user.posts`). */
function modelTarget(call: CallView, ctx: MatchContext): boolean {
  const r = call.receiver;
  if (!r) return false;
  const p = ctx.path(r) ?? [];
  const last = (p[p.length - 1] ?? '').replace(/\(\)$/, '').replace(/^[@$]+/, '');
  if (NOT_RECORD_RECEIVER.test(last)) return false;
  if (
    /^(?:new|create|create!|build|first_or_create|first_or_initialize|find_or_create_by|find_or_initialize_by|create_with|insert|insert!|upsert|insert_all|upsert_all)$/.test(
      call.name,
    )
  ) {
    if (r.type === 'constant' || r.type === 'scope_resolution') return !NOT_MODEL.test(last);
    // association: current_user.posts.build(…), @project.tasks.new(…)
    return p.length >= 2 && /^[a-z_]+s(?:\(\))?$/.test(p[p.length - 1] ?? '');
  }
  return !/^[A-Z]/.test(last) || !NOT_MODEL.test(last);
}

const METHODS =
  /^(?:new|create|create!|build|update|update!|update_attributes|update_attributes!|assign_attributes|first_or_create|first_or_create!|first_or_initialize|find_or_create_by|find_or_create_by!|find_or_initialize_by|create_with|insert|insert!|upsert|insert_all|upsert_all|permit!|permit)$/;

/** `record.attributes = params[:user]`: the setter form of assign_attributes. */
function attributeAssignment(node: SyntaxNode): Verdict {
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right || left.type !== 'call' || left.child('method')?.text !== 'attributes' || rawParamsKey(right) === null) return false;
  return { message: `Request parameters (\`${right.text.slice(0, 60)}\`) are mass-assigned to a model without strong parameters (\`permit\`)` };
}

function massAssignmentNode(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'assignment') return attributeAssignment(node);
  const call = ctx.call(node);
  if (call && !call.receiver && call.name === 'attr_accessible') return accessiblePrivileged(call, ctx);
  if (!call || !call.receiver || !METHODS.test(call.name)) return false;
  return massAssignment(call, ctx);
}

/** The privileged attribute an allow-list names (`permit(:name, :admin)`, `attr_accessible :role`), or null. */
function privilegedKey(call: CallView, ctx: MatchContext): string | null {
  const keys = positional(call)
    .map((a) => ctx.stringValue(a))
    .filter((k): k is string => k !== null);
  return keys.find((k) => PRIVILEGED_KEYS.has(k)) ?? null;
}

/**
 * Rails 3 `attr_accessible :name, :admin` (protected_attributes): every caller of `new` / `update`
 * with request parameters may set the privileged attribute; a list for an admin role (`as: :admin`) may.
 */
function accessiblePrivileged(call: CallView, ctx: MatchContext): Verdict {
  const role = keyword(call, 'as');
  if (role && /admin/i.test(role.text)) return false;
  const hit = privilegedKey(call, ctx);
  return hit ? { message: `\`attr_accessible\` lets mass assignment set the privileged attribute \`${hit}\``, confidence: 'medium' } : false;
}

function massAssignment(call: CallView, ctx: MatchContext): Verdict {
  if (call.name === 'permit!') {
    const root = call.receiver ? ctx.path(call.receiver)?.[0] : null;
    return root === 'params' && call.receiver?.text.startsWith('params') ? { message: '`params.permit!` marks every request parameter as permitted for mass assignment' } : false;
  }
  if (call.name === 'permit') {
    // `params.require(:user).permit(…)`, `user_params_from(request.params).permit(…)`: request parameters.
    if (!call.receiver || !/\bparams\b/.test(call.receiver.text)) return false;
    if (/(?:^|::)Admin/.test(enclosingClass(call.node).name)) return false;
    const hit = privilegedKey(call, ctx);
    return hit ? { message: `Strong parameters permit the privileged attribute \`${hit}\`, so a user can set it on their own record`, confidence: 'medium' } : false;
  }
  if (isTrue(keyword(call, 'without_protection'))) return { message: 'Mass assignment with `without_protection: true` bypasses attribute protection' };
  const arg = positional(call).find((a) => {
    const key = rawParamsKey(a);
    // `User.new(params.permit!)`: the permit! call is reported on its own.
    return key !== null && !/\.permit!/.test(a.text) && keyNamesRecord(key, call, ctx);
  });
  if (!arg || !modelTarget(call, ctx)) return false;
  return { message: `Request parameters (\`${arg.text.slice(0, 60)}\`) are mass-assigned to a model without strong parameters (\`permit\`)` };
}

export default defineRule({
  class: 'mass-assignment',
  confidence: 'high',
  languages: ['ruby'],
  message: 'Request parameters are mass-assigned to a model without an attribute allow-list',
  remediation:
    'Use strong parameters with an explicit list of the attributes a user may set (`params.require(:user).permit(:name, :email)`); never `permit!`, and keep privileged attributes such as `admin` or `role` out of the list for non-admin actions.',
  references: [
    'https://cwe.mitre.org/data/definitions/915.html',
    'https://guides.rubyonrails.org/action_controller_overview.html#strong-parameters',
    'https://cheatsheetseries.owasp.org/cheatsheets/Mass_Assignment_Cheat_Sheet.html',
  ],
  matcher: { kind: 'node', types: ['call', 'assignment'], where: massAssignmentNode },
});

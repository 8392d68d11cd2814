import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import { calledWithInput, rubyAdapter } from './adapter.ts';
import { rubyHeuristics } from './heuristics.ts';

/** Parameter names that hold framework objects, never request data. */
const FRAMEWORK_PARAMS = new Set([
  'request', 'response', 'req', 'res', 'app', 'logger', 'log', 'config', 'configuration', 'options', 'opts', 'controller',
  'context', 'ctx', 'klass', 'model', 'record', 'resource', 'scope', 'relation', 'connection', 'conn', 'db', 'block', 'blk',
  'attributes', 'exception', 'error', 'e', 'ex', 'format', 'env', 'args', 'kwargs', 'i', 'j', 'index', 'idx', 'n',
]);
const THOR_BASE = /\b(?:Thor|Thor::Group)\b/;
const CHANNEL_BASE = /Channel\b/;
const GRAPHQL_BASE = /(?:Mutation|Resolver|BaseResolver|BaseMutation|GraphQL::Schema::\w+)\b/;

function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  if (param.type) return null; // a literal numeric / boolean default
  // Rack: `def call(env)` receives the request environment.
  if (param.name === 'env' && fn.name === 'call') return 'remote';
  const passed = fn.passedTo;
  if (passed) {
    // Route, command-line and archive blocks are handler shapes of the models (sinatra, stdlib, rake, rubyzip…);
    // other blocks receive what the called method yields (a file, a connection, a response…).
    if (!(fn.node.type === 'lambda' || passed.name === 'lambda' || passed.name === 'proc' || passed.name === 'define_method' || passed.name === 'scope')) return null;
  }
  if (FRAMEWORK_PARAMS.has(param.name)) return null;
  // ActionCable channel actions receive the client's message; GraphQL resolvers their arguments.
  if (fn.classBases.some((b) => CHANNEL_BASE.test(b)) && fn.name && fn.name !== 'subscribed' && fn.name !== 'unsubscribed') return 'remote';
  if (fn.name === 'resolve' && fn.classBases.some((b) => GRAPHQL_BASE.test(b))) return 'remote';
  if (fn.classBases.some((b) => THOR_BASE.test(b))) return 'local';
  // A method of the file called with request data (`notify(params[:url])`): its sinks are reported inside.
  if (fn.name && fn.node.type === 'method' && !param.annotations.includes('keyword') && calledWithInput(fn.node, fn.name, param.index)) return 'remote';
  return 'param';
}

/**
 * How Ruby code looks to the engine: the syntax adapter, how parameters start out, core methods that
 * store, clean, check, stop or format, and the named checks models use (heuristics.ts). What Ruby's
 * libraries and frameworks read, run and escape is in the models (models/ruby/*.ts).
 */
export const rubyProfile: LanguageProfile = {
  adapter: rubyAdapter,
  // Sources, sanitizers and sinks of Ruby's libraries and frameworks are models (models/ruby/*.ts).
  sources: [],
  sanitizers: [
    // `s.gsub(/[^a-z0-9_-]/i, '')`, `s.delete('^a-zA-Z0-9')`: only letters, digits and `_ - .` are left (the adapter names the call so).
    { callee: ['strip_unsafe_chars'], classes: 'all' },
    // The file's own route helpers (`user_path(x)`, `edit_post_url(p)`, as the adapter names them) escape their arguments and build a local URL.
    { callee: ['url_helper'], classes: ['redirect', 'xss', 'ssrf', 'header', 'command', 'path'] },
    // The file's own `safe_return_to(value)`-style helpers that return early unless an allow-list check holds (adapter).
    { callee: ['guard_helper'], classes: ['redirect', 'ssrf', 'path'] },
  ],
  paramTaint,
  mutators: ['push', 'append', 'concat', 'insert', 'unshift', 'prepend', 'store', 'merge!', 'deep_merge!', 'reverse_merge!', 'add', 'write'],
  cleanCalls: [
    'nil?', 'empty?', 'blank?', 'present?', 'any?', 'none?', 'include?', 'exclude?', 'start_with?', 'end_with?', 'match?', 'exist?',
    'exists?', 'file?', 'directory?', 'is_a?', 'kind_of?', 'instance_of?', 'respond_to?', 'key?', 'has_key?', 'member?', 'zero?',
    'positive?', 'negative?', 'even?', 'odd?', 'eql?', 'equal?', 'valid?', 'invalid?', 'persisted?', 'new_record?', 'between?', 'in?',
    'all?', 'one?', 'frozen?', 'readable?', 'writable?', 'executable?', 'symlink?', 'absolute?', 'relative?', 'changed?', 'success?',
    'length', 'size', 'count', 'hash', 'object_id', 'hexdigest', 'digest', 'base64digest', 'bytesize', 'index', 'rindex',
    'save', 'save!', 'update', 'update!', 'update_attribute', 'update_column', 'update_columns', 'destroy', 'destroy!',
    'create', 'create!', 'find', 'find_by', 'find_by!', 'find_or_create_by', 'find_or_create_by!', 'find_or_initialize_by', 'touch',
    'authenticate', 'uuid', 'hex', 'urlsafe_base64', 'alphanumeric', 'random_number', 'random_bytes', 'base64', 'now', 'today',
    'current', 'rand', 'srand', 'is_a', 'encrypt_password', 'compare', 'secure_compare', 'fixed_length_secure_compare', 'mtime',
    'ctime', 'atime', 'stat', 'pid', 'exitstatus', 'status', 'success', 'sleep', 'time', 'elapsed', 'blank', 'presence_in',
  ],
  validators: [
    'include?', 'in?', 'member?', 'key?', 'has_key?', 'include_key?', 'match?', 'match', 'start_with?', 'end_with?', 'valid?',
    'is_a?', 'kind_of?', 'instance_of?', 'integer?', 'numeric?', 'cover?', 'exclude?', 'uuid?', 'valid_url?', 'fullmatch',
  ],
  exits: [
    'raise', 'fail', 'abort', 'exit', 'exit!', 'halt', 'error!', 'throw', 'Kernel.{raise,exit,abort,fail}', 'Process.exit', 'Process.abort',
    'not_found', 'redirect', 'raise_not_found', 'render_not_found', 'render_404', 'render_forbidden', 'forbidden!', 'unauthorized!', 'not_found!',
    'bad_request!', 'render_unauthorized', 'deny_access', 'access_denied',
  ],
  formatters: ['format', 'sprintf', 'Kernel.{format,sprintf}', '*.join', '*.concat', '*.prepend'],
  heuristics: rubyHeuristics,
};

import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import { pythonAdapter } from './adapter.ts';
import { coreType, isNonStringType } from './classes.ts';
import { pythonChecks } from './checks.ts';

/** Framework objects given to handlers by type (FastAPI/Starlette injection, sessions, clients). */
const FRAMEWORK_TYPE =
  /^(?:Request|Response|HttpRequest|WSGIRequest|ASGIRequest|HTTPConnection|WebSocket|BackgroundTasks|SecurityScopes|Session|AsyncSession|Connection|AsyncConnection|Engine|AsyncEngine|Logger|Settings|FastAPI|APIRouter|Flask|Blueprint|Celery|Redis|ClientSession|Any|HttpResponse|StreamingResponse|Context|Info|GraphQLResolveInfo|Depends|Callable.*)$/;
const FRAMEWORK_PARAMS = new Set([
  'self',
  'cls',
  'request',
  'req',
  'response',
  'resp',
  'res',
  'db',
  'session',
  'background_tasks',
  'ctx',
  'context',
  'app',
  'logger',
  'log',
  'conn',
  'connection',
  'cursor',
  'cur',
  'engine',
  'settings',
  'config',
  'info',
  'root',
  'parent',
  'call_next',
  'websocket',
  'ws',
  'loop',
  'redis',
  'cache',
]);
/** Names that a Django function view's extra parameters have when they are not URL captures. */
const NOT_URL_CAPTURE = new Set(['template', 'template_name', 'context', 'extra_context', 'form_class', 'queryset', 'model', 'success_url', 'redirect_field_name']);

/** Whether a function is defined inside another function (a closure, not a view). */
function nested(fn: FunctionView): boolean {
  for (let p = fn.node.parent; p; p = p.parent) if (p.type === 'function_definition' || p.type === 'lambda') return true;
  return false;
}

/** Whether a Flask/Quart/Sanic route decorator declares the parameter with a numeric converter: `<int:uid>`, `<uid:int>`. */
function numericRouteParam(decorators: readonly string[], name: string): boolean {
  for (const d of decorators) {
    const open = d.indexOf(`:${name}>`);
    if (open > 0) {
      const start = d.lastIndexOf('<', open);
      if (start >= 0 && /^(?:int|float|uuid)$/.test(d.slice(start + 1, open))) return true;
    }
    const named = d.indexOf(`<${name}:`);
    if (named >= 0) {
      const end = d.indexOf('>', named);
      if (end > 0 && /^(?:int|float|uuid|number)$/.test(d.slice(named + name.length + 2, end))) return true;
    }
  }
  return false;
}

/**
 * Whether a parameter can hold text from outside at all: not a framework object by name or type, not a
 * number, date, UUID or enum by annotation, not an injected FastAPI dependency, not a route capture with a
 * numeric converter (`<int:uid>`). Handler shapes of the models give input only to these.
 */
function carriesData(fn: FunctionView, param: ParamView): boolean {
  if (FRAMEWORK_PARAMS.has(param.name)) return false;
  if (param.type && (isNonStringType(param.type, param.node) || FRAMEWORK_TYPE.test(coreType(param.type)))) return false;
  // FastAPI dependencies: `db: Session = Depends(get_db)`.
  const paramNode = param.node.parent;
  if (paramNode && /=\s{0,8}(?:Depends|Security|fastapi\.Depends)\(/.test(paramNode.text)) return false;
  return !numericRouteParam(fn.decorators, param.name);
}

/**
 * How a parameter starts out where no model's handler shape covers it: the entry points whose shape is
 * a convention of names and positions rather than a decorator or base class (AWS Lambda, WSGI, Django
 * function views, Falcon responders, Graphene resolvers), else unknown origin.
 */
function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  // AWS Lambda: def handler(event, context) — the event is the API Gateway / SQS / S3 payload.
  if (param.index === 0 && /^(?:event|evt)$/.test(param.name) && fn.params.length === 2 && /^_?(?:context|ctx|lambda_context)$/.test(fn.params[1]?.name ?? '')) return 'remote';
  // WSGI: def application(environ, start_response) — the environment is the request.
  if (param.index === 0 && param.name === 'environ' && fn.params[1]?.name === 'start_response') return 'remote';
  if (!carriesData(fn, param)) return null;
  const names = fn.params.map((p) => p.name);
  const first = names[0];
  // Graphene: resolve_user(root, info, name) / mutate(root, info, **input).
  const infoAt = names.indexOf('info');
  if (infoAt >= 0 && param.index > infoAt && fn.name && (/^resolve_/.test(fn.name) || fn.name === 'mutate' || fn.name === 'resolve')) return 'remote';
  // Falcon responders: on_get(self, req, resp, user_id).
  if (fn.name && /^on_(?:get|post|put|patch|delete)(?:_\w+)?$/.test(fn.name) && names[1] === 'req' && param.index > 2) return 'remote';
  // Django function views take `request` first; the rest are URL captures.
  if (first === 'request' && param.index > 0 && !fn.className && !nested(fn) && fn.name && !fn.name.startsWith('_') && !NOT_URL_CAPTURE.has(param.name)) return 'remote';
  return 'param';
}

/** What Python code reads from outside, and what makes it safe. */
export const pythonProfile: LanguageProfile = {
  adapter: pythonAdapter,
  // Sources, sanitizers and handler shapes of libraries and frameworks are models (models/python/*.ts).
  sources: [],
  sanitizers: [],
  paramTaint,
  carriesData,
  heuristics: pythonChecks,
  mutators: ['append', 'extend', 'insert', 'add', 'update', 'setdefault', 'write', 'writelines', 'appendleft'],
  cleanCalls: [
    'len',
    'isdigit',
    'isnumeric',
    'isdecimal',
    'isalnum',
    'isalpha',
    'isidentifier',
    'isspace',
    'islower',
    'isupper',
    'hexdigest',
    'digest',
    'count',
    'exists',
    'isfile',
    'isdir',
    'is_file',
    'is_dir',
    'startswith',
    'endswith',
    'check_password_hash',
    'verify',
    'compare_digest',
    'generate_password_hash',
    'hashpw',
    'checkpw',
    'gensalt',
    'find',
    'rfind',
    'index',
    'getsize',
    'token_hex',
    'token_urlsafe',
    'token_bytes',
    'uuid4',
    'uuid1',
    'time',
    'now',
    'utcnow',
    'randint',
    'random',
    'is_valid',
    'has_perm',
    'is_authenticated',
    'any',
    'all',
    'sum',
    'min',
    'max',
    'sorted_count',
    'first',
    'one',
    'one_or_none',
    'scalar',
    'scalar_one',
    'scalar_one_or_none',
    'fetchone',
    'fetchall',
    'fetchmany',
    'rowcount',
    'get_object_or_404',
    'get_list_or_404',
    'get_or_404',
    'first_or_404',
    'paginate',
    'check_password',
    'set_password',
    'make_password',
    'authenticate',
    'login',
    'logout',
    'is_safe_url',
    'url_has_allowed_host_and_scheme',
    'fullmatch',
    'match',
    'getpid',
    'perf_counter',
    'monotonic',
    'is_relative_to',
    'samefile',
    'access',
    'stat',
    'getmtime',
    'getctime',
    'isabs',
    // SQLAlchemy column operators build a clause whose operand is a bound parameter, not SQL text:
    // `User.name.ilike(f"%{term}%")`, `Order.status.in_(statuses)`.
    'like',
    'ilike',
    'notlike',
    'notilike',
    'not_like',
    'not_ilike',
    'in_',
    'not_in',
    'notin_',
    'between',
  ],
  validators: [
    // Not `startswith` / `endswith`: a prefix or suffix check proves little by itself (`url.startswith("http")`,
    // `name.endswith(".pdf")`); the rules that accept a containment check (`real.startswith(BASE)`) look for it themselves.
    'isdigit',
    'isnumeric',
    'isdecimal',
    'isalnum',
    'isalpha',
    'isidentifier',
    'match',
    'fullmatch',
    'validate',
    'validators',
    'allowed_file',
    'is_valid',
    'isinstance',
    'issubset',
    'is_relative_to',
    'commonpath',
    'commonprefix',
    'is_safe_path',
    'is_valid_filename',
    'is_within_directory',
    'is_within',
    'is_subpath',
    'within_directory',
    'is_path_safe',
    'is_inside',
    'is_under',
  ],
  exits: [
    'abort',
    'flask.abort',
    'quart.abort',
    'sys.exit',
    'exit',
    'quit',
    'os._exit',
    'werkzeug.exceptions.abort',
    'os.abort',
    'bottle.abort',
    'sanic.exceptions.abort',
    'self.send_error',
    'pytest.fail',
    'pytest.skip',
  ],
  formatters: ['*.format', '*.format_map', 'string.Template.substitute', '*.substitute', '*.safe_substitute'],
};

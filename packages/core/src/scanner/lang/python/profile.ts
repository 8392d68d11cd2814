import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import { pythonAdapter } from './adapter.ts';
import { coreType, isNonStringType } from './classes.ts';
import { decoratorIs, decoratorName, isCeleryTaskDecorator, lastSegment } from './text.ts';

/** Request attributes that hold client data: Flask/Quart/Werkzeug, Django/DRF, Starlette/FastAPI, aiohttp, Sanic, Pyramid, Bottle, Falcon. */
const REQUEST_FIELDS =
  '{args,form,values,json,data,files,cookies,headers,stream,url,base_url,path,full_path,query_string,host,referrer,view_args,environ,' +
  'GET,POST,COOKIES,META,FILES,body,query_params,path_info,content_params,path_params,match_info,rel_url,raw_path,query,params,' +
  'matchdict,json_body,text,content,media,forms,raw_args,uri,relative_uri,remote_user,authorization,user_agent,raw_headers}';
/** Methods (sync or awaited) of those request objects that return client data. */
const REQUEST_METHODS =
  '{get_json,get_data,json,body,form,post,text,read,stream,content,files,get_full_path,build_absolute_uri,get_host,media,get_media,' +
  'get_param,get_param_as_list,get_header,get_cookie_values,get_signed_cookie}';

/**
 * Decorators that make a function an HTTP route (Flask, Quart, Sanic, FastAPI, Starlette, Bottle, aiohttp, DRF, Pyramid, Litestar):
 * `@<anything>.<member>` (`@app.route(…)`, `@router.get`) or a bare `@<name>` (`@route(…)`, `@api_view([…])`).
 */
const ROUTE_MEMBERS = new Set(['route', 'get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'api_route', 'websocket', 'websocket_route', 'api_view', 'view_config', 'view_defaults', 'action']);
const ROUTE_BARE = new Set(['route', 'get', 'post', 'put', 'patch', 'delete', 'api_view', 'view_config', 'action']);
const ROUTE_DECORATOR = { test: (d: string): boolean => decoratorIs(d, ROUTE_MEMBERS, ROUTE_BARE) };
/** Decorators that look like routes but are not (`@admin.action` receives a queryset). */
const NOT_ROUTE_DECORATOR = /^@\s*(?:admin|django\.contrib\.admin)\.action\b/;
/** GraphQL resolvers (Strawberry, Ariadne) and Socket.IO event handlers: their parameters are the client's data. */
const GRAPHQL_DECORATOR = /^@\s*(?:strawberry\.(?:field|mutation|subscription)|mutation\.field|query\.field|[\w.]*\.field|(?:socketio|sio|socket_io|socket)\.(?:on|event))\b/;
/** Command-line entry points (click, typer, Flask CLI): `@cli.command()`, `@click.option(…)`, `@app.group`. */
const CLI_MEMBERS = new Set(['command', 'option', 'argument', 'group']);
const CLI_DECORATOR = {
  test(decorator: string): boolean {
    const d = decoratorName(decorator);
    if (!d) return false;
    // @click.option(…), @option(…)
    if (d.next === '(' && /^(?:click\.)?(?:option|argument)$/.test(d.name)) return true;
    // `.command` on anything; `.option` / `.argument` / `.group` on click, typer or a name ending in `app` / `cli`.
    const segments = d.name.split('.');
    for (let i = 1; i < segments.length; i++) {
      const member = segments[i] as string;
      if (member === 'command') return true;
      if (!CLI_MEMBERS.has(member)) continue;
      const owner = segments.slice(0, i).join('.');
      if (owner === 'click' || owner === 'typer' || owner.endsWith('app') || owner.endsWith('cli')) return true;
    }
    return false;
  },
};
/** Class-based views and handlers whose HTTP-method functions receive URL captures. */
const VIEW_BASE = {
  test: (base: string): boolean =>
    /(?:View|ViewSet|RequestHandler|Resource|HTTPEndpoint)\b/.test(base) || /^(?:Base|Api|API|Web|Auth|Json|JSON|Http|HTTP|App)?(?:Handler|Endpoint)$/.test(lastSegment(base)),
};
/** Framework objects given to handlers by type (FastAPI/Starlette injection, sessions, clients). */
const FRAMEWORK_TYPE =
  /^(?:Request|Response|HttpRequest|WSGIRequest|ASGIRequest|HTTPConnection|WebSocket|BackgroundTasks|SecurityScopes|Session|AsyncSession|Connection|AsyncConnection|Engine|AsyncEngine|Logger|Settings|FastAPI|APIRouter|Flask|Blueprint|Celery|Redis|ClientSession|Any|HttpResponse|StreamingResponse|Context|Info|GraphQLResolveInfo|Depends|Callable.*)$/;
const FRAMEWORK_PARAMS = new Set([
  'self', 'cls', 'request', 'req', 'response', 'resp', 'res', 'db', 'session', 'background_tasks', 'ctx', 'context', 'app', 'logger', 'log',
  'conn', 'connection', 'cursor', 'cur', 'engine', 'settings', 'config', 'info', 'root', 'parent', 'call_next', 'websocket', 'ws', 'loop',
  'redis', 'cache',
]);
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'list', 'create', 'retrieve', 'update', 'partial_update', 'destroy']);
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

function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  // AWS Lambda: def handler(event, context) — the event is the API Gateway / SQS / S3 payload.
  if (param.index === 0 && /^(?:event|evt)$/.test(param.name) && fn.params.length === 2 && /^_?(?:context|ctx|lambda_context)$/.test(fn.params[1]?.name ?? '')) return 'remote';
  // WSGI: def application(environ, start_response) — the environment is the request.
  if (param.index === 0 && param.name === 'environ' && fn.params[1]?.name === 'start_response') return 'remote';
  if (FRAMEWORK_PARAMS.has(param.name)) return null;
  if (param.type) {
    if (isNonStringType(param.type, param.node)) return null;
    if (FRAMEWORK_TYPE.test(coreType(param.type))) return null;
  }
  // FastAPI dependencies: `db: Session = Depends(get_db)`.
  const paramNode = param.node.parent;
  if (paramNode && /=\s{0,8}(?:Depends|Security|fastapi\.Depends)\(/.test(paramNode.text)) return null;
  if (fn.decorators.some((d) => ROUTE_DECORATOR.test(d) && !NOT_ROUTE_DECORATOR.test(d))) return numericRouteParam(fn.decorators, param.name) ? null : 'remote';
  if (fn.decorators.some((d) => GRAPHQL_DECORATOR.test(d))) return 'remote';
  // Celery tasks: arguments are broker messages enqueued from requests, webhooks and partner feeds.
  if (fn.decorators.some(isCeleryTaskDecorator)) return 'remote';
  if (fn.decorators.some((d) => CLI_DECORATOR.test(d))) return 'local';
  const names = fn.params.map((p) => p.name);
  const first = names[0];
  // Graphene: resolve_user(root, info, name) / mutate(root, info, **input).
  const infoAt = names.indexOf('info');
  if (infoAt >= 0 && param.index > infoAt && fn.name && (/^resolve_/.test(fn.name) || fn.name === 'mutate' || fn.name === 'resolve')) return 'remote';
  // Django Channels consumers: receive(self, text_data) / receive_json(self, content).
  if (fn.classBases.some((b) => /Consumer\b/.test(b)) && fn.name && /^(?:receive|receive_json|websocket_receive)$/.test(fn.name)) return 'remote';
  // Falcon responders: on_get(self, req, resp, user_id).
  if (fn.name && /^on_(?:get|post|put|patch|delete)(?:_\w+)?$/.test(fn.name) && names[1] === 'req' && param.index > 2) return 'remote';
  if (fn.className && fn.classBases.some((b) => VIEW_BASE.test(b)) && fn.name && HTTP_METHODS.has(fn.name)) {
    // Django / DRF: get(self, request, pk); Tornado, Flask MethodView / Flask-RESTful: get(self, user_id).
    const start = names[1] === 'request' || names[1] === 'req' ? 1 : 0;
    return param.index > start ? 'remote' : null;
  }
  // Django function views take `request` first; the rest are URL captures.
  if (first === 'request' && param.index > 0 && !fn.className && !nested(fn) && fn.name && !fn.name.startsWith('_') && !NOT_URL_CAPTURE.has(param.name)) return 'remote';
  return 'param';
}

/** What Python code reads from outside, and what makes it safe. */
export const pythonProfile: LanguageProfile = {
  adapter: pythonAdapter,
  sources: [
    {
      strength: 'remote',
      paths: [
        `{flask,quart,sanic,bottle}.request.${REQUEST_FIELDS}`,
        `{flask,quart,sanic,bottle}.request.${REQUEST_METHODS}()`,
        `{request,req}.${REQUEST_FIELDS}`,
        `{request,req}.${REQUEST_METHODS}()`,
        `self.request.${REQUEST_FIELDS}`,
        `self.request.${REQUEST_METHODS}()`,
        // Tornado handlers.
        'self.{get_argument,get_arguments,get_query_argument,get_query_arguments,get_body_argument,get_body_arguments,get_cookie,get_secure_cookie,get_signed_cookie}()',
        'self.request.{arguments,query_arguments,body_arguments}',
        // Django class-based views: URL captures.
        'self.kwargs',
        // http.server handlers' request body; CGI scripts' form.
        'self.rfile',
        'cgi.FieldStorage()',
        // WebSockets (Starlette/FastAPI, websockets, Quart) and raw sockets.
        '{websocket,ws}.{receive_text,receive_json,receive_bytes,receive,recv}()',
        '*.recv()',
        '*.recvfrom()',
        '*.makefile()',
      ],
    },
    {
      strength: 'local',
      paths: [
        'sys.argv',
        'sys.stdin',
        'input()',
        'raw_input()',
        'os.environ',
        'os.getenv()',
        'os.environb',
        '**.parse_args()',
        '**.parse_known_args()',
        'fileinput.input()',
        '{click,typer}.prompt()',
      ],
    },
  ],
  sanitizers: [
    {
      callee: [
        'int', 'float', 'bool', 'len', 'abs', 'round', 'hash', 'ord', 'complex', 'math.*', 'decimal.Decimal', 'Decimal', 'uuid.UUID', 'UUID',
        'datetime.*', 'date.*', 'datetime.datetime.*', 'datetime.date.*', 'id', 'isinstance', 'hasattr', 'callable', 'type',
        'slugify', 'django.utils.text.slugify', 'slugify.slugify', 'ipaddress.ip_address', 'ipaddress.ip_network',
        // ORM lookups return rows, not the input they were filtered by.
        'django.shortcuts.get_object_or_404', 'django.shortcuts.get_list_or_404', 'get_object_or_404', 'get_list_or_404',
        '*.objects.{get,filter,exclude,create,get_or_create,update_or_create,first,last,latest,earliest,all,values,values_list,in_bulk,select_related,prefetch_related,annotate,aggregate,count,exists,order_by}',
        '*.query.{get_or_404,filter_by,first_or_404,one_or_404}',
        '*.session.get',
        // What a fixed-host HTTP call returns is that service's data, not the request's.
        'requests.{get,post,put,patch,delete,head,options,request}', 'httpx.{get,post,put,patch,delete,head,options,request}',
        'urllib.request.urlopen',
      ],
      classes: 'all',
    },
    { callee: ['shlex.quote', 'pipes.quote', 'shlex.join', 'quote'], classes: ['command'] },
    {
      callee: [
        'html.escape', 'cgi.escape', 'markupsafe.escape', 'flask.escape', 'escape', 'jinja2.escape', 'markupsafe.Markup.escape', 'Markup.escape',
        'bleach.clean', 'bleach.linkify', 'django.utils.html.escape', 'django.utils.html.conditional_escape', 'conditional_escape',
        'django.utils.html.format_html', 'format_html', 'django.utils.html.strip_tags', 'strip_tags', 'xml.sax.saxutils.escape',
        'saxutils.escape', 'nh3.clean', 'html_sanitizer.*', 'sanitize', 'escape_html', 'django.utils.html.escapejs', 'escapejs',
        'django.utils.html.json_script', 'json_script', 'flask.jsonify', 'jsonify', 'json.dumps', 'quart.jsonify', 'sanic.response.json',
        'tornado.escape.xhtml_escape', 'xhtml_escape', 'tornado.escape.json_encode', 'webhelpers.html.escape', 'bottle.html_escape', 'html_escape',
      ],
      classes: ['xss', 'xpath'],
    },
    // quote() keeps "/" (so `../` and `//host` survive); quote_plus() and urlencode() encode it too.
    { callee: ['urllib.parse.quote', 'urllib.quote'], classes: ['xss', 'command', 'header', 'ldap', 'sql'] },
    {
      callee: ['urllib.parse.quote_plus', 'urllib.quote_plus', 'quote_plus', 'urllib.parse.urlencode', 'urlencode', 'urllib.urlencode'],
      classes: ['xss', 'command', 'header', 'ssrf', 'redirect', 'path', 'ldap', 'sql'],
    },
    // Route builders escape their arguments and produce a local URL.
    {
      callee: ['flask.url_for', 'url_for', 'quart.url_for', 'django.urls.reverse', 'django.urls.reverse_lazy', 'django.shortcuts.resolve_url', 'reverse', 'reverse_lazy', 'resolve_url', '*.url_for', '*.url_path_for'],
      classes: ['redirect', 'ssrf', 'xss', 'header', 'command', 'sql', 'path'],
    },
    {
      callee: [
        'os.path.basename', 'werkzeug.utils.secure_filename', 'secure_filename', 'werkzeug.secure_filename', 'basename', 'ntpath.basename', 'posixpath.basename',
        'werkzeug.utils.safe_join', 'werkzeug.security.safe_join', 'flask.safe_join', 'flask.helpers.safe_join', 'django.utils._os.safe_join', 'safe_join',
        'get_valid_filename', 'django.utils.text.get_valid_filename', 'pathvalidate.sanitize_filename', 'sanitize_filename',
      ],
      classes: ['path'],
    },
    { callee: ['ldap.filter.escape_filter_chars', 'escape_filter_chars', 'ldap3.utils.conv.escape_filter_chars', 'ldap.dn.escape_dn_chars', 'escape_dn_chars', 'escape_rdn', 'ldap.filter.filter_format', 'filter_format'], classes: ['ldap'] },
    {
      callee: [
        'MySQLdb.escape_string', '*.escape_string', 'pymysql.converters.escape_string', '*.literal', 'psycopg2.extensions.adapt', 'sql.Identifier', 'sql.Literal',
        'psycopg2.sql.Identifier', 'psycopg2.sql.Literal', 'psycopg.sql.Identifier', 'psycopg.sql.Literal', '*.quote_identifier', '*.quote_name', '*.mogrify',
        // SQLAlchemy `text("… :status").bindparams(status=value)`: values are bound, never part of the SQL text (text() itself is a sink).
        '*.bindparams',
      ],
      classes: ['sql'],
    },
    { callee: ['str'], classes: ['nosql'] },
    { callee: ['re.escape', 'regex.escape'], classes: ['regex'] },
  ],
  paramTaint,
  mutators: ['append', 'extend', 'insert', 'add', 'update', 'setdefault', 'write', 'writelines', 'appendleft'],
  cleanCalls: [
    'len', 'isdigit', 'isnumeric', 'isdecimal', 'isalnum', 'isalpha', 'isidentifier', 'isspace', 'islower', 'isupper',
    'hexdigest', 'digest', 'count', 'exists', 'isfile', 'isdir', 'is_file', 'is_dir', 'startswith', 'endswith', 'check_password_hash',
    'verify', 'compare_digest', 'generate_password_hash', 'hashpw', 'checkpw', 'gensalt', 'find', 'rfind', 'index', 'getsize',
    'token_hex', 'token_urlsafe', 'token_bytes', 'uuid4', 'uuid1', 'time', 'now', 'utcnow', 'randint', 'random',
    'is_valid', 'has_perm', 'is_authenticated', 'any', 'all', 'sum', 'min', 'max', 'sorted_count',
    'first', 'one', 'one_or_none', 'scalar', 'scalar_one', 'scalar_one_or_none', 'fetchone', 'fetchall', 'fetchmany', 'rowcount',
    'get_object_or_404', 'get_list_or_404', 'get_or_404', 'first_or_404', 'paginate', 'check_password', 'set_password', 'make_password',
    'authenticate', 'login', 'logout', 'is_safe_url', 'url_has_allowed_host_and_scheme', 'fullmatch', 'match', 'getpid', 'perf_counter',
    'monotonic', 'is_relative_to', 'samefile', 'access', 'stat', 'getmtime', 'getctime', 'isabs',
    // SQLAlchemy column operators build a clause whose operand is a bound parameter, not SQL text:
    // `User.name.ilike(f"%{term}%")`, `Order.status.in_(statuses)`.
    'like', 'ilike', 'notlike', 'notilike', 'not_like', 'not_ilike', 'in_', 'not_in', 'notin_', 'between',
  ],
  validators: [
    // Not `startswith` / `endswith`: a prefix or suffix check proves little by itself (`url.startswith("http")`,
    // `name.endswith(".pdf")`); the rules that accept a containment check (`real.startswith(BASE)`) look for it themselves.
    'isdigit', 'isnumeric', 'isdecimal', 'isalnum', 'isalpha', 'isidentifier', 'match', 'fullmatch', 'url_has_allowed_host_and_scheme', 'is_safe_url', 'validate', 'validators', 'allowed_file', 'is_valid',
    'isinstance', 'issubset', 'is_relative_to', 'commonpath', 'commonprefix', 'is_safe_path', 'is_valid_filename', 'is_within_directory',
    'is_within', 'is_subpath', 'within_directory', 'is_path_safe', 'is_inside', 'is_under',
  ],
  exits: ['abort', 'flask.abort', 'quart.abort', 'sys.exit', 'exit', 'quit', 'os._exit', 'werkzeug.exceptions.abort', 'os.abort', 'bottle.abort', 'sanic.exceptions.abort', 'self.send_error', 'pytest.fail', 'pytest.skip'],
  formatters: ['*.format', '*.format_map', 'string.Template.substitute', '*.substitute', '*.safe_substitute'],
};

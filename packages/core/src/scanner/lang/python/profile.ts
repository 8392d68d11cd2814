import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import { pythonAdapter } from './adapter.ts';

const FLASK_FIELDS = '{args,form,values,json,data,files,cookies,headers,stream,url,base_url,path,full_path,query_string,host,referrer,view_args,environ,remote_addr}';
const DJANGO_FIELDS = '{GET,POST,COOKIES,META,FILES,body,data,query_params,headers,path,path_info,content_params}';

const ROUTE_DECORATOR = /^@\s*[\w.]*\.(?:route|get|post|put|patch|delete|head|options|api_route|websocket|api_view|view_config)\b|^@\s*(?:route|get|post|put|patch|delete|api_view|view_config)\b/;
const CLI_DECORATOR = /^@\s*(?:click|typer|[\w.]*app)\.(?:command|option|argument|group)\b|^@\s*[\w.]*\.command\b/;
const VIEW_BASE = /(?:View|ViewSet|APIView|Handler|RequestHandler|Resource|MethodView|GenericAPIView)\b/;
const NON_STRING_TYPE = /^(?:int|float|bool|complex|UUID|uuid\.UUID|date|datetime|Decimal|PositiveInt|conint\(.*\)|Optional\[(?:int|float|bool)\]|int \| None|float \| None|bool \| None)$/;
const FRAMEWORK_PARAMS = new Set(['self', 'cls', 'request', 'req', 'response', 'db', 'session', 'background_tasks', 'ctx', 'context', 'app', 'logger', 'conn', 'connection', 'cursor', 'engine', 'settings', 'config']);
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'list', 'create', 'retrieve', 'update', 'partial_update', 'destroy']);

function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  if (FRAMEWORK_PARAMS.has(param.name)) return null;
  if (param.type && NON_STRING_TYPE.test(param.type.trim())) return null;
  // FastAPI dependencies: `db: Session = Depends(get_db)`.
  const paramNode = param.node.parent;
  if (paramNode && /=\s*(?:Depends|Security)\(/.test(paramNode.text)) return null;
  if (fn.decorators.some((d) => ROUTE_DECORATOR.test(d))) return 'remote';
  if (fn.decorators.some((d) => CLI_DECORATOR.test(d))) return 'local';
  // Django function views take `request` first; the rest are URL captures.
  if (fn.params[0]?.name === 'request' && param.index > 0) return 'remote';
  // Class-based views: get(self, request, pk).
  if (fn.className && fn.classBases.some((b) => VIEW_BASE.test(b)) && fn.name && HTTP_METHODS.has(fn.name) && param.index > 1) return 'remote';
  return 'param';
}

/** What Python code reads from outside, and what makes it safe. */
export const pythonProfile: LanguageProfile = {
  adapter: pythonAdapter,
  sources: [
    {
      strength: 'remote',
      paths: [
        `flask.request.${FLASK_FIELDS}`,
        'flask.request.{get_json,get_data}()',
        `request.${FLASK_FIELDS}`,
        'request.{get_json,get_data,form,json,body,query}()',
        `request.${DJANGO_FIELDS}`,
        `self.request.${DJANGO_FIELDS}`,
        'request.{query_params,path_params,match_info,rel_url,url}',
        'request.{post,text,read}()',
        'self.{get_argument,get_arguments,get_query_argument,get_query_arguments,get_body_argument,get_body_arguments,get_cookie,get_secure_cookie}()',
        'self.request.{body,arguments,query_arguments,body_arguments,files,headers,uri,query}',
        'bottle.request.{query,forms,params,json,files,cookies,headers,GET,POST}',
        'event.{body,queryStringParameters,pathParameters,headers}',
        'event.get()',
        'websocket.{receive_text,receive_json,receive}()',
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
        'os.environ.get()',
        '**.parse_args()',
        '**.parse_known_args()',
        'fileinput.input()',
      ],
    },
  ],
  sanitizers: [
    { callee: ['int', 'float', 'bool', 'len', 'abs', 'round', 'hash', 'ord', 'complex', 'math.*', 'decimal.Decimal', 'Decimal', 'uuid.UUID', 'UUID', 'datetime.*', 'date.*', 'id', 'isinstance', 'hasattr', 'callable', 'type'], classes: 'all' },
    { callee: ['shlex.quote', 'pipes.quote', 'shlex.join', 'quote'], classes: ['command'] },
    {
      callee: [
        'html.escape', 'cgi.escape', 'markupsafe.escape', 'flask.escape', 'escape', 'jinja2.escape', 'markupsafe.Markup.escape',
        'bleach.clean', 'bleach.linkify', 'django.utils.html.escape', 'django.utils.html.conditional_escape', 'conditional_escape',
        'django.utils.html.format_html', 'format_html', 'django.utils.html.strip_tags', 'strip_tags', 'xml.sax.saxutils.escape',
        'saxutils.escape', 'nh3.clean', 'html_sanitizer.*', 'sanitize', 'escape_html',
      ],
      classes: ['xss', 'xpath'],
    },
    {
      callee: ['urllib.parse.quote', 'urllib.parse.quote_plus', 'urllib.quote', 'quote_plus', 'urllib.parse.urlencode', 'urlencode'],
      classes: ['xss', 'command', 'header', 'ssrf', 'redirect'],
    },
    { callee: ['os.path.basename', 'werkzeug.utils.secure_filename', 'secure_filename', 'werkzeug.secure_filename', 'basename', 'ntpath.basename', 'posixpath.basename'], classes: ['path'] },
    { callee: ['ldap.filter.escape_filter_chars', 'escape_filter_chars', 'ldap3.utils.conv.escape_filter_chars', 'ldap.dn.escape_dn_chars', 'escape_dn_chars', 'escape_rdn'], classes: ['ldap'] },
    { callee: ['MySQLdb.escape_string', '*.escape_string', 'pymysql.converters.escape_string', '*.literal', 'psycopg2.extensions.adapt', 'sql.Identifier', 'sql.Literal', 'psycopg2.sql.Identifier', 'psycopg2.sql.Literal'], classes: ['sql'] },
    { callee: ['str'], classes: ['nosql'] },
    { callee: ['ipaddress.ip_address', 'ipaddress.ip_network', 'validators.*'], classes: ['command', 'sql', 'path', 'xss', 'ldap'] },
  ],
  paramTaint,
  mutators: ['append', 'extend', 'insert', 'add', 'update', 'setdefault', 'write', 'writelines', 'appendleft'],
  cleanCalls: [
    'len', 'isdigit', 'isnumeric', 'isdecimal', 'isalnum', 'isalpha', 'isidentifier', 'isspace', 'islower', 'isupper',
    'hexdigest', 'digest', 'count', 'exists', 'isfile', 'isdir', 'startswith', 'endswith', 'check_password_hash',
    'verify', 'compare_digest', 'generate_password_hash', 'hashpw', 'checkpw', 'gensalt', 'find', 'rfind', 'index', 'getsize',
    'token_hex', 'token_urlsafe', 'token_bytes', 'uuid4', 'uuid1', 'time', 'now', 'utcnow', 'randint', 'random',
    'is_valid', 'has_perm', 'is_authenticated', 'exists', 'any', 'all', 'sum', 'min', 'max', 'sorted_count',
  ],
  validators: [
    'isdigit', 'isnumeric', 'isdecimal', 'isalnum', 'isalpha', 'isidentifier', 'match', 'fullmatch', 'startswith',
    'endswith', 'url_has_allowed_host_and_scheme', 'is_safe_url', 'validate', 'validators', 'allowed_file', 'is_valid',
    'isinstance', 'issubset', 'is_relative_to', 'commonpath', 'commonprefix',
  ],
  exits: ['abort', 'flask.abort', 'sys.exit', 'exit', 'quit', 'os._exit', 'werkzeug.exceptions.abort', 'os.abort'],
  formatters: ['*.format', '*.format_map', '*.join', 'string.Template.substitute', '*.substitute', '*.safe_substitute'],
};

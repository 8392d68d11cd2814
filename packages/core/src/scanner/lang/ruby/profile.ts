import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import { calledWithInput, isRouteCall, rubyAdapter } from './adapter.ts';
import { ARCHIVE_READER } from './predicates.ts';

/** What `request.x` returns that the client controls (Rails ActionDispatch::Request, Rack::Request, Sinatra). */
const REQUEST_FIELDS =
  '{params,parameters,query_parameters,request_parameters,path_parameters,filtered_parameters,GET,POST,body,raw_post,headers,env,referer,referrer,user_agent,url,original_url,fullpath,original_fullpath,query_string,cookies,path_info,authorization,content_type,media_type,accept,x_forwarded_for,form_data,body_stream}';
const RACK_FIELDS = '{params,GET,POST,body,cookies,query_string,path_info,url,fullpath,referer,referrer,user_agent,env}';

/** Parameter names that hold framework objects, never request data. */
const FRAMEWORK_PARAMS = new Set([
  'request', 'response', 'req', 'res', 'app', 'logger', 'log', 'config', 'configuration', 'options', 'opts', 'controller',
  'context', 'ctx', 'klass', 'model', 'record', 'resource', 'scope', 'relation', 'connection', 'conn', 'db', 'block', 'blk',
  'attributes', 'exception', 'error', 'e', 'ex', 'format', 'env', 'args', 'kwargs', 'i', 'j', 'index', 'idx', 'n',
]);
const THOR_BASE = /\b(?:Thor|Thor::Group)\b/;
const CHANNEL_BASE = /Channel\b/;
const GRAPHQL_BASE = /(?:Mutation|Resolver|BaseResolver|BaseMutation|GraphQL::Schema::\w+)\b/;
/** Blocks of OptionParser (`opts.on('-f FILE') { |v| … }`) and Rake (`task :x, [:a] do |t, args|`): the parameters come from the command line. */
const CLI_BLOCK_CALLS = new Set(['on', 'on_tail', 'on_head', 'task', 'command', 'action']);
/** Archive readers' block parameters: their entry names are chosen by whoever made the archive (Zip Slip). */
const ARCHIVE_OPENERS = new Set(['open', 'foreach', 'new', 'open_buffer']);

function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  if (param.type) return null; // a literal numeric / boolean default
  // Rack: `def call(env)` receives the request environment.
  if (param.name === 'env' && fn.name === 'call') return 'remote';
  const passed = fn.passedTo;
  if (passed) {
    // Sinatra / Grape: `get '/hello/:name' do |name|` receives the route captures.
    if (isRouteCall(passed)) return 'remote';
    if (CLI_BLOCK_CALLS.has(passed.name)) return passed.name === 'task' && param.index === 0 ? null : 'local';
    if (param.index === 0 && ARCHIVE_OPENERS.has(passed.name) && passed.receiver && ARCHIVE_READER.test(passed.receiver.text)) return 'remote';
    // Other blocks receive what the called method yields (a file, a connection, a response…).
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

/** What Ruby code (Rails, Sinatra, Rack, Grape, plain scripts) reads from outside, and what makes it safe. */
export const rubyProfile: LanguageProfile = {
  adapter: rubyAdapter,
  sources: [
    {
      strength: 'remote',
      paths: [
        // Rails / Sinatra / Grape / Hanami `params` (and `params[:x]`, `params.require(:x).permit(…)`, `params.fetch`, `params.dig`).
        'params',
        'declared()',
        `request.${REQUEST_FIELDS}()`,
        `{Rack.Request,ActionDispatch.Request,Sinatra.Request}.new().${RACK_FIELDS}()`,
        // Unsigned cookies (`cookies.signed` / `cookies.encrypted` are tamper-proof and not listed).
        'cookies',
        'request.cookie_jar()',
        // Roda: `route do |r| … r.params['q'] … end`.
        'r.params()',
        // WEBrick servlets (`do_GET(req, res)`) and raw sockets.
        '{req,request}.{query,query_string,request_uri,unparsed_uri,header,raw_header,body}()',
        '{client,socket,sock,conn,connection,session,peer}.{gets,recv,recvfrom,recvmsg,read,readline,readpartial,recv_nonblock,read_nonblock,each_line}()',
      ],
    },
    {
      strength: 'local',
      paths: ['ARGV', 'ARGF', 'ENV', 'gets', 'gets()', 'STDIN', '$stdin', '$*', '$<', 'Kernel.gets()', 'Readline.readline()', 'readline', 'readline()', 'readlines', 'readlines()'],
    },
  ],
  sanitizers: [
    {
      callee: [
        'Integer', 'Float', 'Rational', 'Complex', 'BigDecimal', 'Kernel.{Integer,Float}',
        '{to_i,to_f,to_d,to_r,to_c,to_int,to_date,to_datetime,to_time,abs,round,floor,ceil,ord,hash,object_id,length,size,bytesize,parameterize,to_bool,strip_unsafe_chars}',
        '*.{to_i,to_f,to_d,to_r,to_c,to_int,to_date,to_datetime,to_time}', '*.id', '*.abs', '*.round', '*.floor', '*.ceil', '*.parameterize',
        '{Date,DateTime,Time}.{parse,strptime,iso8601,at,new}', 'Time.zone.{parse,at,now}', 'ActiveModel.Type.Boolean.new().cast',
        'SecureRandom.*', '*.length', '*.size', '*.count', 'IPAddr.new', 'UUID.validate',
      ],
      classes: 'all',
    },
    { callee: ['Shellwords.{escape,shellescape,join,shelljoin}', 'shellescape', 'shelljoin', 'Escape.shell_command'], classes: ['command'] },
    {
      callee: [
        'ERB.Util.{html_escape,h,html_escape_once,json_escape}', 'ERB.Util.url_encode', 'h', 'html_escape', 'html_escape_once', 'escape_once', 'json_escape',
        'CGI.{escapeHTML,escape_html,escapeElement}', 'Rack.Utils.escape_html', 'sanitize', '*.sanitize', 'strip_tags', '*.strip_tags', 'strip_links',
        'Sanitize.{fragment,clean,document}', 'Loofah.{scrub_fragment,scrub_document}', 'escape_javascript', 'j', 'simple_format', 'Nokogiri.HTML.fragment().text()',
        'CGI.escape', 'ERB.Util.url_encode', 'url_encode', 'URI.encode_www_form_component', 'URI.encode_www_form', 'Rack.Utils.{escape,escape_path,build_query}', '*.to_query', '*.to_param',
      ],
      classes: ['xss', 'xpath'],
    },
    {
      callee: ['CGI.escape', 'ERB.Util.url_encode', 'url_encode', 'URI.encode_www_form_component', 'URI.encode_www_form', 'URI.encode_uri_component', 'Rack.Utils.{escape,escape_path,build_query}', '*.to_query'],
      classes: ['command', 'header', 'path', 'ldap', 'log'],
    },
    // Rails route helpers (`user_path(x)`, `edit_post_url(p)`) escape their arguments and build a local URL.
    { callee: ['url_helper', 'url_for', 'polymorphic_path', 'polymorphic_url'], classes: ['redirect', 'xss', 'ssrf', 'header', 'command', 'path'] },
    // The file's own `safe_return_to(value)`-style helpers that return early unless an allow-list check holds (adapter).
    { callee: ['guard_helper'], classes: ['redirect', 'ssrf', 'path'] },
    { callee: ['File.basename', '*.basename', 'sanitize_filename', '*.sanitize_filename', '*.sanitized', 'ActiveStorage.Filename.new().sanitized', 'Zaru.sanitize!', 'Zaru.new().to_s'], classes: ['path'] },
    {
      callee: [
        'quote', '*.quote', '*.quote_string', '*.quote_column_name', '*.quote_table_name', '*.quoted_table_name', 'sanitize_sql', 'sanitize_sql_array',
        'sanitize_sql_for_conditions', 'sanitize_sql_for_order', 'sanitize_sql_for_assignment', 'sanitize_sql_hash_for_assignment',
        '*.sanitize_sql', '*.sanitize_sql_array', '*.sanitize_sql_for_conditions', '*.sanitize_sql_for_order', '*.sanitize_sql_for_assignment',
        '*.escape_string', '*.escape_literal', '*.escape_identifier', '{client,conn,connection,db,mysql,@client,@db,@conn}.escape', 'Mysql2.Client.escape',
        'PG.Connection.escape_string', '*.literal', 'to_sym',
      ],
      classes: ['sql'],
    },
    { callee: ['to_sym'], classes: ['template'] },
    // (A string is never a query-operator hash (`{ "$ne" => "" }`), but it is still JavaScript inside
    // `$where`: string coercion is judged by ruby.nosql-injection itself.)
    // Sequel expression builders literalize their arguments: `Sequel.ilike(:title, "%#{q}%")` is a bound pattern, not SQL text.
    { callee: ['Sequel.{like,ilike,expr,identifier,qualify,function,as,asc,desc,negate,case,value_list,pg_array,pg_jsonb,pg_json}'], classes: ['sql'] },
    // Sinatra renders named templates (`erb :page, locals: {…}`): the template decides the escaping, the route returns its output.
    { callee: ['erb', 'haml', 'slim', 'liquid', 'mustache', 'builder', 'nokogiri', 'markdown', 'rabl', 'jbuilder'], classes: ['xss'] },
    { callee: ['Net.LDAP.Filter.escape', 'Net.LDAP.Filter.{eq,equals,begins,ends,contains,ne,ge,le,present,pres}', 'escape_filter'], classes: ['ldap'] },
    { callee: ['Regexp.{escape,quote,union}'], classes: ['regex'] },
    { callee: ['*.inspect', '*.dump'], classes: ['log', 'header'] },
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
};

import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { csharpHeuristics } from './heuristics.ts';
import { calledNames, findAfter } from './helpers.ts';
import { attributesOf, CLASS_TYPES, CONFINED_PATH, csharpAdapter, enumNames, modifiersOf, NON_STRING_TYPE, simpleName, typeName } from './adapter.ts';

// ---- parameters ----------------------------------------------------------------------------

const BINDING_ATTR = /^(?:FromQuery|FromBody|FromRoute|FromForm|FromHeader|FromUri|ModelBinder|AsParameters|Bind)\b/;
const SERVICE_ATTR = /^(?:FromServices|FromKeyedServices|Inject|HttpTrigger|Blob|Queue|TimerTrigger|ServiceBusTrigger|QueueTrigger|BlobTrigger|EventHubTrigger|CosmosDBTrigger)\b/;
const ROUTE_ATTR = /^(?:Http(?:Get|Post|Put|Delete|Patch|Head|Options)|Route|AcceptVerbs|WebGet|WebInvoke|OperationContract|WebMethod)\b/;
const CONTROLLER_BASE = /(?:^Controller|ControllerBase|ApiController|ODataController|Controller)$/;
const FRAMEWORK_TYPES = new Set([
  'HttpContext',
  'HttpRequest',
  'HttpResponse',
  'HttpRequestData',
  'HttpRequestMessage',
  'HttpResponseMessage',
  'ClaimsPrincipal',
  'IPrincipal',
  'ILogger',
  'ILoggerFactory',
  'IConfiguration',
  'IConfigurationRoot',
  'IWebHostEnvironment',
  'IHostingEnvironment',
  'IHostEnvironment',
  'IServiceProvider',
  'IServiceScopeFactory',
  'IMemoryCache',
  'IDistributedCache',
  'IHttpClientFactory',
  'HttpClient',
  'IMediator',
  'ISender',
  'IPublisher',
  'IMapper',
  'LinkGenerator',
  'IUrlHelper',
  'ServerCallContext',
  'IFormatProvider',
  'ModelStateDictionary',
  'IOptions',
  'IOptionsSnapshot',
  'IOptionsMonitor',
  'UserManager',
  'SignInManager',
  'RoleManager',
  'IAntiforgery',
  'IDataProtectionProvider',
  'IDataProtector',
  'TimeProvider',
  'Random',
  'DbConnection',
  'IDbConnection',
  'SqlConnection',
  'NpgsqlConnection',
  'MySqlConnection',
  'SqliteConnection',
  'IDbTransaction',
  'DbTransaction',
  'Type',
  'Assembly',
  'Exception',
  'Task',
  'Action',
  'Func',
  'Predicate',
  'Expression',
  'ExecutionContext',
  'FunctionContext',
  'ILambdaContext',
  'IHubCallerClients',
  'IHubContext',
  'IServiceCollection',
  'IApplicationBuilder',
  'WebApplication',
  'WebApplicationBuilder',
  'IEndpointRouteBuilder',
  'IHostBuilder',
  'IWebHostBuilder',
  'EventArgs',
]);
/** Framework and infrastructure types (and any `…EventArgs` / `…Exception`). */
function frameworkType(name: string): boolean {
  return FRAMEWORK_TYPES.has(name) || (name.length > 9 && name.endsWith('EventArgs')) || (name.length > 9 && name.endsWith('Exception'));
}
const SERVICE_SUFFIX =
  /(?:Service|Services|Repository|Repo|Manager|Provider|Factory|DbContext|Context|Logger|Accessor|Cache|Client|Store|Mediator|Mapper|UnitOfWork|Validator|Engine|Db|Hub)$/;
const NON_STRING_COLLECTION = /^(?:(?:I?(?:List|Enumerable|Collection|ReadOnlyList|ReadOnlyCollection|Set|HashSet)|ISet)<(\w+)\??>|(\w+)\??\[\])$/;
const SERVICE_NAMES = new Set([
  'db',
  '_db',
  'context',
  'dbContext',
  'logger',
  'env',
  'environment',
  'config',
  'configuration',
  'cancellationToken',
  'ct',
  'token',
  'mediator',
  'mapper',
  'sender',
  'httpContext',
]);
const MAP_METHODS = new Set(['MapGet', 'MapPost', 'MapPut', 'MapDelete', 'MapPatch', 'MapMethods', 'Map', 'MapFallback']);
const PAGE_HANDLER = /^On(?:Get|Post|Put|Delete|Patch)\w*$/;

function nonDataType(type: string | null, at: SyntaxNode): boolean {
  if (!type) return false;
  const raw = type.replace(/\s+/g, '').replace(/^global::/, '');
  if (NON_STRING_TYPE.test(raw)) return true;
  const coll = NON_STRING_COLLECTION.exec(raw);
  if (coll) {
    const inner = (coll[1] ?? coll[2] ?? '') as string;
    if (NON_STRING_TYPE.test(inner)) return true;
  }
  const name = typeName(raw);
  if (frameworkType(name) || SERVICE_SUFFIX.test(name)) return true;
  return enumNames(at).has(name);
}

function classOf(fn: FunctionView): SyntaxNode | null {
  return fn.node.ancestor(CLASS_TYPES);
}

function classAttributes(cls: SyntaxNode | null): string[] {
  return cls ? attributesOf(cls) : [];
}

function isController(cls: SyntaxNode | null, fn: FunctionView): boolean {
  if (!cls) return false;
  const attrs = classAttributes(cls);
  if (attrs.some((a) => /^NonController\b/.test(a))) return false;
  if (attrs.some((a) => /^(?:ApiController|Controller)\b/.test(a))) return true;
  if (fn.classBases.some((b) => /^(?:Controller|ControllerBase|ApiController|ODataController)$/.test(b))) return true;
  // Custom bases (`BaseApiController`) and POCO controllers: only in web code (not a Unity `GameController`).
  if (!usesWebFramework(cls)) return false;
  if (fn.classBases.some((b) => CONTROLLER_BASE.test(b))) return true;
  return /Controller$/.test(fn.className ?? '') && modifiersOf(cls).includes('public') && !modifiersOf(cls).includes('abstract') && fn.classBases.every((b) => /^I[A-Z]/.test(b));
}

const webCache = new WeakMap<SyntaxNode, boolean>();

const WEB_ATTRIBUTES = ['[HttpGet', '[HttpPost', '[HttpPut', '[HttpDelete', '[Route', '[ApiController'];

/** Whether the file imports ASP.NET (Core or classic). */
function usesWebFramework(node: SyntaxNode): boolean {
  const root = rootOf(node);
  let yes = webCache.get(root);
  if (yes === undefined) {
    const text = root.text;
    yes = findAfter(text, 'using', /^\s+(?:global::)?(?:Microsoft\.AspNetCore|System\.Web)\b/, true) !== null || WEB_ATTRIBUTES.some((a) => findAfter(text, a, /^\b/) !== null);
    webCache.set(root, yes);
  }
  return yes;
}

/** Whether a method is an MVC / Web API action, a Razor Pages handler, a SignalR hub method or a WCF/web operation. */
function isRequestHandler(fn: FunctionView): boolean {
  if (fn.node.type !== 'method_declaration') return false;
  const mods = modifiersOf(fn.node);
  if (fn.decorators.some((d) => /^NonAction\b/.test(d))) return false;
  if (fn.decorators.some((d) => ROUTE_ATTR.test(d))) return true;
  if (!mods.includes('public') || mods.includes('static')) return false;
  const cls = classOf(fn);
  if (isController(cls, fn))
    return !/^(?:Dispose|OnActionExecuting|OnActionExecuted|OnActionExecutionAsync|OnResultExecuting|OnResultExecuted|OnException|Initialize)$/.test(fn.name ?? '');
  if (fn.classBases.some((b) => /PageModel$/.test(b)) && PAGE_HANDLER.test(fn.name ?? '')) return true;
  if (fn.classBases.some((b) => b === 'Hub')) return !/^(?:OnConnectedAsync|OnDisconnectedAsync|Dispose)$/.test(fn.name ?? '');
  return false;
}

/** Method groups passed as minimal-API handlers (`app.MapGet("/x", GetUser)`), per file. */
const handlerGroups = new WeakMap<SyntaxNode, Set<string>>();

function minimalApiHandlerNames(root: SyntaxNode): Set<string> {
  let names = handlerGroups.get(root);
  if (names) return names;
  names = new Set();
  const stack: SyntaxNode[] = [root];
  let budget = 400000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'invocation_expression') {
      const fn = n.child('function');
      const name = fn?.type === 'member_access_expression' ? simpleName(fn.child('name')) : null;
      if (name && MAP_METHODS.has(name)) {
        for (const a of n.child('arguments')?.namedChildren ?? []) {
          const v = a.namedChildren[a.namedChildren.length - 1];
          if (v?.type === 'identifier') names.add(v.text);
          else if (v?.type === 'member_access_expression') names.add(simpleName(v.child('name')));
        }
      }
    }
    for (const c of n.children) if (c.named && c.type !== 'comment') stack.push(c);
  }
  handlerGroups.set(root, names);
  return names;
}

function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

function isMinimalApiHandler(fn: FunctionView): boolean {
  const call = fn.passedTo;
  if (call && MAP_METHODS.has(call.name) && call.args.some((a) => a.node === fn.node)) return true;
  if ((fn.node.type === 'method_declaration' || fn.node.type === 'local_function_statement') && fn.name) return minimalApiHandlerNames(rootOf(fn.node)).has(fn.name);
  return false;
}

/**
 * Whether a parameter can carry data at all: not an `out` parameter, not injected by the container
 * (`[FromServices]`), not a number, enum, framework or service type. Model handlers
 * (models/csharp/aspnetcore) only make parameters input that pass this.
 */
function carriesData(fn: FunctionView, param: ParamView): boolean {
  if (param.annotations.some((a) => a === 'out' || SERVICE_ATTR.test(a))) return false;
  if (nonDataType(param.type, fn.node)) return false;
  return !(SERVICE_NAMES.has(param.name) && param.type === null);
}

/**
 * The fallback for parameters no model handler claims. The binding attributes and endpoint
 * attributes the aspnetcore model declares are also read here, because the same-file call-site
 * summary below asks this function, not the walker, whether a caller's parameter is input.
 */
function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  if (!carriesData(fn, param)) return null;
  if (param.annotations.some((a) => BINDING_ATTR.test(a))) return 'remote';
  if (fn.name === 'Main' && param.type !== null && /^string\[\]$/.test(param.type.replace(/\s+/g, ''))) return 'local';
  if (isRequestHandler(fn) || isMinimalApiHandler(fn)) return 'remote';
  // gRPC services: `Task<Reply> Say(HelloRequest request, ServerCallContext context)`.
  if (fn.params.some((p) => p.type !== null && typeName(p.type) === 'ServerCallContext')) return 'remote';
  // Azure Functions HTTP triggers: route values bound beside the trigger parameter.
  if (fn.params.some((p) => p.annotations.some((a) => /^HttpTrigger\b/.test(a)))) return 'remote';
  if (callSiteTaint(fn, param, 0)) return 'remote';
  return 'param';
}

// ---- helpers called with request data (same file) -----------------------------------------

/** What follows `Request` in a read of request data: `.Query`, `.Form[…]`, `["id"]` (anchored: run right after the word). */
const REQUEST_MEMBER = /^\s*(?:\.\s*(?:Query|Form|QueryString|Params|Headers|Cookies|RouteValues|Body|InputStream|Url|RawUrl|Path|ServerVariables|Files|Unvalidated)\b|\[)/;
const SANITIZING = new Set([
  'Parse',
  'TryParse',
  'ParseExact',
  'ToInt16',
  'ToInt32',
  'ToInt64',
  'ToDecimal',
  'ToDouble',
  'ToBoolean',
  'HtmlEncode',
  'UrlEncode',
  'HtmlAttributeEncode',
  'JavaScriptStringEncode',
  'GetFileName',
  'GetFileNameWithoutExtension',
  'EscapeDataString',
  'Encode',
  'LdapFilterEncode',
  'Escape',
]);

/** Whether a text reads request data (`Request.Query[…]`, `Request["id"]`). */
function readsRequest(text: string): boolean {
  return findAfter(text, 'Request', REQUEST_MEMBER, true) !== null;
}

/** Whether a text calls a parser or encoder (`int.Parse(…)`, `HtmlEncode(…)`): its value is not the raw input. */
function sanitizingCall(text: string): boolean {
  for (const name of calledNames(text)) if (SANITIZING.has(name)) return true;
  return false;
}

const callIndex = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** Invocations in a file by called name (`Helper(x)`, `this.Helper(x)`, `Util.Helper(x)`). */
function callsByName(root: SyntaxNode): Map<string, SyntaxNode[]> {
  let map = callIndex.get(root);
  if (map) return map;
  map = new Map();
  const stack: SyntaxNode[] = [root];
  let budget = 400000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'invocation_expression') {
      const f = n.child('function');
      const name = f?.type === 'identifier' ? f.text : f?.type === 'member_access_expression' ? simpleName(f.child('name')) : null;
      if (name) {
        const list = map.get(name);
        if (list) list.push(n);
        else map.set(name, [n]);
      }
    }
    for (const c of n.children) if (c.named && c.type !== 'comment') stack.push(c);
  }
  callIndex.set(root, map);
  return map;
}

const summaryCache = new WeakMap<SyntaxNode, Map<number, boolean>>();

/**
 * Whether a helper method of the file is called with request data at this parameter: a direct
 * `Request.…` read, a request-handler parameter, or a local assigned from those in the caller
 * (`ExecuteQuery("… '" + name + "'")` from an action, `ResponseFile(MapPath("~/d/" + file))`).
 * The engine walks one function at a time; this syntactic summary carries request data into
 * same-file helpers, which is how much real code (and many data-access layers) is written.
 */
function callSiteTaint(fn: FunctionView, param: ParamView, depth: number): boolean {
  if (depth > 2 || !fn.name) return false;
  if (fn.node.type !== 'method_declaration' && fn.node.type !== 'local_function_statement') return false;
  let cache = summaryCache.get(fn.node);
  if (!cache) summaryCache.set(fn.node, (cache = new Map()));
  const hit = cache.get(param.index);
  if (hit !== undefined) return hit;
  cache.set(param.index, false); // recursion guard
  let result = false;
  const calls = callsByName(rootOf(fn.node)).get(fn.name) ?? [];
  for (const call of calls.slice(0, 50)) {
    if (fn.node.contains(call)) continue;
    const arg = argumentAt(call, param);
    if (!arg || sanitizingCall(arg.text)) continue;
    const caller = enclosingFunctionNode(call);
    if (requestDerived(arg, caller, depth, 0)) {
      result = true;
      break;
    }
  }
  cache.set(param.index, result);
  return result;
}

function argumentAt(call: SyntaxNode, param: ParamView): SyntaxNode | null {
  let index = 0;
  for (const a of call.child('arguments')?.children ?? []) {
    if (a.type !== 'argument') continue;
    const name = a.child('name');
    const value = a.namedChildren[a.namedChildren.length - 1] ?? null;
    if (name) {
      if (name.text === param.name) return value;
      continue;
    }
    if (index === param.index) return value;
    index++;
  }
  return null;
}

const FUNCTION_NODES = new Set([
  'method_declaration',
  'constructor_declaration',
  'local_function_statement',
  'lambda_expression',
  'anonymous_method_expression',
  'accessor_declaration',
]);

function enclosingFunctionNode(node: SyntaxNode): SyntaxNode | null {
  for (let p = node.parent; p; p = p.parent) if (FUNCTION_NODES.has(p.type)) return p;
  return null;
}

/** Whether an expression in a function syntactically carries request data. */
function requestDerived(expr: SyntaxNode, fnNode: SyntaxNode | null, depth: number, localDepth: number): boolean {
  if (readsRequest(expr.text) || readsInputControl(expr)) return true;
  if (!fnNode || localDepth > 3) return false;
  const view = csharpAdapter.view(fnNode);
  const fn = view?.kind === 'function' ? view.fn : null;
  const stack: SyntaxNode[] = [expr];
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'identifier' && !(n.parent?.type === 'member_access_expression' && n.field === 'name')) {
      const name = n.text;
      const param = fn?.params.find((p) => p.name === name);
      if (fn && param) {
        const strength = paramTaint(fn, param);
        if (strength === 'remote' || (strength === 'param' && callSiteTaint(fn, param, depth + 1))) return true;
        continue;
      }
      for (const value of localAssignments(fnNode, name, expr)) {
        if (!sanitizingCall(value.text) && requestDerived(value, fnNode, depth, localDepth + 1)) return true;
      }
      continue;
    }
    if (n.type === 'lambda_expression' || n.type === 'anonymous_method_expression') continue;
    // Numbers, lengths, comparisons and casts to numbers carry no string.
    const v = n === expr ? null : csharpAdapter.view(n);
    if (v?.kind === 'clean' || v?.kind === 'literal' || v?.kind === 'equality') continue;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

const aliasCache = new WeakMap<SyntaxNode, Map<string, string>>();
const INPUT_CONTROL = /\.(?:TextBox|HiddenField|DropDownList|ListBox|RadioButtonList|HtmlInputText|HtmlInputHidden|HtmlTextArea)$/;

/** `txtName.Text` of a WebForms input control (see the adapter's aliases). */
function readsInputControl(expr: SyntaxNode): boolean {
  if (!/\.(?:Text|Value|SelectedValue)\b/.test(expr.text)) return false;
  const root = rootOf(expr);
  let aliases = aliasCache.get(root);
  if (!aliases) aliasCache.set(root, (aliases = csharpAdapter.imports(root)));
  if (aliases.size === 0) return false;
  const stack: SyntaxNode[] = [expr];
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'member_access_expression' && /^(?:Text|Value|SelectedValue)$/.test(simpleName(n.child('name')))) {
      const obj = n.child('expression');
      const alias = obj?.type === 'identifier' ? aliases.get(obj.text) : undefined;
      if (alias && INPUT_CONTROL.test(alias)) return true;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

/** Values assigned to a local in a function before a point (`var x = …`, `x = …`, `x += …`). */
function localAssignments(fnNode: SyntaxNode, name: string, before: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [fnNode];
  let budget = 20000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.start >= before.start) continue;
    if (n.type === 'variable_declarator' && n.child('name')?.text === name) {
      const v = n.namedChildren[n.namedChildren.length - 1];
      if (v && v !== n.child('name')) out.push(v);
    } else if (n.type === 'assignment_expression' && n.child('left')?.text === name) {
      const v = n.child('right');
      if (v) out.push(v);
    }
    for (const c of n.children) if (c.named && c.type !== 'comment') stack.push(c);
  }
  return out;
}

/** What C# code reads from outside, and what makes it safe. */
export const csharpProfile: LanguageProfile = {
  adapter: csharpAdapter,
  // Sources: the aspnetcore, system-web and system models (models/csharp).
  sources: [],
  heuristics: csharpHeuristics,
  sanitizers: [
    {
      callee: [
        '**.{int,long,short,byte,uint,ulong,ushort,sbyte,double,float,decimal,bool,Int16,Int32,Int64,UInt16,UInt32,UInt64,Double,Single,Decimal,Boolean,Byte,Guid,DateTime,DateTimeOffset,DateOnly,TimeOnly,TimeSpan,Enum}.{Parse,ParseExact}',
        '**.Convert.{ToInt16,ToInt32,ToInt64,ToUInt16,ToUInt32,ToUInt64,ToDouble,ToSingle,ToDecimal,ToBoolean,ToByte,ToDateTime}',
        '**.Math.*',
        '**.Guid.NewGuid',
        '*.{GetHashCode,CompareTo}',
        '**.Path.{GetRandomFileName,GetTempFileName}',
      ],
      classes: 'all',
    },
    {
      callee: [
        '**.{HtmlEncode,HtmlAttributeEncode,JavaScriptStringEncode,XmlEncode,XmlAttributeEncode,Encode,HtmlFormUrlEncode,EncodeHtml,EscapeHtml}',
        '**.Sanitizer.{GetSafeHtml,GetSafeHtmlFragment}',
        '**.{Sanitize,SanitizeHtml}',
        '**.SecurityElement.Escape',
        '**.JsonSerializer.Serialize',
        // Razor renders model values HTML-encoded (RazorLight, view-to-string renderers, Blazor's HtmlRenderer).
        '*.{CompileRenderAsync,CompileRenderStringAsync,RenderTemplateAsync,RenderViewToStringAsync,RenderPartialViewToStringAsync,RenderComponentAsync}',
      ],
      classes: ['xss'],
    },
    {
      callee: ['**.{UrlEncode,UrlPathEncode,UrlEncodeToBytes}', '**.Uri.{EscapeDataString,EscapeUriString}', '**.UrlEncoder.Default.Encode'],
      classes: ['xss', 'header', 'redirect', 'ssrf', 'log', 'command', 'xpath'],
    },
    { callee: ['**.Path.{GetFileName,GetFileNameWithoutExtension,GetExtension}'], classes: ['path'] },
    // Same-file helpers that canonicalise a path and refuse what leaves the root (see the adapter).
    { callee: [CONFINED_PATH], classes: ['path'] },
    // Encoders and the escaping helpers applications write for RFC 4515 filters and RFC 4514 DNs (often a private static method).
    {
      callee: [
        '**.{LdapFilterEncode,LdapDistinguishedNameEncode,EscapeLdapFilter,EscapeLdapSearchFilter,EscapeLdapFilterValue,EscapeLdapValue,EscapeLdap,LdapEscape,LdapEncode,EncodeLdapFilter,EscapeFilter,EscapeFilterValue,FilterEscape,EncodeFilterValue,EscapeDn,EscapeDN,EscapeDistinguishedName,EscapeRdn,EscapeRdnValue}',
      ],
      classes: ['ldap'],
    },
  ],
  paramTaint,
  carriesData,
  mutators: ['Append', 'AppendLine', 'AppendFormat', 'Insert', 'Add', 'AddRange', 'Push', 'Enqueue', 'TryAdd', 'Write', 'WriteLine', 'AppendHtml'],
  cleanCalls: [
    'Count',
    'LongCount',
    'Any',
    'All',
    'Contains',
    'ContainsKey',
    'ContainsValue',
    'StartsWith',
    'EndsWith',
    'Equals',
    'IndexOf',
    'LastIndexOf',
    'IndexOfAny',
    'CompareTo',
    'Compare',
    'CompareOrdinal',
    'IsNullOrEmpty',
    'IsNullOrWhiteSpace',
    'Exists',
    'TryParse',
    'TryParseExact',
    'IsMatch',
    'IsLocalUrl',
    'GetHashCode',
    'ComputeHash',
    'HashData',
    'HashPassword',
    'VerifyHashedPassword',
    'SaveChanges',
    'SaveChangesAsync',
    'ExecuteNonQuery',
    'ExecuteNonQueryAsync',
    'NewGuid',
    'Next',
    'NextDouble',
    'NextInt64',
    'Sum',
    'Max',
    'Min',
    'Average',
    'FindIndex',
    'IsDefined',
    'IsWellFormedUriString',
    'CheckPasswordAsync',
    'PasswordSignInAsync',
    'AnyAsync',
    'AllAsync',
    'CountAsync',
    'ContainsAsync',
    'GetLength',
    'IsInRole',
    'Read',
    'ReadAsync',
    'IsDBNull',
    'GetOrdinal',
    'ValidateAntiForgeryToken',
    'IsAuthenticated',
    'SequenceEqual',
    'FixedTimeEquals',
    'GetInt32',
    'GetInt64',
    'GetBoolean',
    'GetDateTime',
    'GetGuid',
    'GetDecimal',
    'GetDouble',
  ],
  validators: [
    'Contains',
    'ContainsKey',
    'StartsWith',
    'EndsWith',
    'Equals',
    'IsMatch',
    'TryParse',
    'TryParseExact',
    'IsLocalUrl',
    'IsDefined',
    'IsWellFormedUriString',
    'All',
    'Any',
    'IsLetterOrDigit',
    'Validate',
    'TryValidate',
    'TryValidateObject',
    'SequenceEqual',
  ],
  exits: ['**.Environment.{Exit,FailFast}', 'Response.End', '*.Response.End', 'Application.Exit'],
  formatters: ['**.{string,String}.{Format,Concat,Join}', '**.FormattableString.Invariant', '*.AppendFormat', '**.Path.{Combine,Join}'],
};

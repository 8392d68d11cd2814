import type { LanguageId } from '../../languages.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { Strength } from '../../rule.ts';
import { javascriptAdapter } from './adapter.ts';

const REQUEST = '{req,request}';
const REQUEST_FIELDS = '{query,body,params,headers,cookies,signedCookies,files,file,hostname,ip,ips,path,originalUrl,url,baseUrl,subdomains,payload,rawBody,fields}';

/** Names that hold framework objects, not data: never treat them as unknown-origin parameters. */
const FRAMEWORK_PARAMS = new Set([
  'req', 'res', 'next', 'ctx', 'request', 'response', 'reply', 'h', 'err', 'error', 'e', 'cb', 'callback', 'done',
  'app', 'router', 'server', 'db', 'conn', 'connection', 'client', 'pool', 'knex', 'prisma', 'logger', 'log',
  'config', 'options', 'opts', 'resolve', 'reject', 'fastify', 'io', 'socket', 't', 'i', 'j', 'index', 'idx',
]);
const NON_STRING_TYPE = /^(?:number|boolean|bigint|Date|void|never|undefined|null)$|^(?:number|boolean)\[\]$/;
const ROUTE_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  if (param.type && NON_STRING_TYPE.test(param.type.trim())) return null;
  // Next.js route handlers: `export async function GET(request, { params })`.
  if (fn.name && ROUTE_METHODS.has(fn.name) && param.index === 1) return 'remote';
  // Next.js pages: getServerSideProps({ query, params }).
  if (fn.name === 'getServerSideProps' && (param.name === 'query' || param.name === 'params')) return 'remote';
  if (FRAMEWORK_PARAMS.has(param.name)) return null;
  return 'param';
}

/** What JavaScript and TypeScript code reads from outside, and what makes it safe. */
export function javascriptProfile(language: LanguageId): LanguageProfile {
  return {
    adapter: javascriptAdapter(language),
    sources: [
      {
        strength: 'remote',
        paths: [
          `${REQUEST}.${REQUEST_FIELDS}`,
          `${REQUEST}.{get,header,param}()`,
          `${REQUEST}.{json,text,formData}()`,
          `${REQUEST}.nextUrl.searchParams`,
          `${REQUEST}.raw.{body,query}`,
          'ctx.{query,params,querystring,headers,header,href,url,path,ip,originalUrl,search}',
          'ctx.request.{body,query,querystring,headers,files,href,url,path}',
          'ctx.cookies.get()',
          'ctx.get()',
          'event.{body,queryStringParameters,multiValueQueryStringParameters,pathParameters,headers}',
          '{location,window.location,document.location}.{hash,search,href,pathname}',
          'document.{URL,documentURI,referrer,cookie,baseURI}',
          'window.name',
          'useSearchParams()',
          'useParams()',
          'useRouter().query',
          'router.query',
        ],
      },
      {
        strength: 'local',
        paths: ['process.argv', 'process.env', 'process.stdin', 'yargs.argv', 'prompt()'],
      },
    ],
    sanitizers: [
      { callee: ['parseInt', 'parseFloat', 'Number', 'Boolean', 'Math.*', 'Number.*', 'BigInt', '*.toFixed', 'uuid.validate', 'validator.{toInt,toFloat,toBoolean,toDate,isInt,isNumeric,isUUID}', 'crypto.randomUUID', 'Date.parse'], classes: 'all' },
      {
        callee: ['encodeURIComponent', 'querystring.{escape,stringify}', 'qs.stringify'],
        classes: ['xss', 'path', 'command', 'redirect', 'ssrf', 'header', 'ldap', 'xpath'],
      },
      {
        callee: [
          'escape', 'escapeHtml', 'escapeHTML', 'htmlEscape', 'encodeHTML', 'encodeHtml', 'escape-html', 'html-escaper.escape',
          'he.{encode,escape}', 'entities.{encode,encodeHTML,escape}', 'validator.escape', '{_,lodash}.escape', 'lodash.escape', 'underscore.escape',
          '{DOMPurify,dompurify,purify}.sanitize', '{dompurify,isomorphic-dompurify}.sanitize', 'sanitizeHtml', 'sanitize-html', 'sanitize', 'xss', 'filterXSS', 'xss.filterXSS',
          'encodeURI', 'Handlebars.escapeExpression', 'Mustache.escape', 'xmlescape', 'xml-escape', 'escapeXml', 'escapeXML', 'textContent',
        ],
        classes: ['xss', 'xpath'],
      },
      {
        callee: ['*.escape', '*.escapeId', '*.escapeLiteral', '*.escapeIdentifier', 'SqlString.{escape,escapeId}', 'sqlstring.{escape,escapeId}', 'pgFormat', 'pg-format', 'format.{literal,ident}', 'sql.{raw}'],
        classes: ['sql'],
      },
      { callee: ['shell-quote.quote', 'shellQuote.quote', 'quote', 'shellEscape', 'shell-escape', 'escapeShellArg', 'shescape.{quote,escape}'], classes: ['command'] },
      { callee: ['path.basename', 'basename', 'sanitize-filename', 'sanitizeFilename', 'filenamify'], classes: ['path'] },
      { callee: ['String', 'mongo-sanitize', 'mongoSanitize', 'sanitize', 'ObjectId', 'mongoose.Types.ObjectId', 'Types.ObjectId', '*.toString'], classes: ['nosql'] },
      { callee: ['ldap-escape.{filter,dn}', 'ldapEscape.{filter,dn}', 'escapeLdap'], classes: ['ldap'] },
    ],
    paramTaint,
    mutators: ['push', 'unshift', 'add', 'set', 'append', 'splice'],
    cleanCalls: [
      'digest', 'hash', 'hashSync', 'compare', 'compareSync', 'test', 'includes', 'startsWith', 'endsWith', 'indexOf',
      'lastIndexOf', 'has', 'isArray', 'isInteger', 'isNaN', 'isFinite', 'isSafeInteger', 'count', 'countDocuments', 'size',
      'getTime', 'now', 'random', 'randomUUID', 'v4', 'existsSync', 'exists', 'hasOwnProperty', 'localeCompare', 'some',
      'every', 'findIndex', 'sign', 'verify', 'randomBytes', 'randomInt', 'getRandomValues', 'bcrypt', 'genSalt', 'genSaltSync',
    ],
    validators: [
      'test', 'includes', 'startsWith', 'endsWith', 'has', 'hasOwnProperty', 'indexOf', 'isValid', 'isValidObjectId', 'isInt',
      'isNumeric', 'isAlphanumeric', 'isAlpha', 'isUUID', 'isEmail', 'isURL', 'isIn', 'isMongoId', 'matches', 'validate',
      'isInteger', 'isSafeInteger', 'isFinite', 'some', 'every', 'match', 'isWhitelisted', 'isSlug', 'isHexadecimal',
    ],
    exits: ['process.exit', 'exit', 'abort'],
    formatters: ['util.format', 'format', 'sprintf', 'vsprintf', 'printf', 'String.raw', '*.join', '*.concat', 'util.{format,formatWithOptions}'],
  };
}

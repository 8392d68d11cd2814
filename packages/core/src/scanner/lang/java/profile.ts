import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import { fileEnums, javaAdapter } from './adapter.ts';
import { enclosingClass, annotationNames, isHandlerMethod, simpleTypeName, typeArguments } from './tree.ts';

/** Methods of a servlet request (and its JAX-RS / Spring / Play cousins) that return client data. */
const REQUEST_DATA = [
  'getParameter', 'getParameterValues', 'getParameterMap', 'getParameterNames', 'getQueryString', 'getHeader', 'getHeaders',
  'getHeaderNames', 'getCookies', 'getPathInfo', 'getPathTranslated', 'getRequestURI', 'getRequestURL', 'getPart', 'getParts',
  'getQueryParams', 'getQueryParameters', 'getPathParameters', 'getHeaderString', 'getRequestHeader', 'getRequestHeaders',
  'getOriginalFilename', 'getSubmittedFileName', 'getMultiFileMap', 'getFileMap',
].join(',');
/** Names a servlet request object usually goes by (for its stream methods, which other objects share). */
const REQUEST_NAMES = '{request,req,httpRequest,servletRequest,httpServletRequest,httpReq,hreq,hsr,serverRequest,webRequest,multipartRequest}';
const REQUEST_STREAMS = '{getInputStream,getReader}';
const WEBFLUX = '{queryParam,queryParams,pathVariable,pathVariables,bodyToMono,bodyToFlux,formData,multipartData,cookies,headers,queryString}';

/** Parameter annotations whose values come from the HTTP request (Spring MVC/WebFlux, JAX-RS, messaging). */
const VALUE_ANNOTATIONS = new Set([
  'RequestParam', 'PathVariable', 'RequestHeader', 'CookieValue', 'MatrixVariable', 'QueryParam', 'PathParam', 'FormParam',
  'HeaderParam', 'CookieParam', 'MatrixParam', 'FormDataParam', 'DestinationVariable', 'QueryValue', 'Header', 'RestQuery', 'RestPath',
  'RestForm', 'RestHeader', 'RestCookie', 'Param',
]);
const BODY_ANNOTATIONS = new Set(['RequestBody', 'ModelAttribute', 'BeanParam', 'RequestPart', 'Payload', 'MultipartForm', 'Body', 'Part']);
/** Parameter annotations of injected, server-side values. */
const INJECTED_ANNOTATIONS = new Set(['Autowired', 'Value', 'Context', 'AuthenticationPrincipal', 'CurrentUser', 'Inject', 'CurrentSecurityContext', 'SessionAttribute', 'RequestAttribute']);

/** Types whose values cannot carry a string an attacker shapes (numbers, dates, ids, booleans). */
const NON_STRING = new Set([
  'int', 'long', 'short', 'byte', 'double', 'float', 'boolean', 'char', 'Integer', 'Long', 'Short', 'Byte', 'Double', 'Float',
  'Boolean', 'Character', 'BigDecimal', 'BigInteger', 'Number', 'AtomicInteger', 'AtomicLong', 'UUID', 'LocalDate', 'LocalDateTime',
  'LocalTime', 'Instant', 'OffsetDateTime', 'ZonedDateTime', 'Date', 'Timestamp', 'Duration', 'Period', 'Year', 'YearMonth',
  'DayOfWeek', 'Month', 'ZoneId', 'Currency', 'OptionalInt', 'OptionalLong', 'OptionalDouble', 'Pageable', 'Sort', 'PageRequest',
]);
/** Types that hold framework objects, not request data. */
const FRAMEWORK = new Set([
  'HttpServletRequest', 'HttpServletResponse', 'ServletRequest', 'ServletResponse', 'HttpSession', 'Model', 'ModelMap',
  'ModelAndView', 'RedirectAttributes', 'BindingResult', 'Errors', 'Principal', 'Authentication', 'WebRequest', 'NativeWebRequest',
  'ServerWebExchange', 'ServerHttpRequest', 'ServerHttpResponse', 'ServerRequest', 'SessionStatus', 'UriComponentsBuilder',
  'ServletContext', 'FilterChain', 'FilterConfig', 'ServletConfig', 'Logger', 'Connection', 'DataSource', 'JdbcTemplate',
  'NamedParameterJdbcTemplate', 'EntityManager', 'Session', 'SessionFactory', 'Statement', 'PreparedStatement', 'ResultSet',
  'UserDetails', 'OAuth2User', 'Jwt', 'SecurityContext', 'MultipartHttpServletRequest', 'AsyncResponse', 'UriInfo',
  'HttpHeaders', 'Locale', 'TimeZone', 'ObjectMapper', 'RestTemplate', 'WebClient', 'ApplicationContext', 'Environment',
  'HttpSecurity', 'WebSecurity', 'AuthenticationManagerBuilder', 'ServletOutputStream', 'PrintWriter', 'Writer', 'OutputStream',
  'Request', 'Response', 'Class', 'Throwable', 'Exception', 'RuntimeException', 'IOException', 'SQLException', 'Runnable',
  'Callable', 'ExecutorService', 'Executor', 'Clock', 'Random', 'SecureRandom', 'MessageDigest', 'Cipher', 'Key', 'SecretKey',
  'PasswordEncoder', 'Validator', 'RowMapper', 'ResultSetExtractor', 'Consumer', 'Function', 'Supplier', 'Predicate',
  'BiFunction', 'BiConsumer', 'CompletableFuture', 'Mono', 'Flux', 'MongoTemplate', 'MongoCollection', 'MongoDatabase',
  'LdapTemplate', 'DirContext', 'InitialDirContext', 'LdapContext', 'XPath', 'DocumentBuilder', 'DocumentBuilderFactory',
  'Configuration', 'VelocityContext', 'VelocityEngine', 'TemplateEngine', 'ScriptEngine', 'ExpressionParser', 'Context',
]);
/** Plain-text, file and container types that carry client data when bound from a request. */
const DATA_TYPES = new Set([
  'String', 'CharSequence', 'Object', 'List', 'Set', 'Collection', 'Iterable', 'Map', 'MultiValueMap', 'Optional', 'MultipartFile',
  'Part', 'FilePart', 'InputStream', 'Reader', 'JsonNode', 'ObjectNode', 'byte', 'char', 'HttpEntity', 'RequestEntity',
  'Properties', 'Document', 'Flux', 'Mono', 'StringBuilder', 'File', 'FormDataBodyPart', 'Attachment', 'URL', 'URI',
]);
const EXCEPTION = /(?:Exception|Error|Throwable)$/;

/** Whether a declared type holds no string data: a number, date, id, or a container of those. */
function isNonString(type: string): boolean {
  // byte[] and char[] carry text and payloads.
  if (/^(?:byte|char|Byte|Character)\s*(?:\[\s*\]|\.\.\.)/.test(type.trim())) return false;
  const simple = simpleTypeName(type);
  if (NON_STRING.has(simple)) return true;
  if (/^(?:int|long|short|byte|double|float|boolean)\s*(?:\[\s*\])+$/.test(type.trim())) return true;
  if (/^(?:Optional|List|Set|Collection|Iterable|Flux|Mono)$/.test(simple)) {
    const inner = typeArguments(type)[0];
    return inner !== undefined && NON_STRING.has(simpleTypeName(inner));
  }
  return false;
}

function annotationSimpleNames(texts: readonly string[]): string[] {
  return texts.map((a) => simpleTypeName((/^@\s*([\w.]+)/.exec(a)?.[1] ?? '').trim()));
}

/**
 * Request parameters of Spring MVC / WebFlux, JAX-RS and messaging handlers are remote; `main`'s
 * arguments are local; framework objects, injected values and non-string types carry nothing; the
 * string parameters of any other method have unknown origin ('param'). Lambda parameters take
 * their values from the stream or callback they are passed to, which the walker does not see: null.
 */
function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  if (fn.node.type === 'lambda_expression') return null;
  const type = param.type ?? '';
  const simple = simpleTypeName(type);
  const annotations = annotationSimpleNames(param.annotations);
  if (annotations.some((a) => INJECTED_ANNOTATIONS.has(a))) return null;
  if (type && isNonString(type)) return null;
  // An enum declared in this file: one of its constants.
  if (type && fileEnums(param.node).has(simple)) return null;
  const valueBound = annotations.some((a) => VALUE_ANNOTATIONS.has(a));
  const bodyBound = annotations.some((a) => BODY_ANNOTATIONS.has(a));
  if (valueBound) {
    // @RequestParam Status status: Spring converts to an enum or value object, or rejects the request.
    if (/^[A-Z]/.test(simple) && !DATA_TYPES.has(simple) && simple !== 'HttpHeaders') return null;
    return 'remote';
  }
  if (bodyBound) return 'remote';
  if (FRAMEWORK.has(simple) || EXCEPTION.test(simple)) return null;
  if (isHandlerMethod(fn.node)) {
    // Unannotated handler parameters: simple values are request parameters, objects are bound from the form
    // (@ModelAttribute) or the body (JAX-RS); a Map is the model.
    if (simple === 'Map' || simple === 'ModelMap') return null;
    return 'remote';
  }
  if (fn.name === 'main' && /^String\s*(?:\[\s*\]|\.\.\.)/.test(type.trim())) return 'local';
  // @Bean factory methods of a @Configuration class take other beans.
  const cls = enclosingClass(fn.node);
  if (cls && annotationNames(cls).includes('Configuration') && simple !== 'String') return null;
  return 'param';
}

/** What Java code reads from outside, and what makes it safe. */
export const javaProfile: LanguageProfile = {
  adapter: javaAdapter,
  sources: [
    {
      strength: 'remote',
      paths: [
        `*.{${REQUEST_DATA}}()`,
        `${REQUEST_NAMES}.${REQUEST_STREAMS}()`,
        `this.${REQUEST_NAMES}.${REQUEST_STREAMS}()`,
        `*.getRequest().${REQUEST_STREAMS}()`,
        `getRequest().${REQUEST_STREAMS}()`,
        `${REQUEST_NAMES}.${WEBFLUX}()`,
        '*.asFormUrlEncoded()',
        // Javalin / Spark / Vert.x
        '{ctx,context}.{queryParam,queryParams,queryParamMap,formParam,formParams,formParamMap,pathParam,pathParamMap,body,bodyAsBytes,bodyAsClass,bodyAsInputStream,header,headerMap,cookie,cookieMap,uploadedFile,uploadedFiles}()',
        '{request,req}.{queryParams,queryParamsValues,queryMap,params,splat,body,bodyAsBytes,raw}()',
        '*.request().{getParam,getHeader,params,getFormAttribute,formAttributes,headers,query,uri,path,absoluteURI}()',
        '{routingContext,rc,ctx,context}.{getBodyAsString,getBodyAsJson,body,pathParam,queryParam,queryParams,pathParams}()',
        '*.asMultipartFormData()',
        '{socket,clientSocket,sock,client,connectionSocket}.getInputStream()',
        '*.accept().getInputStream()',
        'ServletActionContext.getRequest().getParameter()',
        // Struts 2 action properties set from request parameters (see the adapter's imports).
        'StrutsParameter',
      ],
    },
    {
      strength: 'local',
      paths: ['System.getenv()', 'System.getProperty()', 'System.in', 'System.console()'],
    },
  ],
  sanitizers: [
    {
      callee: [
        '{Integer,Long,Short,Byte,Double,Float,Boolean}.{parseInt,parseLong,parseShort,parseByte,parseDouble,parseFloat,parseBoolean,valueOf,decode,parseUnsignedInt,parseUnsignedLong}',
        'UUID.{fromString,nameUUIDFromBytes,randomUUID}',
        'Math.*',
        'StrictMath.*',
        '{BigDecimal,BigInteger}',
        '{LocalDate,LocalDateTime,LocalTime,Instant,OffsetDateTime,ZonedDateTime,Duration,Period,Year,YearMonth,ZoneId}.{parse,of}',
        'NumberUtils.{toInt,toLong,toDouble,toFloat,toShort,toByte,createInteger,createLong,createNumber,createBigDecimal,createDouble,createFloat}',
        '{Ints,Longs,Doubles,Floats}.tryParse',
        'Objects.hash',
        '*.hashCode',
        'DigestUtils.*',
        '*.encodeToString',
        '{Hex,HexFormat}.*',
        '*.formatHex',
        '{passwordEncoder,encoder,bCryptPasswordEncoder,bcrypt,pwEncoder,passwordEncryptor}.encode',
        'BCrypt.hashpw',
        '*.keepSafeChars',
        // Enum.valueOf, Status.valueOf(x), Boolean.valueOf…: String.valueOf is shown as its argument, so every valueOf left converts.
        '*.valueOf',
        'EnumUtils.{getEnum,getEnumIgnoreCase}',
        'Enum.valueOf',
      ],
      classes: 'all',
    },
    {
      callee: [
        'Encode.{forHtml,forHtmlContent,forHtmlAttribute,forHtmlUnquotedAttribute,forJavaScript,forJavaScriptAttribute,forJavaScriptBlock,forJavaScriptSource,forXml,forXmlContent,forXmlAttribute,forXmlComment,forCssString,forCssUrl,forUri,forUriComponent,forCDATA}',
        '*.{encodeForHTML,encodeForHTMLAttribute,encodeForJavaScript,encodeForCSS,encodeForXML,encodeForXMLAttribute,encodeForVBScript}',
        '{StringEscapeUtils,StringEscapers}.{escapeHtml4,escapeHtml3,escapeHtml,escapeXml,escapeXml10,escapeXml11,escapeEcmaScript,escapeJavaScript}',
        'HtmlUtils.{htmlEscape,htmlEscapeDecimal,htmlEscapeHex}',
        'JavaScriptUtils.javaScriptEscape',
        'Jsoup.clean',
        '*.sanitize',
        '{HtmlEscapers.htmlEscaper,XmlEscapers.xmlContentEscaper,XmlEscapers.xmlAttributeEscaper}().escape',
        'Functions.escapeXml',
        '**.{escapeHtml,escapeHTML,htmlEscape,escapeXml,encodeHtml,htmlEncode,sanitizeHtml}',
      ],
      classes: ['xss'],
    },
    {
      callee: ['*.{encodeForXML,encodeForXMLAttribute,encodeForXPath}', '{StringEscapeUtils,StringEscapers}.{escapeXml,escapeXml10,escapeXml11}', 'Encode.{forXml,forXmlContent,forXmlAttribute}', '**.{escapeXPath,xpathEscape,escapeXPathLiteral,xpathLiteral,toXPathLiteral}'],
      classes: ['xpath'],
    },
    { callee: ['*.encodeForSQL', 'StringEscapeUtils.escapeSql', '**.escapeSql'], classes: ['sql'] },
    {
      // Library encoders, and the RFC 4515/4514 escaping helpers applications write themselves (often a private static method).
      callee: [
        '*.{encodeForLDAP,encodeForDN}',
        'LdapEncoder.{filterEncode,nameEncode}',
        'Rdn.escapeValue',
        'Filter.encodeValue',
        '**.{escapeLdap,escapeLDAP,escapeLDAPSearchFilter,escapeLdapFilter,escapeLdapFilterValue,escapeLdapValue,ldapEscape,encodeLdapFilter,escapeFilter,escapeFilterValue,filterEscape,encodeFilterValue,escapeDN,escapeDn,escapeLdapDn,escapeRdn,escapeRdnValue,escapeDistinguishedName}',
      ],
      classes: ['ldap'],
    },
    { callee: ['*.encodeForOS'], classes: ['command'] },
    {
      callee: ['URLEncoder.encode', '*.{encodeForURL}', 'UriUtils.{encode,encodePath,encodePathSegment,encodeQueryParam,encodeQuery}', 'Encode.{forUri,forUriComponent}'],
      classes: ['xss', 'path', 'header', 'log', 'redirect', 'ssrf', 'command', 'ldap', 'xpath', 'sql'],
    },
    {
      callee: ['FilenameUtils.{getName,getBaseName,getExtension}', 'Paths.get().getFileName', 'Path.of().getFileName', 'File().getName', 'StringUtils.getFilename'],
      classes: ['path'],
    },
    { callee: ['*.stripLineBreaks', 'StringEscapeUtils.{escapeJava,escapeJson}', 'Encode.forJava', '**.{sanitizeLog,sanitizeForLog,stripCrlf,removeCrlf}'], classes: ['log', 'header'] },
    // Spring's ResponseCookie and ContentDisposition builders validate or encode what they are given.
    { callee: ['ResponseCookie.{from,fromClientResponse}', 'ContentDisposition.{attachment,inline,formData}().filename', '*.filename'], classes: ['header'] },
  ],
  paramTaint,
  mutators: ['add', 'addAll', 'put', 'putAll', 'putIfAbsent', 'push', 'offer', 'addFirst', 'addLast', 'addElement', 'set', 'setProperty', 'append', 'insert', 'write'],
  cleanCalls: [
    'size', 'length', 'isEmpty', 'isBlank', 'hashCode', 'compareTo', 'compareToIgnoreCase', 'contains', 'containsKey', 'containsValue',
    'startsWith', 'endsWith', 'matches', 'indexOf', 'lastIndexOf', 'count', 'exists', 'isPresent', 'isFile', 'isDirectory', 'canRead',
    'canWrite', 'hasNext', 'hasMoreElements', 'hasMoreTokens', 'nextInt', 'nextLong', 'nextDouble', 'nextFloat', 'nextBoolean',
    'nextShort', 'nextByte', 'getTime', 'currentTimeMillis', 'nanoTime', 'getContentLength', 'getContentLengthLong', 'getIntHeader',
    'getDateHeader', 'getStatus', 'getLocalPort', 'getServerPort', 'getRemotePort', 'intValue', 'longValue', 'doubleValue',
    'floatValue', 'shortValue', 'byteValue', 'booleanValue', 'ordinal', 'getSize', 'available', 'getInt', 'getLong', 'getDouble',
    'getFloat', 'getBoolean', 'getShort', 'getByte', 'isAfter', 'isBefore', 'checkpw', 'gensalt', 'verify', 'encode', 'digest',
    'doFinal', 'encodeHexString', 'encodeToString', 'sha256Hex', 'sha512Hex', 'randomUUID', 'isValid', 'isAuthenticated',
    'isUserInRole', 'hasRole', 'hasAuthority', 'getContentLength', 'isSecure', 'toEpochMilli', 'getEpochSecond', 'signum',
    'equals', 'equalsIgnoreCase', 'isNumeric', 'isAlphanumeric', 'isDigits', 'isCreatable', 'parseInt', 'parseLong',
  ],
  validators: [
    'matches', 'lookingAt', 'contains', 'containsKey', 'containsValue', 'startsWith', 'equalsAny', 'equalsAnyIgnoreCase',
    'isAlphanumeric', 'isAlpha', 'isNumeric', 'isDigits', 'isCreatable', 'isParsable', 'isNumber', 'isAsciiPrintable',
    'isAlphanumericSpace', 'isAlphaSpace', 'test', 'isValid', 'validate', 'isInRange', 'inRange', 'isWhitelisted',
    'isInetAddress', 'isValidInet4Address', 'isValidInet6Address', 'isSafe', 'isAllowed', 'checkArgument',
  ],
  exits: ['System.exit', 'Runtime.getRuntime().halt', 'Runtime.getRuntime().exit'],
  formatters: ['String.format', '*.formatted', 'String.join', '*.join', 'MessageFormat.format', '*.format', 'StringUtils.join', 'Collectors.joining', 'StringSubstitutor.replace'],
};

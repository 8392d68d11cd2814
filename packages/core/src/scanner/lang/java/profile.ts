import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import { fileEnums, javaAdapter } from './adapter.ts';
import { javaHeuristics } from './heuristics.ts';
import { enclosingClass, annotationNames, isHandlerMethod, simpleTypeName, typeArguments } from './tree.ts';

/**
 * Parameter annotations that bind a request value and convert it to the declared type (Spring
 * MVC/WebFlux, JAX-RS, Micronaut): an enum or value object so bound cannot carry a string. Which
 * annotations make a parameter input is said by the models (spring-web, jaxrs, micronaut); this
 * only tells what the conversion leaves.
 */
const CONVERTED_ANNOTATIONS = new Set([
  'RequestParam',
  'PathVariable',
  'RequestHeader',
  'CookieValue',
  'MatrixVariable',
  'QueryParam',
  'PathParam',
  'FormParam',
  'HeaderParam',
  'CookieParam',
  'MatrixParam',
  'FormDataParam',
  'DestinationVariable',
  'QueryValue',
  'Header',
  'RestQuery',
  'RestPath',
  'RestForm',
  'RestHeader',
  'RestCookie',
  'Param',
]);
/** Parameter annotations that bind the request body or form to the declared type (any object type carries data). */
const BODY_ANNOTATIONS = new Set(['RequestBody', 'ModelAttribute', 'BeanParam', 'RequestPart', 'Payload', 'MultipartForm', 'Body', 'Part']);
/** Parameter annotations of injected, server-side values. */
const INJECTED_ANNOTATIONS = new Set([
  'Autowired',
  'Value',
  'Context',
  'AuthenticationPrincipal',
  'CurrentUser',
  'Inject',
  'CurrentSecurityContext',
  'SessionAttribute',
  'RequestAttribute',
]);

/** Types whose values cannot carry a string an attacker shapes (numbers, dates, ids, booleans). */
const NON_STRING = new Set([
  'int',
  'long',
  'short',
  'byte',
  'double',
  'float',
  'boolean',
  'char',
  'Integer',
  'Long',
  'Short',
  'Byte',
  'Double',
  'Float',
  'Boolean',
  'Character',
  'BigDecimal',
  'BigInteger',
  'Number',
  'AtomicInteger',
  'AtomicLong',
  'UUID',
  'LocalDate',
  'LocalDateTime',
  'LocalTime',
  'Instant',
  'OffsetDateTime',
  'ZonedDateTime',
  'Date',
  'Timestamp',
  'Duration',
  'Period',
  'Year',
  'YearMonth',
  'DayOfWeek',
  'Month',
  'ZoneId',
  'Currency',
  'OptionalInt',
  'OptionalLong',
  'OptionalDouble',
  'Pageable',
  'Sort',
  'PageRequest',
]);
/** Types that hold framework objects, not request data. */
const FRAMEWORK = new Set([
  'HttpServletRequest',
  'HttpServletResponse',
  'ServletRequest',
  'ServletResponse',
  'HttpSession',
  'Model',
  'ModelMap',
  'ModelAndView',
  'RedirectAttributes',
  'BindingResult',
  'Errors',
  'Principal',
  'Authentication',
  'WebRequest',
  'NativeWebRequest',
  'ServerWebExchange',
  'ServerHttpRequest',
  'ServerHttpResponse',
  'ServerRequest',
  'SessionStatus',
  'UriComponentsBuilder',
  'ServletContext',
  'FilterChain',
  'FilterConfig',
  'ServletConfig',
  'Logger',
  'Connection',
  'DataSource',
  'JdbcTemplate',
  'NamedParameterJdbcTemplate',
  'EntityManager',
  'Session',
  'SessionFactory',
  'Statement',
  'PreparedStatement',
  'ResultSet',
  'UserDetails',
  'OAuth2User',
  'Jwt',
  'SecurityContext',
  'MultipartHttpServletRequest',
  'AsyncResponse',
  'UriInfo',
  'HttpHeaders',
  'Locale',
  'TimeZone',
  'ObjectMapper',
  'RestTemplate',
  'WebClient',
  'ApplicationContext',
  'Environment',
  'HttpSecurity',
  'WebSecurity',
  'AuthenticationManagerBuilder',
  'ServletOutputStream',
  'PrintWriter',
  'Writer',
  'OutputStream',
  'Request',
  'Response',
  'Class',
  'Throwable',
  'Exception',
  'RuntimeException',
  'IOException',
  'SQLException',
  'Runnable',
  'Callable',
  'ExecutorService',
  'Executor',
  'Clock',
  'Random',
  'SecureRandom',
  'MessageDigest',
  'Cipher',
  'Key',
  'SecretKey',
  'PasswordEncoder',
  'Validator',
  'RowMapper',
  'ResultSetExtractor',
  'Consumer',
  'Function',
  'Supplier',
  'Predicate',
  'BiFunction',
  'BiConsumer',
  'CompletableFuture',
  'Mono',
  'Flux',
  'MongoTemplate',
  'MongoCollection',
  'MongoDatabase',
  'LdapTemplate',
  'DirContext',
  'InitialDirContext',
  'LdapContext',
  'XPath',
  'DocumentBuilder',
  'DocumentBuilderFactory',
  'Configuration',
  'VelocityContext',
  'VelocityEngine',
  'TemplateEngine',
  'ScriptEngine',
  'ExpressionParser',
  'Context',
]);
/** Plain-text, file and container types that carry client data when bound from a request. */
const DATA_TYPES = new Set([
  'String',
  'CharSequence',
  'Object',
  'List',
  'Set',
  'Collection',
  'Iterable',
  'Map',
  'MultiValueMap',
  'Optional',
  'MultipartFile',
  'Part',
  'FilePart',
  'InputStream',
  'Reader',
  'JsonNode',
  'ObjectNode',
  'byte',
  'char',
  'HttpEntity',
  'RequestEntity',
  'Properties',
  'Document',
  'Flux',
  'Mono',
  'StringBuilder',
  'File',
  'FormDataBodyPart',
  'Attachment',
  'URL',
  'URI',
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
 * Whether a parameter can carry no attacker-shaped text, whatever handler shape its method has:
 * injected values, numbers, dates and ids, enums of this file, values converted to a value type,
 * framework objects and exceptions (unless bound from the request), and a handler's model map.
 */
function inertParam(fn: FunctionView, param: ParamView): boolean {
  const type = param.type ?? '';
  const simple = simpleTypeName(type);
  const annotations = annotationSimpleNames(param.annotations);
  if (annotations.some((a) => INJECTED_ANNOTATIONS.has(a))) return true;
  if (type && isNonString(type)) return true;
  // An enum declared in this file: one of its constants.
  if (type && fileEnums(param.node).has(simple)) return true;
  const converted = annotations.some((a) => CONVERTED_ANNOTATIONS.has(a));
  // @RequestParam Status status: the framework converts to an enum or value object, or rejects the request.
  if (converted) return /^[A-Z]/.test(simple) && !DATA_TYPES.has(simple) && simple !== 'HttpHeaders';
  if (annotations.some((a) => BODY_ANNOTATIONS.has(a))) return false;
  if (FRAMEWORK.has(simple) || EXCEPTION.test(simple)) return true;
  // An unannotated Map of a handler method is the model.
  return (simple === 'Map' || simple === 'ModelMap') && isHandlerMethod(fn.node);
}

/**
 * What a parameter holds when no model's handler shape makes it input (request values of Spring,
 * JAX-RS and Micronaut handlers come from the models): `main`'s arguments are local; inert
 * parameters and the beans of @Configuration factory methods carry nothing; the string parameters
 * of any other method have unknown origin ('param'). Lambda parameters take their values from the
 * stream or callback they are passed to, which the walker does not see: null.
 */
function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  if (fn.node.type === 'lambda_expression') return null;
  if (inertParam(fn, param)) return null;
  const type = param.type ?? '';
  const simple = simpleTypeName(type);
  if (fn.name === 'main' && /^String\s*(?:\[\s*\]|\.\.\.)/.test(type.trim())) return 'local';
  // @Bean factory methods of a @Configuration class take other beans.
  const cls = enclosingClass(fn.node);
  if (cls && annotationNames(cls).includes('Configuration') && simple !== 'String') return null;
  return 'param';
}

/** What Java code reads from outside, and what makes it safe. */
export const javaProfile: LanguageProfile = {
  adapter: javaAdapter,
  // Sources and library sanitizers live in the Java models (models/java/*.ts); these are the
  // conventions of code we did not write: helpers named for what they do.
  sources: [],
  sanitizers: [
    {
      callee: [
        '*.hashCode',
        '*.encodeToString',
        '*.formatHex',
        '*.keepSafeChars',
        // Enum.valueOf, Status.valueOf(x), Boolean.valueOf…: String.valueOf is shown as its argument, so every valueOf left converts.
        '*.valueOf',
      ],
      classes: 'all',
    },
    { callee: ['*.sanitize', '**.{escapeHtml,escapeHTML,htmlEscape,escapeXml,encodeHtml,htmlEncode,sanitizeHtml}'], classes: ['xss'] },
    { callee: ['**.{escapeXPath,xpathEscape,escapeXPathLiteral,xpathLiteral,toXPathLiteral}'], classes: ['xpath'] },
    { callee: ['**.escapeSql'], classes: ['sql'] },
    {
      // The RFC 4515/4514 escaping helpers applications write themselves (often a private static method).
      callee: [
        '**.{escapeLdap,escapeLDAP,escapeLDAPSearchFilter,escapeLdapFilter,escapeLdapFilterValue,escapeLdapValue,ldapEscape,encodeLdapFilter,escapeFilter,escapeFilterValue,filterEscape,encodeFilterValue,escapeDN,escapeDn,escapeLdapDn,escapeRdn,escapeRdnValue,escapeDistinguishedName}',
      ],
      classes: ['ldap'],
    },
    { callee: ['*.stripLineBreaks', '**.{sanitizeLog,sanitizeForLog,stripCrlf,removeCrlf}'], classes: ['log', 'header'] },
    { callee: ['*.filename'], classes: ['header'] },
  ],
  paramTaint,
  carriesData: (fn, param) => !inertParam(fn, param),
  heuristics: javaHeuristics,
  // `load`: a Properties (or KeyStore) object holds what it read from its stream.
  mutators: [
    'add',
    'addAll',
    'put',
    'putAll',
    'putIfAbsent',
    'push',
    'offer',
    'addFirst',
    'addLast',
    'addElement',
    'set',
    'setProperty',
    'append',
    'insert',
    'write',
    'load',
    'loadFromXML',
  ],
  cleanCalls: [
    'size',
    'length',
    'isEmpty',
    'isBlank',
    'hashCode',
    'compareTo',
    'compareToIgnoreCase',
    'contains',
    'containsKey',
    'containsValue',
    'startsWith',
    'endsWith',
    'matches',
    'indexOf',
    'lastIndexOf',
    'count',
    'exists',
    'isPresent',
    'isFile',
    'isDirectory',
    'canRead',
    'canWrite',
    'hasNext',
    'hasMoreElements',
    'hasMoreTokens',
    'nextInt',
    'nextLong',
    'nextDouble',
    'nextFloat',
    'nextBoolean',
    'nextShort',
    'nextByte',
    'getTime',
    'currentTimeMillis',
    'nanoTime',
    'getContentLength',
    'getContentLengthLong',
    'getIntHeader',
    'getDateHeader',
    'getStatus',
    'getLocalPort',
    'getServerPort',
    'getRemotePort',
    'intValue',
    'longValue',
    'doubleValue',
    'floatValue',
    'shortValue',
    'byteValue',
    'booleanValue',
    'ordinal',
    'getSize',
    'available',
    'getInt',
    'getLong',
    'getDouble',
    'getFloat',
    'getBoolean',
    'getShort',
    'getByte',
    'isAfter',
    'isBefore',
    'checkpw',
    'gensalt',
    'verify',
    'encode',
    'digest',
    'doFinal',
    'encodeHexString',
    'encodeToString',
    'sha256Hex',
    'sha512Hex',
    'randomUUID',
    'isValid',
    'isAuthenticated',
    'isUserInRole',
    'hasRole',
    'hasAuthority',
    'getContentLength',
    'isSecure',
    'toEpochMilli',
    'getEpochSecond',
    'signum',
    'equals',
    'equalsIgnoreCase',
    'isNumeric',
    'isAlphanumeric',
    'isDigits',
    'isCreatable',
    'parseInt',
    'parseLong',
  ],
  validators: [
    'matches',
    'lookingAt',
    'contains',
    'containsKey',
    'containsValue',
    'startsWith',
    'equalsAny',
    'equalsAnyIgnoreCase',
    'isAlphanumeric',
    'isAlpha',
    'isNumeric',
    'isDigits',
    'isCreatable',
    'isParsable',
    'isNumber',
    'isAsciiPrintable',
    'isAlphanumericSpace',
    'isAlphaSpace',
    'test',
    'isValid',
    'validate',
    'isInRange',
    'inRange',
    'isWhitelisted',
    'isInetAddress',
    'isValidInet4Address',
    'isValidInet6Address',
    'isSafe',
    'isAllowed',
    'checkArgument',
  ],
  exits: ['System.exit', 'Runtime.getRuntime().halt', 'Runtime.getRuntime().exit'],
  formatters: ['String.format', '*.formatted', 'String.join', '*.join', 'MessageFormat.format', '*.format', 'StringUtils.join', 'Collectors.joining', 'StringSubstitutor.replace'],
};

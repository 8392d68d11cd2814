import type { Heuristics } from '../../models/compile.ts';
import type { MatchContext } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { typeOf } from './tree.ts';
import { elFactory, jndiContext, parsedHere, scriptReceiver, spelEvaluation } from './checks/code.ts';
import { processBuilder, processBuilderCall, runtimeCall, runtimeExec, wrapperRuns } from './checks/command.ts';
import { untrustedFormat } from './checks/format.ts';
import { fileNameArg, notCheckedLater, pathArgTainted, pathBuilt, pathResolve, serverPath } from './checks/files.ts';
import { loggerCall } from './checks/logging.ts';
import { okHttpUrl, plainTarget, restCall, secondTarget, uriSpec, urlArgument, urlOpen } from './checks/network.ts';
import { dom4jSelect, ldapFilterText, ldapSearch, whereOperator, xpathReceiver } from './checks/queries.ts';
import { dbConnection, queryFactory, queryRun, queryText, sqlOnly, sqlReceiver, sqlReceiverOrText } from './checks/sql.ts';
import { jinjava, modelAndView, thymeleaf, velocity } from './checks/templates.ts';
import { cookieFromData, httpResponse, locationBuilder, locationHeader, redirectTarget, redirectView, responseHeader, responseWriter, sessionStore } from './checks/web.ts';

/**
 * Declared types an audited argument may have (text, vectors of it, where code or a command is read
 * from); any other known type carries no text (`Class<T>`, a criteria object, a number).
 */
const TEXT_TYPES = new Set([
  'String',
  'StringBuilder',
  'StringBuffer',
  'CharSequence',
  'Object',
  'var',
  'List',
  'ArrayList',
  'Collection',
  'Iterable',
  'File',
  'Path',
  'URI',
  'URL',
  'Reader',
  'InputStream',
  'GroovyCodeSource',
]);

/**
 * What Java's audit sinks report: a value the analysis follows from somewhere (a parameter of the
 * method, a request, a file, text built from those), not one it cannot trace (a field, a call's
 * result, a constant of another class), and only text.
 */
function followedValue(node: SyntaxNode, ctx: MatchContext): boolean {
  if (ctx.taint(node) === null) return false;
  const type = typeOf(node);
  return type === null || TEXT_TYPES.has(type);
}

/**
 * The named checks Java models refer to (`"where": "sql-receiver-or-text"`): what a call's
 * receiver is, or when the data reaching it is dangerous, where a table of names cannot say it.
 * Listed with their meaning in docs/writing-rules.md.
 */
export const javaHeuristics: Heuristics = {
  calls: {
    // SQL
    'sql-text': sqlOnly,
    'sql-receiver-or-text': sqlReceiverOrText,
    'query-factory': queryFactory,
    'query-run': queryRun,
    'db-connection': dbConnection,
    'sql-receiver': sqlReceiver,
    'query-text': queryText,
    // commands
    'runtime-exec': runtimeExec,
    'process-builder': processBuilder,
    'command-wrapper': wrapperRuns,
    runtime: runtimeCall,
    'process-builder-call': processBuilderCall,
    // code
    'script-engine': scriptReceiver,
    'el-factory': elFactory,
    'jndi-context': jndiContext,
    'spel-parsed-here': parsedHere,
    'spel-evaluation': spelEvaluation,
    // files
    'path-unchecked': notCheckedLater,
    'path-built': pathBuilt,
    'path-resolve': pathResolve,
    'path-argument': pathArgTainted,
    'file-name-argument': fileNameArg,
    'server-path': serverPath,
    // outgoing requests
    'url-open': urlOpen,
    'rest-client': restCall,
    'uri-spec': uriSpec,
    'okhttp-url': okHttpUrl,
    'request-target': plainTarget,
    'request-target-second': secondTarget,
    'url-argument': urlArgument,
    // responses and sessions
    'response-writer': responseWriter,
    'http-response': httpResponse,
    'cookie-from-data': cookieFromData,
    'redirect-target': redirectTarget,
    'redirect-view': redirectView,
    'location-header': locationHeader,
    'location-builder': locationBuilder,
    'response-header': responseHeader,
    'session-store': sessionStore,
    // queries
    'ldap-directory': ldapSearch,
    'ldap-filter-text': ldapFilterText,
    'xpath-evaluator': xpathReceiver,
    'dom4j-select': dom4jSelect,
    'mongo-where': whereOperator,
    // templates
    'velocity-engine': velocity,
    'thymeleaf-engine': thymeleaf,
    'template-engine': jinjava,
    'view-name': modelAndView,
    // formats
    'format-argument': untrustedFormat,
    // logging
    logger: loggerCall,
  },
  auditable: followedValue,
};

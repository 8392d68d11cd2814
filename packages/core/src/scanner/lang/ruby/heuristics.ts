import type { Heuristics } from '../../models/compile.ts';
import { bindingReceiver, dynamicDispatch, fileOpen, openPipe, remoteShell, shellCommand } from './checks/commands.ts';
import { archiveEntry, notArchiveDirectory, ojObjectMode, yamlUnsafeLoad } from './checks/data.ts';
import { anyHost, netHttpObject, netHttpRequest, urlFetcherArgv } from './checks/network.ts';
import { arAmbiguousQuery, arFinderOption, arQuery, dbConnectionQuery, ldapFilter, ldapFilterUnsearched, mongoFilter, xpathExpression } from './checks/queries.ts';
import { haltBody, htmlBody, inlineTemplate, linkHref, offsiteRedirect, renderPath, viewRaw } from './checks/web.ts';

/**
 * The named checks Ruby models refer to (`"where": "ar-query"`): what a call's receiver or
 * arguments are, or when the data reaching it is dangerous, where a table of names cannot say it.
 * Listed with their meaning in docs/writing-rules.md.
 */
export const rubyHeuristics: Heuristics = {
  calls: {
    // commands and code
    'shell-command': shellCommand,
    'open-pipe': openPipe,
    'remote-shell': remoteShell,
    'binding-receiver': bindingReceiver,
    'dynamic-dispatch': dynamicDispatch,
    // queries
    'ar-query': arQuery,
    'ar-ambiguous-query': arAmbiguousQuery,
    'ar-finder-option': arFinderOption,
    'db-connection-query': dbConnectionQuery,
    'mongo-filter': mongoFilter,
    'ldap-filter': ldapFilter,
    'ldap-filter-unsearched': ldapFilterUnsearched,
    'xpath-expression': xpathExpression,
    // web
    'offsite-redirect': offsiteRedirect,
    'view-raw': viewRaw,
    'link-href': linkHref,
    'halt-body': haltBody,
    'render-path': renderPath,
    'inline-template': inlineTemplate,
    // network
    'any-host': anyHost,
    'net-http-object': netHttpObject,
    'net-http-request': netHttpRequest,
    'url-fetcher-argv': urlFetcherArgv,
    // files and data
    'file-open': fileOpen,
    'not-archive-directory': notArchiveDirectory,
    'archive-entry': archiveEntry,
    'yaml-unsafe-load': yamlUnsafeLoad,
    'oj-object-mode': ojObjectMode,
  },
  assignments: {
    'html-body': htmlBody,
  },
};

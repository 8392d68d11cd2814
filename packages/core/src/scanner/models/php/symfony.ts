import { defineModel } from '../schema.ts';

const OBJECTS = '{$request,$req,$serverRequest,$httpRequest,$psrRequest}';
const BAGS = '{query,request,attributes,cookies,headers,files,server}';
const BAG_METHODS = '{get,all,getString,keys,getIterator}';
const REQUEST_METHODS = '{getContent,getPayload,toArray,getQueryString,getRequestUri,getPathInfo,getUri}';

/** Symfony: HttpFoundation's request and its parameter bags, Response, RedirectResponse, Process, Ldap. */
export default defineModel({
  name: 'symfony',
  language: 'php',
  description: 'Symfony HttpFoundation (Request bags, Response, RedirectResponse, BinaryFileResponse), Process, Ldap',
  sources: [
    {
      path: [
        `${OBJECTS}.${REQUEST_METHODS}()`,
        `$this.request.${REQUEST_METHODS}()`,
        `${OBJECTS}.${BAGS}.${BAG_METHODS}()`,
        `$this.request.${BAGS}.${BAG_METHODS}()`,
        `${OBJECTS}.getPayload().${BAG_METHODS}()`,
        `$this.request.getPayload().${BAG_METHODS}()`,
      ],
      kind: 'remote',
    },
  ],
  sinks: [
    { call: ['*.setContent'], class: 'xss', where: 'response-body' },
    { call: ['RedirectResponse', 'Response.redirect'], class: 'open-redirect', where: 'open-redirect-target' },
    { call: ['*.header', '*.setHeader'], arg: 1, class: 'open-redirect', where: 'location-header-value' },
    { call: '*.headers.set', class: 'header-injection' },
    { call: ['BinaryFileResponse', '$this.file'], class: 'path-traversal' },
    {
      call: ['Process.fromShellCommandline', 'Process.run', 'Process.start', 'Process.pipe', 'Process.command', '*.fromShellCommandline'],
      class: 'command-injection',
      where: 'command-string',
    },
    { call: ['Process', 'Symfony.Component.Process.Process'], class: 'command-injection', where: 'new-command-string' },
    // Symfony Ldap's `$ldap->query($dn, $filter)` (and LdapRecord's `rawFilter`), on a receiver named for LDAP.
    { call: ['*.query', '*.search', '*.rawFilter'], arg: [0, 1], class: 'ldap-injection', where: 'ldap-receiver' },
  ],
});

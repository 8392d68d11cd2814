import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { hostIsPinned, keyword } from '../../lang/ruby/predicates.ts';

/** The request goes to an attacker-chosen host unless literal text pins the scheme and host first. */
function anyHost(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = call.args.find((a) => a.index === 0)?.node ?? keyword(call, 'url') ?? keyword(call, 'base_url') ?? call.receiver;
  return !hostIsPinned(arg, ctx, taint);
}

export default defineRule({
  id: 'ruby.ssrf',
  title: 'Server-side request forgery',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-918'],
  owasp: ['A10:2021'],
  languages: ['ruby'],
  message: 'Untrusted data from {source} chooses the URL that {sink} fetches from the server',
  remediation:
    'Fetch only from fixed base URLs and put the input in the path or query (escaped), or parse the URL and check its scheme and host against an allow-list (and resolve the host to reject private addresses) before the request.',
  references: [
    'https://cwe.mitre.org/data/definitions/918.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html',
    'https://docs.ruby-lang.org/en/master/Net/HTTP.html',
  ],
  matcher: {
    kind: 'taint',
    class: 'ssrf',
    sinks: [
      {
        callee: [
          'Net.HTTP.{get,get_response,get_print,post,post_form,start,new,put,patch,delete}', 'URI.open', 'OpenURI.open_uri',
          'HTTParty.{get,post,put,patch,delete,head,options}', 'RestClient.{get,post,put,patch,delete,head,options}', 'RestClient.Resource.new',
          'Faraday.{get,post,put,patch,delete,head,new}', 'Faraday.Connection.new', 'Excon.{get,post,put,patch,delete,head,new}',
          'Typhoeus.{get,post,put,patch,delete,head,options}', 'Typhoeus.Request.new', 'HTTP.{get,post,put,patch,delete,head,options}',
          'HTTP.*.{get,post,put,patch,delete,head,options}', 'HTTPClient.new().{get,post,put,delete,head,get_content,post_content,request}',
          'Curl.{get,post,put,delete,head}', 'Curl.Easy.{new,perform,http_get}', 'Down.{download,open}', 'Mechanize.new().get', 'Patron.Session.new().get',
        ],
        args: [0],
        keywords: ['url', 'base_url'],
        where: anyHost,
      },
      { callee: ['URI.parse().{open,read}', 'URI().{open,read}', 'Kernel.URI().{open,read}'], receiver: true, args: [], where: anyHost },
      { callee: ['RestClient.Request.execute'], args: [], keywords: ['url'], where: anyHost },
    ],
    local: 'never',
    params: 'never',
  },
});

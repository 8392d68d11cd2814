import type { CallView } from '../../engine/adapter.ts';
import { classBit, defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { arrayEntries, hostChecked, leadingLiteral, urlLike } from '../../lang/php/helpers.ts';

/** A request whose host is fixed by a literal prefix (`"https://api.example.com/users/" . $id`) is not SSRF. */
function hostFixed(arg: SyntaxNode, ctx: MatchContext): boolean {
  const lead = leadingLiteral(arg, ctx);
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)[/?#]/i.exec(lead);
  return m !== null && (m[1] ?? '').length > 0 && !(m[1] ?? '').endsWith('.');
}

/** `curl_setopt($ch, CURLOPT_URL, $url)`. */
function curlUrl(call: CallView, ctx: MatchContext): boolean {
  const opt = call.args.find((a) => a.index === 1);
  return opt !== undefined && /CURLOPT_URL$/.test(opt.node.text);
}

/** `curl_setopt_array($ch, [CURLOPT_URL => $url, …])`: only the URL entry matters. */
function curlArrayUrl(call: CallView, ctx: MatchContext): boolean {
  const opts = call.args.find((a) => a.index === 1);
  const url = arrayEntries(opts?.node ?? null)?.find((e) => e.keyNode !== null && /CURLOPT_URL$/.test(e.keyNode.text));
  return url !== undefined && ctx.taint(url.value) !== null && !hostFixed(url.value, ctx);
}

/** Programs that fetch the URLs they are given: run on a user URL, the server makes the request. */
const URL_FETCHERS = new Set([
  'curl',
  'wget',
  'wkhtmltopdf',
  'wkhtmltoimage',
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  'chrome',
  'headless_shell',
  'phantomjs',
  'aria2c',
  'http',
  'https',
  'xh',
  'lynx',
  'w3m',
  'youtube-dl',
  'yt-dlp',
  'ffmpeg',
  'ffprobe',
  'httrack',
]);

function fetcherProgram(command: string): boolean {
  const first = command.trimStart().split(/[ \t]/)[0] ?? '';
  return URL_FETCHERS.has(first.slice(first.lastIndexOf('/') + 1).toLowerCase());
}

/**
 * A URL-fetching program run on request data without a shell (`proc_open(['wkhtmltopdf', $url, $out], …)`)
 * or with the URL escaped for the shell (`exec('curl -sS ' . escapeshellarg($url))`): no command
 * injection, but the server fetches whatever the client names. A URL whose host is written in the
 * command before the data (`'curl https://api.example.com/items/' . escapeshellarg($id)`) is pinned.
 */
function fetcherCommand(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const command = call.args.find((a) => a.index === 0)?.node;
  if (!command || taint.strength !== 'remote') return false;
  const entries = arrayEntries(command);
  if (entries) {
    const program = entries[0] ? ctx.stringValue(entries[0].value) : null;
    if (program === null || !fetcherProgram(program)) return false;
    return entries.slice(1).some((e) => ctx.taint(e.value)?.strength === 'remote' && !hostFixed(e.value, ctx));
  }
  // A shell string: unescaped input there is command injection (its own rule).
  if (!(taint.sanitized & classBit('command'))) return false;
  const lead = leadingLiteral(command, ctx);
  if (!fetcherProgram(lead)) return false;
  return !hostWritten(lead);
}

/** Whether a command text contains a URL with its host and the start of its path (`https://api.example.com/`). */
function hostWritten(text: string): boolean {
  const at = text.indexOf('://');
  if (at < 0) return false;
  let i = at + 3;
  while (i < text.length && text[i] !== '/' && text[i] !== ' ' && text[i] !== '\t' && text[i] !== "'" && text[i] !== '"') i++;
  return i > at + 3 && text[i] === '/';
}

/** Variables and properties that hold an HTTP client. */
const CLIENTS = '$client,$httpClient,$http,$guzzle,$guzzleClient,$apiClient,$restClient,$browser,$webClient,$curlClient';
const CLIENT_PROPS = 'client,httpClient,http,guzzle,guzzleClient,apiClient,restClient,browser,webClient';
const VERBS = '{get,post,put,patch,delete,head,options,getAsync,postAsync,putAsync,deleteAsync}';

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['php'],
  remediation:
    'Do not fetch URLs taken from the request. Keep the scheme and host fixed in code and put user data only in the path or query (`"https://api.example.com/items/" . rawurlencode($id)`), or check `parse_url($url, PHP_URL_HOST)` against an allow-list and block internal addresses before fetching (WordPress: `wp_safe_remote_get`).',
  references: ['https://cwe.mitre.org/data/definitions/918.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          'curl_init',
          'fsockopen',
          'pfsockopen',
          'stream_socket_client',
          'get_headers',
          'wp_remote_get',
          'wp_remote_post',
          'wp_remote_request',
          'wp_remote_head',
          'download_url',
          'SoapClient',
          'simplexml_load_file',
        ],
        args: [0],
      },
      {
        callee: ['file_get_contents', 'fopen', 'file', 'readfile', 'copy', 'getimagesize'],
        args: [0],
        where: (call, ctx, taint) => urlLike(taint, call.args[0]?.node ?? call.node, ctx),
      },
      { callee: ['curl_setopt'], args: [2], where: curlUrl },
      { callee: ['proc_open', 'exec', 'shell_exec', 'system', 'passthru', 'popen'], args: [0], where: fetcherCommand, label: 'a URL-fetching program' },
      { callee: ['curl_setopt_array'], args: [1], where: (call, ctx) => curlArrayUrl(call, ctx) },
      // HTTP clients (Guzzle, Symfony HttpClient, Laravel Http), named by their receiver: a generic
      // `*.get` would also make every `->get()` a sink whose result loses its taint.
      { callee: [`{${CLIENTS}}.${VERBS}`, `*.{${CLIENT_PROPS}}.${VERBS}`, `Client().${VERBS}`, `Http.${VERBS}`, `Http.*.${VERBS}`, `Http.*.*.${VERBS}`], args: [0] },
      { callee: [`{${CLIENTS}}.{request,requestAsync}`, `*.{${CLIENT_PROPS}}.{request,requestAsync}`, `Client().{request,requestAsync}`, 'Http.send', 'Http.*.send'], args: [1] },
    ],
    params: 'never',
    local: 'never',
    check: (_taint, ctx, at) => !hostFixed(at, ctx) && !hostChecked(at, ctx),
  },
});

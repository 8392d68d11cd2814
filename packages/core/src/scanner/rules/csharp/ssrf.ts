import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { lastSegment, receiverPath, untrustedDestination } from '../../lang/csharp/helpers.ts';

const HTTP_RECEIVER = /client|http|^(?:wc|web|browser)$|webclient|downloader|fetcher/i;
const NOT_HTTP = /redis|cache|blob|storage|queue|bus|cosmos|table|search|elastic|mongo|graph|sql|db|repo|mediator|grpc|kafka|s3|secret|vault/i;

/** `GetAsync`/`PostAsync`/… on an HTTP client (`_http`, `client`, `_httpClient`, `factory.CreateClient()`), not on a cache or repository. */
function httpClient(call: CallView, ctx: MatchContext): boolean {
  const path = receiverPath(call, ctx);
  const last = lastSegment(path);
  if (call.receiver?.type === 'object_creation_expression') return /HttpClient|WebClient/.test(call.receiver.text);
  if (last === null) return false;
  if (NOT_HTTP.test(path.join('.'))) return false;
  return HTTP_RECEIVER.test(last);
}

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['csharp'],
  remediation:
    'Do not let the client choose the URL: keep scheme and host fixed (an `HttpClient` with a configured `BaseAddress` and a relative path built from validated values), or check the parsed `Uri.Host` against an allow-list and reject private and link-local addresses before sending.',
  references: ['https://cwe.mitre.org/data/definitions/918.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          '*.{GetAsync,GetStringAsync,GetStreamAsync,GetByteArrayAsync,PostAsync,PutAsync,PatchAsync,DeleteAsync,GetFromJsonAsync,PostAsJsonAsync,PutAsJsonAsync,PatchAsJsonAsync,DeleteFromJsonAsync}',
          '*.{OpenRead,OpenWrite,OpenReadAsync}',
        ],
        args: [0],
        keywords: ['requestUri'],
        where: httpClient,
      },
      {
        callee: [
          '*.{DownloadString,DownloadData,DownloadFile,DownloadStringTaskAsync,DownloadDataTaskAsync,DownloadFileTaskAsync,DownloadStringAsync,DownloadDataAsync,DownloadFileAsync,UploadString,UploadData,UploadValues,UploadFile,UploadStringTaskAsync,UploadDataTaskAsync,UploadValuesTaskAsync,UploadFileTaskAsync,OpenReadTaskAsync}',
        ],
        args: [0],
        keywords: ['address'],
      },
      { callee: ['**.HttpRequestMessage'], args: [1], keywords: ['RequestUri', 'requestUri'] },
      { callee: ['**.{WebRequest,HttpWebRequest,FtpWebRequest}.{Create,CreateHttp,CreateDefault}'], args: [0] },
      { callee: ['**.{RestClient,RestClientOptions}'], args: [0], keywords: ['BaseUrl', 'baseUrl'] },
    ],
    assignSinks: [{ target: ['*.BaseAddress', '*.RequestUri', '*.BaseUrl'] }],
    params: 'never',
    local: 'never',
    check: untrustedDestination,
  },
});

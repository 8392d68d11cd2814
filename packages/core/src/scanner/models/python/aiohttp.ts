import { defineModel } from '../schema.ts';

/** What an aiohttp web Request carries from the client. */
const FIELDS = '{match_info,rel_url,raw_path,query,content,raw_headers,headers,cookies,path,url}';
const METHODS = '{json,text,read,post,content}()';

/** aiohttp: the web server's requests and responses, and its client. */
export default defineModel({
  name: 'aiohttp',
  language: 'python',
  sources: [{ path: [`{request,req}.${FIELDS}`, `{request,req}.${METHODS}`, `self.request.${FIELDS}`, `self.request.${METHODS}`], kind: 'remote' }],
  sinks: [
    // web.Response(text=…) is text/plain unless the handler says text/html.
    { call: ['aiohttp.web.Response', 'aiohttp.web_response.Response'], keyword: ['text', 'body'], class: 'xss', where: 'aiohttp-html' },
    {
      call: ['aiohttp.web.HTTPFound', 'aiohttp.web.HTTPSeeOther', 'aiohttp.web.HTTPMovedPermanently', 'aiohttp.web.HTTPTemporaryRedirect'],
      arg: 0,
      keyword: ['location', 'url', 'redirect_to', 'to'],
      class: 'open-redirect',
      where: 'offsite-redirect',
    },
    {
      call: 'aiohttp.web.FileResponse',
      arg: 0,
      keyword: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'],
      class: 'path-traversal',
      where: 'unchecked-path',
    },
    { call: 'aiohttp.request', arg: 1, keyword: 'url', class: 'ssrf', where: 'unpinned-url' },
  ],
});

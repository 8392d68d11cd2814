import { defineModel } from '../schema.ts';

/** What a Werkzeug request carries from the client. */
const FIELDS =
  '{args,form,values,json,data,files,cookies,headers,stream,url,base_url,path,full_path,query_string,host,referrer,view_args,environ,remote_user,authorization,user_agent}';
const METHODS = '{get_json,get_data,files}()';

/** Flask: the request object, route functions, responses, redirects, files and templates. */
export default defineModel({
  name: 'flask',
  language: 'python',
  sources: [
    {
      // `from flask import request` makes `request` flask.request; a `request` / `req` parameter is the same object elsewhere.
      path: [`flask.request.${FIELDS}`, `flask.request.${METHODS}`, `{request,req}.${FIELDS}`, `{request,req}.${METHODS}`, `self.request.${FIELDS}`, `self.request.${METHODS}`],
      kind: 'remote',
    },
  ],
  handlers: [
    // `@app.route("/u/<name>")`, `@bp.get(...)`, `@app.post(...)`: parameters are URL captures.
    { decorator: ['*.{route,get,post,put,patch,delete}'], kind: 'remote' },
    // `class UserAPI(MethodView): def get(self, user_id)`.
    { base: '**.*MethodView', method: '{get,post,put,patch,delete,head,options}', kind: 'remote' },
  ],
  sinks: [
    { call: ['flask.make_response', 'flask.Response', 'flask.wrappers.Response'], arg: 0, keyword: ['response', 'content', 'body'], class: 'xss', where: 'html-response' },
    { call: 'flask.Markup', arg: 0, class: 'xss' },
    // Templates that are not .html/.htm/.xml/.xhtml/.svg are rendered without autoescaping.
    { call: ['flask.render_template', 'render_template'], arg: 'all', class: 'xss', where: 'unescaped-template-file', label: 'a template Flask does not autoescape' },
    // The same whatever feeds it (low confidence): values rendered into a .txt / .email / extension-less template are not escaped.
    { call: ['flask.render_template', 'render_template'], arg: 'all', class: 'xss', where: 'unescaped-template-file', audit: true, label: 'a template Flask does not autoescape' },
    { call: ['flask.redirect', 'redirect'], arg: 0, keyword: ['location', 'url', 'redirect_to', 'to'], class: 'open-redirect', where: 'offsite-redirect' },
    {
      call: ['flask.send_file', 'send_file'],
      arg: 0,
      keyword: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'],
      class: 'path-traversal',
      where: 'unchecked-path',
    },
    {
      call: ['flask.render_template_string', 'render_template_string', 'flask.templating.render_template_string'],
      arg: 0,
      keyword: ['source', 'text', 'template_string', 'template'],
      class: 'template-injection',
    },
  ],
  sanitizers: [
    { call: ['flask.escape'], class: ['xss', 'xpath-injection'] },
    { call: ['flask.jsonify', 'jsonify'], class: ['xss', 'xpath-injection'] },
    // Route builders escape their arguments and produce a local URL.
    { call: ['flask.url_for', 'url_for', '*.url_for'], class: ['open-redirect', 'ssrf', 'xss', 'header-injection', 'command-injection', 'sql-injection', 'path-traversal'] },
    { call: ['flask.safe_join', 'flask.helpers.safe_join'], class: 'path-traversal' },
    // Rendering a template file escapes; redirects, files and JSON are not HTML built from the value.
    {
      call: ['flask.render_template', 'render_template', 'flask.redirect', 'redirect', 'flask.send_file', 'send_file', 'flask.send_from_directory', 'send_from_directory'],
      class: 'xss',
    },
  ],
});

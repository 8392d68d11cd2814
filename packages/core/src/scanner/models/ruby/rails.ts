import { defineModel } from '../schema.ts';

/** Rails outside the database: Action Controller (params, cookies, redirects, rendering, files), Action View helpers, Active Support. */
export default defineModel({
  name: 'rails',
  language: 'ruby',
  description: 'Ruby on Rails: ActionController, ActionDispatch, ActionView, ActiveSupport, ActiveStorage (ActiveRecord is its own model)',
  sources: [
    // `params` (also Sinatra's, Grape's and Hanami's): `params[:x]`, `params.require(:x).permit(…)`, `params.fetch`, `params.dig`.
    // Unsigned cookies (`cookies.signed` / `cookies.encrypted` are tamper-proof and not listed).
    { path: ['params', 'cookies', 'request.cookie_jar()'], kind: 'remote' },
    { path: 'ActionDispatch.Request.new().{params,GET,POST,body,cookies,query_string,path_info,url,fullpath,referer,referrer,user_agent,env}()', kind: 'remote' },
  ],
  sinks: [
    { call: ['redirect_to', '*.redirect_to', 'redirect_back_or_to'], arg: 0, class: 'open-redirect', where: 'offsite-redirect' },
    { call: 'redirect_back', keyword: 'fallback_location', class: 'open-redirect', where: 'offsite-redirect' },
    // Markup marked safe, or written without escaping.
    { call: '*.html_safe', receiver: true, class: 'xss', label: 'String#html_safe' },
    { call: ['raw', '*.raw', 'safe_concat', '*.safe_concat', 'javascript_tag', '*.javascript_tag'], class: 'xss', where: 'view-raw' },
    { call: ['render', '*.render', 'render_to_string'], keyword: 'text', class: 'xss', label: 'render text:' },
    { call: ['link_to', '*.link_to', 'button_to'], arg: [0, 1], class: 'xss', where: 'link-href', label: 'the href of link_to' },
    { call: ['render', '*.render', 'render_to_string', '*.render_to_string'], keyword: 'inline', class: 'template-injection', label: 'render inline:' },
    { call: 'ActionView.Template.new', class: 'template-injection' },
    // Files sent or rendered by a path (Sinatra's `send_file` is the same helper).
    { call: ['send_file', '*.send_file'], class: 'path-traversal', label: 'send_file' },
    {
      call: ['render', 'render_to_string'],
      arg: 0,
      keyword: ['file', 'template', 'partial'],
      class: 'path-traversal',
      where: 'render-path',
      label: 'render (dynamic template path)',
    },
    {
      call: [
        'Rails.root().join().{read,binread,write,binwrite,open,readlines,delete,unlink,rmtree,each_line,children}',
        'Rails.root.join().{read,binread,write,binwrite,open,readlines,delete,unlink,rmtree,each_line,children}',
      ],
      class: 'path-traversal',
    },
    { call: ['*.constantize', '*.safe_constantize'], receiver: true, class: 'unsafe-reflection', label: 'String#constantize' },
    { call: ['constantize', 'safe_constantize', 'ActiveSupport.Inflector.{constantize,safe_constantize}'], class: 'unsafe-reflection' },
    { call: 'ActiveSupport.JSON.load', class: 'unsafe-deserialization' },
  ],
  assignments: [{ target: ['self.response_body', 'response_body'], class: 'xss', where: 'html-body', label: 'the response body' }],
  sanitizers: [
    { call: ['parameterize', 'to_bool', '*.parameterize', 'Time.zone.{parse,at,now}', 'ActiveModel.Type.Boolean.new().cast'], class: 'all' },
    {
      call: [
        'h',
        'html_escape',
        'html_escape_once',
        'escape_once',
        'json_escape',
        'sanitize',
        '*.sanitize',
        'strip_tags',
        '*.strip_tags',
        'strip_links',
        'escape_javascript',
        'j',
        'simple_format',
        '*.to_param',
      ],
      class: ['xss', 'xpath-injection'],
    },
    { call: '*.to_query', class: ['xss', 'xpath-injection', 'command-injection', 'header-injection', 'path-traversal', 'ldap-injection', 'log-injection'] },
    // `url_from(params[:return_to])` returns the URL only when it points at this application.
    { call: 'url_from', class: 'open-redirect' },
    { call: ['url_for', 'polymorphic_path', 'polymorphic_url'], class: ['open-redirect', 'xss', 'ssrf', 'header-injection', 'command-injection', 'path-traversal'] },
    { call: ['sanitize_filename', '*.sanitize_filename', '*.sanitized', 'ActiveStorage.Filename.new().sanitized'], class: 'path-traversal' },
  ],
});

import { defineModel } from '../schema.ts';

/** Rack: the request object every Ruby web framework builds on, its escaping utilities and static file servers. */
export default defineModel({
  name: 'rack',
  language: 'ruby',
  description: 'Rack::Request (the `request` of Rails and Sinatra), Rack::Response, Rack::Utils, Rack::Files',
  sources: [
    {
      path: [
        'request.{params,parameters,query_parameters,request_parameters,path_parameters,filtered_parameters,GET,POST,body,raw_post,body_stream,form_data}()',
        'request.{headers,env,referer,referrer,user_agent,url,original_url,fullpath,original_fullpath,query_string,cookies,path_info}()',
        'request.{authorization,content_type,media_type,accept,x_forwarded_for}()',
        'Rack.Request.new().{params,GET,POST,body,cookies,query_string,path_info,url,fullpath,referer,referrer,user_agent,env}()',
      ],
      kind: 'remote',
    },
  ],
  sinks: [{ call: ['Rack.File.new', 'Rack.Files.new'], class: 'path-traversal' }],
  assignments: [
    { target: ['res.body', 'response.body'], class: 'xss', where: 'html-body', label: 'the response body' },
    { target: ['response.location', 'response.headers.Location', 'headers.Location', 'response.header.Location'], class: 'open-redirect', label: 'the Location header' },
  ],
  sanitizers: [
    { call: 'Rack.Utils.escape_html', class: ['xss', 'xpath-injection'] },
    {
      call: 'Rack.Utils.{escape,escape_path,build_query}',
      class: ['xss', 'xpath-injection', 'command-injection', 'header-injection', 'path-traversal', 'ldap-injection', 'log-injection'],
    },
  ],
});

import { defineModel } from '../schema.ts';

/** Sinatra (and the Grape / Padrino route DSL): route blocks, halt bodies, redirects, inline templates. */
export default defineModel({
  name: 'sinatra',
  language: 'ruby',
  description: 'Sinatra routes and helpers; `params`, `request` and `send_file` come from the rails and rack models',
  sources: [{ path: 'Sinatra.Request.new().{params,GET,POST,body,cookies,query_string,path_info,url,fullpath,referer,referrer,user_agent,env}()', kind: 'remote' }],
  handlers: [
    // `get '/hello/:name' do |name|`: the block receives the route captures.
    { registration: '{get,post,put,patch,delete,options,head,link,unlink,route}', kind: 'remote' },
  ],
  sinks: [
    { call: ['redirect', '*.redirect'], arg: 0, class: 'open-redirect', where: 'offsite-redirect' },
    { call: 'halt', arg: 'all', class: 'xss', where: 'halt-body', label: 'halt (the response body)' },
    { call: ['erb', 'haml', 'slim', 'markaby', 'builder', 'nokogiri'], class: 'template-injection', where: 'inline-template', label: 'an inline Sinatra template' },
  ],
  sanitizers: [
    // `erb :page, locals: {…}` renders a named template: the template decides the escaping, the route returns its output.
    { call: ['erb', 'haml', 'slim', 'liquid', 'mustache', 'builder', 'nokogiri', 'markdown', 'rabl', 'jbuilder'], class: 'xss' },
    // A route ending in `redirect "/x?#{q}"` answers with a Location header, not with markup built from q.
    { call: 'redirect', class: 'xss' },
  ],
});

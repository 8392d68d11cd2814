import { defineModel } from '../schema.ts';

/** The request object, by the names code gives it (`$request`, `$this->request`, a PSR-7 `$serverRequest`). */
const LARAVEL_INPUT =
  'input,query,post,get,all,only,except,header,headers,cookie,route,json,file,allFiles,validated,validate,validateWithBag,safe,string,str,keys,collect,fullUrl,fullUrlWithQuery,segment,segments,bearerToken,server,old';
const VERBS = '{get,post,put,patch,delete,head}';
/** Query builder methods whose first argument is a column name. */
const COLUMN_METHODS = '{where,orWhere,having,orderBy,orderByDesc,groupBy,pluck,select,addSelect,max,min,sum,avg,value,latest,oldest}';

/** Laravel: the request, raw SQL through the DB facade and the query builder, responses, redirects, storage, the Http client, Blade. */
export default defineModel({
  name: 'laravel',
  language: 'php',
  description: 'Laravel (Illuminate): Request, Input and request(), DB raw queries, response()/Response, redirect(), Storage/File, Http client, Blade, Str helpers',
  sources: [
    {
      path: [
        `{$request,$req,$serverRequest,$httpRequest,$psrRequest}.{${LARAVEL_INPUT}}()`,
        `$this.request.{${LARAVEL_INPUT}}()`,
        '{Request,Input}.{input,get,query,post,all,only,except,file,cookie,header,json,segment,fullUrl}()',
        'request()',
      ],
      kind: 'remote',
    },
  ],
  sinks: [
    {
      call: [
        'DB.{select,selectOne,selectFromWriteConnection,insert,update,delete,statement,unprepared,raw,cursor,scalar,affectingStatement}',
        'DB.connection().{select,selectOne,insert,update,delete,statement,unprepared,raw,cursor,scalar}',
      ],
      class: 'sql-injection',
    },
    // Column names taken from the request (`DB::table('t')->orderBy($request->input('sort'))`): identifiers are not bound parameters.
    {
      call: [`DB.table().${COLUMN_METHODS}`, `DB.table().*.${COLUMN_METHODS}`, `DB.table().*.*.${COLUMN_METHODS}`],
      class: 'sql-injection',
      where: 'column-name',
    },
    // `Rule::unique('users')->ignore($id, $column)`: the id and column go into the query unescaped (Laravel's docs warn never to pass request input).
    { call: ['Rule.unique().ignore', 'Rule.unique().*.ignore'], arg: [0, 1], class: 'sql-injection' },
    {
      call: ['*.raw', '*.whereRaw', '*.orWhereRaw', '*.havingRaw', '*.orHavingRaw', '*.orderByRaw', '*.selectRaw', '*.groupByRaw', '*.fromRaw', '*.joinRaw', '*.updateRaw'],
      class: 'sql-injection',
    },
    // A response's body is HTML by default.
    { call: ['response', 'Response.make', 'Response'], class: 'xss', where: 'html-response' },
    { call: ['redirect', 'Redirect.to', 'Redirect.away', 'redirect().to', 'redirect().away', 'to_route_url'], class: 'open-redirect', where: 'open-redirect-target' },
    {
      call: [
        'Storage.{get,put,download,delete,readStream,writeStream,path,copy,move,prepend,append,response}',
        'Storage.disk().{get,put,download,delete,readStream,writeStream,path,copy,move,prepend,append,response}',
        'File.{get,put,delete,copy,move,append,prepend,lines}',
        'response().{download,file}',
        'Response.download',
      ],
      class: 'path-traversal',
    },
    // An uploaded file stored under the client's name keeps the client's extension.
    {
      call: ['*.move', '*.storeAs', '*.storePubliclyAs', 'Storage.putFileAs', 'Storage.disk().putFileAs'],
      arg: [0, 1, 2],
      class: 'unrestricted-file-upload',
      where: 'upload-destination',
    },
    { call: [`Http.${VERBS}`, `Http.*.${VERBS}`, `Http.*.*.${VERBS}`], class: 'ssrf' },
    { call: ['Http.send', 'Http.*.send'], arg: 1, class: 'ssrf' },
    { call: ['Blade.render', 'Blade.compileString'], class: 'template-injection' },
  ],
  sanitizers: [
    { call: ['Str.slug', 'Str.uuid'], class: 'all' },
    // `e()`, and views rendered by Blade (which escapes `{{ }}`).
    { call: ['e', 'view', 'View.make', 'Inertia.render', 'Purifier.clean', 'clean'], class: 'xss' },
  ],
  validators: [{ call: ['Validator.make', 'Str.isUuid'] }],
});

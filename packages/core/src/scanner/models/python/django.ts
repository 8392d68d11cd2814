import { defineModel } from '../schema.ts';

/** What a Django HttpRequest carries from the client. */
const FIELDS = '{GET,POST,COOKIES,META,FILES,body,path,path_info,headers,content_params}';
const METHODS = '{get_full_path,build_absolute_uri,get_host,get_signed_cookie,read}()';

/**
 * Django: request data, class-based views, raw SQL, responses and safe strings, redirects, templates,
 * and the ORM lookups and escapes that make values safe.
 */
export default defineModel({
  name: 'django',
  language: 'python',
  sources: [
    { path: [`{request,req}.${FIELDS}`, `{request,req}.${METHODS}`, `self.request.${FIELDS}`, `self.request.${METHODS}`], kind: 'remote' },
    // Class-based views: URL captures.
    { path: 'self.kwargs', kind: 'remote' },
  ],
  handlers: [
    // `class Profile(View): def get(self, request, username)`: what follows the request are URL captures.
    {
      base: ['**.*View'],
      method: '{get,post,put,patch,delete,head,options,list,create,retrieve,update,partial_update,destroy}',
      kind: 'remote',
    },
  ],
  sinks: [
    { call: ['*.raw'], arg: 0, keyword: 'raw_query', class: 'sql-injection', where: 'raw-query' },
    // `extra()` takes raw SQL fragments; one that is not a constant is reported whatever feeds it (low confidence).
    { call: ['*.extra'], keyword: ['where', 'select', 'tables', 'order_by'], class: 'sql-injection', label: 'QuerySet.extra()', audit: true },
    { call: ['django.db.models.expressions.RawSQL', 'django.db.models.RawSQL', 'RawSQL'], arg: 0, keyword: ['sql', 'text'], class: 'sql-injection' },
    {
      call: ['*.raw', 'django.db.models.expressions.RawSQL', 'django.db.models.RawSQL', 'RawSQL'],
      arg: 0,
      keyword: ['raw_query', 'sql'],
      class: 'sql-injection',
      where: 'formatted-sql',
      audit: true,
    },
    {
      // HttpResponse and the error responses built on it send text/html unless told otherwise.
      call: [
        'django.http.HttpResponse',
        'django.http.response.HttpResponse',
        'django.http.StreamingHttpResponse',
        'django.http.{HttpResponseBadRequest,HttpResponseNotFound,HttpResponseForbidden,HttpResponseServerError,HttpResponseGone}',
        'django.http.response.{HttpResponseBadRequest,HttpResponseNotFound,HttpResponseForbidden,HttpResponseServerError,HttpResponseGone}',
      ],
      arg: 0,
      keyword: ['response', 'content', 'body'],
      class: 'xss',
      where: 'html-response',
    },
    // An HTML e-mail body: mail clients render it.
    {
      call: ['django.core.mail.send_mail', 'django.core.mail.mail_admins', 'django.core.mail.mail_managers', 'send_mail'],
      keyword: 'html_message',
      class: 'xss',
      label: 'an HTML e-mail body',
    },
    { call: ['django.utils.safestring.mark_safe', 'mark_safe', 'django.utils.safestring.SafeString', 'django.utils.safestring.SafeText', 'SafeString'], arg: 0, class: 'xss' },
    { call: ['django.utils.html.format_html', 'format_html'], arg: 0, class: 'xss', where: 'preformatted', label: 'format_html (pre-formatted string)' },
    {
      call: [
        'django.shortcuts.redirect',
        'django.http.HttpResponseRedirect',
        'django.http.HttpResponsePermanentRedirect',
        'django.http.response.HttpResponseRedirect',
        'HttpResponseRedirect',
        'HttpResponsePermanentRedirect',
      ],
      arg: 0,
      keyword: ['location', 'url', 'redirect_to', 'to'],
      class: 'open-redirect',
      where: 'offsite-redirect',
    },
    { call: ['django.template.Template', 'django.template.base.Template'], arg: 0, keyword: ['source', 'text', 'template_string', 'template'], class: 'template-injection' },
    { call: ['django.utils.module_loading.import_string', 'import_string'], arg: 0, keyword: 'dotted_path', class: 'unsafe-reflection' },
    { call: 'django.contrib.sessions.serializers.PickleSerializer().loads', arg: 0, class: 'unsafe-deserialization' },
    // `User.objects.create(**request.POST.dict())`, `User(**data)`: every request field becomes a column.
    {
      call: ['*', '*.objects.{create,update_or_create,get_or_create}', '*.update'],
      arg: 'all',
      class: 'mass-assignment',
      where: 'splat-into-model',
      label: 'keyword expansion into a model',
    },
  ],
  assignments: [
    // `response["Location"] = next_url`
    { target: '{response,resp,res}.Location', class: 'open-redirect', where: 'offsite-location', label: 'the Location header' },
  ],
  validators: [{ call: ['django.utils.http.url_has_allowed_host_and_scheme', 'url_has_allowed_host_and_scheme', 'is_safe_url'] }],
  sanitizers: [
    // ORM lookups return rows, not the input they were filtered by.
    {
      call: [
        'django.shortcuts.get_object_or_404',
        'django.shortcuts.get_list_or_404',
        'get_object_or_404',
        'get_list_or_404',
        '*.objects.{get,filter,exclude,create,get_or_create,update_or_create,first,last,latest,earliest,all,values,values_list,in_bulk,select_related,prefetch_related,annotate,aggregate,count,exists,order_by}',
        'django.utils.text.slugify',
      ],
      class: 'all',
    },
    {
      call: [
        'django.utils.html.escape',
        'django.utils.html.conditional_escape',
        'conditional_escape',
        'django.utils.html.format_html',
        'format_html',
        'django.utils.html.strip_tags',
        'strip_tags',
        'django.utils.html.escapejs',
        'escapejs',
        'django.utils.html.json_script',
        'json_script',
      ],
      class: ['xss', 'xpath-injection'],
    },
    {
      call: ['django.urls.reverse', 'django.urls.reverse_lazy', 'django.shortcuts.resolve_url', 'reverse', 'reverse_lazy', 'resolve_url'],
      class: ['open-redirect', 'ssrf', 'xss', 'header-injection', 'command-injection', 'sql-injection', 'path-traversal'],
    },
    { call: ['django.utils._os.safe_join', 'safe_join', 'get_valid_filename', 'django.utils.text.get_valid_filename'], class: 'path-traversal' },
    // Templates escape what they render; redirects and JSON responses are not HTML built from the value.
    {
      call: [
        'django.shortcuts.render',
        'django.template.loader.render_to_string',
        'render_to_string',
        'django.template.response.TemplateResponse',
        '*.TemplateResponse',
        '*.render_to_string',
        'django.shortcuts.redirect',
        'django.http.JsonResponse',
        'JsonResponse',
      ],
      class: 'xss',
    },
    { call: ['*.quote_name'], class: 'sql-injection' },
  ],
});

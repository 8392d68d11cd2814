import { defineModel } from '../schema.ts';

/**
 * Spring MVC and WebFlux (spring-web, spring-webmvc, spring-webflux): handler methods and the
 * request values bound to their parameters, redirects and views, response headers, the HTTP
 * clients (RestTemplate, WebClient, RestClient), and Spring's escaping utilities.
 */
export default defineModel({
  name: 'spring-web',
  language: 'java',
  sources: [
    { call: '*.{getQueryParams,getOriginalFilename,getMultiFileMap,getFileMap}', kind: 'remote' },
    // WebFlux ServerRequest (functional endpoints).
    {
      call: '{request,req,httpRequest,servletRequest,httpServletRequest,httpReq,hreq,hsr,serverRequest,webRequest,multipartRequest}.{queryParam,queryParams,pathVariable,pathVariables,bodyToMono,bodyToFlux,formData,multipartData,cookies,headers,queryString}',
      kind: 'remote',
    },
  ],
  handlers: [
    // Values bound from the request, on any method (handler methods, @ControllerAdvice, functional handlers).
    {
      parameterAnnotation: '**.{RequestParam,PathVariable,RequestHeader,CookieValue,MatrixVariable,RequestBody,ModelAttribute,RequestPart,DestinationVariable,Payload}',
      kind: 'remote',
    },
    // Unannotated parameters of handler methods: simple values are request parameters, objects are bound from the form.
    { decorator: '**.{GetMapping,PostMapping,PutMapping,DeleteMapping,PatchMapping,RequestMapping,MessageMapping,SubscribeMapping}', kind: 'remote' },
  ],
  sinks: [
    { call: 'RedirectView', class: 'open-redirect', where: 'redirect-target' },
    { call: 'ModelAndView', class: 'open-redirect', where: 'redirect-view' },
    { call: 'ModelAndView', class: 'template-injection', where: 'view-name' },
    { call: ['*.header', '*.add', '*.set'], arg: 1, class: 'open-redirect', where: 'location-header' },
    { call: ['*.location', '*.setLocation'], class: 'open-redirect', where: 'location-builder' },
    { call: '*.header', arg: [0, 1], class: 'header-injection', where: 'response-header' },
    {
      call: [
        '*.getForObject',
        '*.getForEntity',
        '*.postForObject',
        '*.postForEntity',
        '*.postForLocation',
        '*.patchForObject',
        '*.headForHeaders',
        '*.optionsForAllow',
        '*.exchange',
        '*.put',
        '*.delete',
        '*.execute',
      ],
      class: 'ssrf',
      where: 'rest-client',
    },
    { call: ['WebClient.create', '*.baseUrl', 'RequestEntity.{get,post,put,delete,patch,head,options}'], class: 'ssrf', where: 'request-target' },
    { call: 'RequestEntity.method', arg: 1, class: 'ssrf', where: 'request-target-second' },
  ],
  sanitizers: [
    { call: ['HtmlUtils.{htmlEscape,htmlEscapeDecimal,htmlEscapeHex}', 'JavaScriptUtils.javaScriptEscape'], class: 'xss' },
    {
      call: 'UriUtils.{encode,encodePath,encodePathSegment,encodeQueryParam,encodeQuery}',
      class: ['xss', 'path-traversal', 'header-injection', 'log-injection', 'open-redirect', 'ssrf', 'command-injection', 'ldap-injection', 'xpath-injection', 'sql-injection'],
    },
    { call: 'StringUtils.getFilename', class: 'path-traversal' },
    // ResponseCookie and ContentDisposition builders validate or encode what they are given.
    { call: ['ResponseCookie.{from,fromClientResponse}', 'ContentDisposition.{attachment,inline,formData}().filename'], class: 'header-injection' },
  ],
});

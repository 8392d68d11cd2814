import { defineModel } from '../schema.ts';

/**
 * The Servlet API (javax.servlet / jakarta.servlet): what a request carries, what a response
 * writes, redirects and headers, request dispatching inside the web application, session state.
 */
export default defineModel({
  name: 'servlet',
  language: 'java',
  sources: [
    {
      // HttpServletRequest and its cousins (multipart requests, portlet and wrapper requests) that read client data.
      call: '*.{getParameter,getParameterValues,getParameterMap,getParameterNames,getQueryString,getHeader,getHeaders,getHeaderNames,getCookies,getPathInfo,getPathTranslated,getRequestURI,getRequestURL,getPart,getParts,getSubmittedFileName}',
      kind: 'remote',
    },
    {
      // The body streams, on objects that go by a request's name (other objects have methods of the same name).
      call: [
        '{request,req,httpRequest,servletRequest,httpServletRequest,httpReq,hreq,hsr,serverRequest,webRequest,multipartRequest}.{getInputStream,getReader}',
        'this.{request,req,httpRequest,servletRequest,httpServletRequest,httpReq,hreq,hsr,serverRequest,webRequest,multipartRequest}.{getInputStream,getReader}',
        '*.getRequest().{getInputStream,getReader}',
        'getRequest().{getInputStream,getReader}',
      ],
      kind: 'remote',
    },
  ],
  sinks: [
    { call: ['*.print', '*.println', '*.write', '*.append'], class: 'xss', where: 'response-writer' },
    { call: ['*.printf', '*.format'], arg: 'all', class: 'xss', where: 'response-writer' },
    // The container writes an error page around the message.
    { call: '*.sendError', arg: 1, class: 'xss', where: 'http-response', cwe: ['CWE-79', 'CWE-81'] },
    // A cookie made from untrusted data (its value and attributes go into a Set-Cookie header).
    { call: '*.addCookie', class: 'header-injection', where: 'cookie-from-data' },
    { call: '*.sendRedirect', class: 'open-redirect', where: 'redirect-target' },
    { call: ['*.setHeader', '*.addHeader'], arg: 1, class: 'open-redirect', where: 'location-header' },
    { call: ['*.setHeader', '*.addHeader'], arg: [0, 1], class: 'header-injection', where: 'response-header' },
    // Includes and forwards to a server-side path (`/WEB-INF/views/` + page + `.jsp`).
    { call: ['*.getRequestDispatcher', '*.getRealPath', '*.getResource', '*.getResourceAsStream'], class: 'path-traversal', where: 'server-path' },
    { call: ['*.setAttribute', '*.putValue'], arg: [0, 1], class: 'trust-boundary-violation', where: 'session-store' },
  ],
  // JSTL's fn:escapeXml, called from Java.
  sanitizers: [{ call: 'Functions.escapeXml', class: 'xss' }],
});

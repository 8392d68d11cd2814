import { defineModel } from '../schema.ts';

const OBJECTS = '{$request,$req,$serverRequest,$httpRequest,$psrRequest}';
const METHODS = '{getQueryParams,getParsedBody,getAttribute,getAttributes,getCookieParams,getUploadedFiles,getHeader,getHeaderLine,getHeaders,getBody,getServerParams}';

/** PSR-7 server requests and responses (Slim, Mezzio, Guzzle PSR-7, Nyholm). */
export default defineModel({
  name: 'psr7',
  language: 'php',
  description: 'PSR-7 ServerRequestInterface getters, ResponseInterface bodies and headers (Slim, Mezzio, Laminas Diactoros, Nyholm)',
  sources: [{ path: [`${OBJECTS}.${METHODS}()`, `$this.request.${METHODS}()`], kind: 'remote' }],
  sinks: [
    { call: ['*.write'], class: 'xss', where: 'response-body' },
    { call: ['*.getBody().write'], class: 'xss' },
    { call: ['*.withHeader', '*.withAddedHeader'], class: 'header-injection' },
    { call: ['*.withHeader', '*.withAddedHeader'], arg: 1, class: 'open-redirect', where: 'location-header-value' },
    { call: '*.withRedirect', class: 'open-redirect', where: 'open-redirect-target' },
  ],
});

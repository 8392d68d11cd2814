import { defineModel } from '../schema.ts';

/** The browser DOM: the page URL, referrer, cookies and window name are the attacker's; markup and URL sinks. */
export default defineModel({
  name: 'browser',
  language: ['javascript', 'typescript'],
  description:
    'DOM sources (location, document.URL/referrer/cookie, window.name) and sinks (document.write, innerHTML, insertAdjacentHTML, setAttribute, element URLs, location assignments, window.open).',
  sources: [
    {
      path: [
        '{location,window,document,self,top}.location.{hash,search,href,pathname}',
        'location.{hash,search,href,pathname}',
        'window.document.location.{hash,search,href}',
        'window.document.{URL,documentURI,referrer,cookie,baseURI}',
        'document.{URL,documentURI,referrer,cookie,baseURI}',
        'window.name',
        // Conventional same-file helpers that read the page URL's query string.
        '{getParameterByName,getUrlParameter,getUrlParam,getURLParameter,getQueryParam,getQueryParameter,getQueryVariable,getQueryStringValue,getSearchParam,getHashParam,getUrlVars,getUrlVar,parseQueryString}()',
      ],
      kind: 'remote',
    },
  ],
  sinks: [
    // Markup APIs that are rarely fed anything but constants: the rest is reported whatever feeds it (low confidence).
    { call: ['document.write', 'document.writeln', 'window.document.write', 'window.document.writeln'], arg: 'all', class: 'xss', audit: true },
    { call: '*.insertAdjacentHTML', arg: 1, class: 'xss', audit: true },
    { call: ['*.createContextualFragment', '*.setHTMLUnsafe', 'Document.parseHTMLUnsafe'], class: 'xss' },
    { call: '*.setAttribute', arg: 1, class: 'xss', where: 'dangerous-attribute' },
    { call: ['execScript', 'window.execScript'], class: 'code-injection' },
    { call: ['location.{assign,replace}', '{window,document,self,top}.location.{assign,replace}', 'window.open'], class: 'open-redirect', where: 'redirect-target' },
  ],
  assignments: [
    { target: ['*.innerHTML', '*.outerHTML', '*.srcdoc'], class: 'xss', label: 'innerHTML' },
    { target: ['*.href', '*.src'], class: 'xss', where: 'url-property', label: 'a URL property' },
    {
      target: [
        'location',
        'location.href',
        'window.location',
        'window.location.href',
        'document.location',
        'document.location.href',
        'self.location',
        'top.location',
        'top.location.href',
      ],
      class: 'open-redirect',
      where: 'browser-location',
      label: 'the browser location',
    },
  ],
});

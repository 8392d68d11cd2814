import { defineModel } from '../schema.ts';

/**
 * Escaping and sanitizing packages (escape-html, he, entities, DOMPurify, sanitize-html, xss,
 * validator, shell-quote, sanitize-filename, escape-string-regexp, uuid…), and the conventional
 * names projects give their own escaping helpers (`escapeHtml`, `sanitize`, `shellEscape`).
 */
export default defineModel({
  name: 'sanitizers',
  language: ['javascript', 'typescript'],
  description: 'HTML, shell, file-name and regex escaping libraries and conventional helper names, with the classes each protects.',
  sanitizers: [
    { call: ['uuid.validate', 'validator.{toInt,toFloat,toBoolean,toDate,isInt,isNumeric,isUUID}'], class: 'all' },
    {
      call: 'qs.stringify',
      class: ['xss', 'path-traversal', 'command-injection', 'open-redirect', 'ssrf', 'header-injection', 'ldap-injection', 'xpath-injection', 'log-injection'],
    },
    {
      call: [
        'escape',
        'escapeHtml',
        'escapeHTML',
        'htmlEscape',
        'encodeHTML',
        'encodeHtml',
        'escape-html',
        'html-escaper.escape',
        'escapeHtmlEntities',
        'he.{encode,escape}',
        'entities.{encode,encodeHTML,escape,encodeXML}',
        'validator.escape',
        '{DOMPurify,dompurify,purify,DomPurify}.sanitize',
        '{dompurify,isomorphic-dompurify}.sanitize',
        'sanitizeHtml',
        'sanitize-html',
        'sanitize',
        'xss',
        'filterXSS',
        'xss.filterXSS',
        'xmlescape',
        'xml-escape',
        'escapeXml',
        'escapeXML',
        'textContent',
        'htmlspecialchars',
        'escapeHTMLString',
        'sanitizeHTML',
        'sanitizeHtmlString',
        'stripTags',
        'striptags',
        'xss-filters.*',
        'xssFilters.*',
        'serialize-javascript',
        'serialize',
        'jsesc',
        'JSON5.stringify',
      ],
      class: ['xss', 'xpath-injection'],
    },
    { call: '*.sanitize', class: 'xss' },
    {
      call: ['shell-quote.quote', 'shellQuote.quote', 'quote', 'shellEscape', 'shell-escape', 'escapeShellArg', 'shescape.{quote,escape}', 'shellescape'],
      class: 'command-injection',
    },
    { call: ['basename', 'sanitize-filename', 'sanitizeFilename', 'filenamify', 'sanitizePath', 'sanitizeFilePath', 'sanitizer'], class: 'path-traversal' },
    { call: ['escapeRegExp', 'escapeRegex', 'escapeRegExpString', 'escape-string-regexp', 'regexEscape', 'quotemeta'], class: 'regex-injection' },
  ],
});

import { defineModel } from '../schema.ts';

/** OWASP ESAPI: the Encoder's `encodeFor…` methods. */
export default defineModel({
  name: 'esapi',
  language: 'java',
  sanitizers: [
    { call: '*.{encodeForHTML,encodeForHTMLAttribute,encodeForJavaScript,encodeForCSS,encodeForXML,encodeForXMLAttribute,encodeForVBScript}', class: 'xss' },
    { call: '*.{encodeForXML,encodeForXMLAttribute,encodeForXPath}', class: 'xpath-injection' },
    { call: '*.encodeForSQL', class: 'sql-injection' },
    { call: '*.{encodeForLDAP,encodeForDN}', class: 'ldap-injection' },
    { call: '*.encodeForOS', class: 'command-injection' },
    {
      call: '*.encodeForURL',
      class: ['xss', 'path-traversal', 'header-injection', 'log-injection', 'open-redirect', 'ssrf', 'command-injection', 'ldap-injection', 'xpath-injection', 'sql-injection'],
    },
  ],
});

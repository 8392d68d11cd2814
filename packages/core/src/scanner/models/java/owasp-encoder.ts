import { defineModel } from '../schema.ts';

/** The OWASP Java Encoder: contextual output encoding. */
export default defineModel({
  name: 'owasp-encoder',
  language: 'java',
  sanitizers: [
    {
      call: 'Encode.{forHtml,forHtmlContent,forHtmlAttribute,forHtmlUnquotedAttribute,forJavaScript,forJavaScriptAttribute,forJavaScriptBlock,forJavaScriptSource,forXml,forXmlContent,forXmlAttribute,forXmlComment,forCssString,forCssUrl,forUri,forUriComponent,forCDATA}',
      class: 'xss',
    },
    { call: 'Encode.{forXml,forXmlContent,forXmlAttribute}', class: 'xpath-injection' },
    {
      call: 'Encode.{forUri,forUriComponent}',
      class: ['xss', 'path-traversal', 'header-injection', 'log-injection', 'open-redirect', 'ssrf', 'command-injection', 'ldap-injection', 'xpath-injection', 'sql-injection'],
    },
    { call: 'Encode.forJava', class: ['log-injection', 'header-injection'] },
  ],
});

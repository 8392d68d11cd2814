import { defineModel } from '../schema.ts';

/** Apache Commons Text (and Lang's older copy): StringEscapeUtils escapes for HTML, XML, Java and JSON. */
export default defineModel({
  name: 'commons-text',
  language: 'java',
  sanitizers: [
    { call: '{StringEscapeUtils,StringEscapers}.{escapeHtml4,escapeHtml3,escapeHtml,escapeXml,escapeXml10,escapeXml11,escapeEcmaScript,escapeJavaScript}', class: 'xss' },
    { call: '{StringEscapeUtils,StringEscapers}.{escapeXml,escapeXml10,escapeXml11}', class: 'xpath-injection' },
    { call: 'StringEscapeUtils.{escapeJava,escapeJson}', class: ['log-injection', 'header-injection'] },
  ],
});

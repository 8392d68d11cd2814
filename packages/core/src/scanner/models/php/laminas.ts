import { defineModel } from '../schema.ts';

/** Laminas (Zend Framework) Escaper and HTML Purifier: context-specific escaping of markup. */
export default defineModel({
  name: 'laminas',
  language: 'php',
  description: 'Laminas\\Escaper\\Escaper (escapeHtml, escapeHtmlAttr, escapeJs, escapeCss, escapeUrl) and HTMLPurifier::purify',
  sanitizers: [{ call: ['*.escapeHtml', '*.escapeHtmlAttr', '*.escapeJs', '*.escapeCss', '*.escapeUrl', '*.purify'], class: 'xss' }],
});

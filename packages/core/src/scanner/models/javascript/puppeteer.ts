import { defineModel } from '../schema.ts';

const PAGE = ['*.goto', '*.setContent', '*.evaluate', '*.evaluateOnNewDocument', '*.addInitScript', '*.addScriptTag'];

/**
 * Headless browsers driven by the server (Puppeteer, Playwright, PhantomJS) and HTML-to-PDF
 * renderers (wkhtmltopdf, chrome-remote-interface): the page they load, the markup they render and
 * the script they run can reach the server's own network. A target that is not fixed by the code
 * is reported whatever feeds it, at low confidence (not in test code).
 */
export default defineModel({
  name: 'puppeteer',
  language: ['javascript', 'typescript'],
  description:
    'Puppeteer/Playwright/PhantomJS page navigation, content and scripts, wkhtmltopdf/wkhtmltoimage inputs and chrome-remote-interface Page/Runtime commands as SSRF sinks.',
  sinks: [
    {
      call: PAGE,
      class: 'ssrf',
      where: 'headless-page',
      imports: ['puppeteer', 'puppeteer-core', 'playwright', 'playwright-core', 'playwright-chromium', '@playwright/test'],
      audit: true,
      label: 'a headless browser',
    },
    { call: '*.goto', class: 'ssrf', where: 'browser-page', label: 'a headless browser' },
    { call: ['*.open', '*.openUrl', '*.setContent', '*.evaluateJavaScript'], class: 'ssrf', where: 'headless-page', imports: 'phantom', audit: true, label: 'a PhantomJS page' },
    { call: '*.property', arg: 1, class: 'ssrf', where: 'headless-page', imports: 'phantom', audit: true, label: 'a PhantomJS page' },
    { call: ['wkhtmltopdf', 'wkhtmltoimage.generate'], class: 'ssrf', where: 'outside-tests', audit: true },
    {
      call: [
        '*.{Runtime,runtime}.{evaluate,compileScript}',
        '{Runtime,runtime}.{evaluate,compileScript}',
        '*.{Page,page}.{navigate,printToPDF,setDocumentContent}',
        '{Page,page}.{navigate,printToPDF,setDocumentContent}',
      ],
      // The options that choose what loads or runs (`Page.navigate({ url })`, `Runtime.evaluate({ expression })`).
      keyword: ['url', 'expression', 'html', 'headerTemplate', 'footerTemplate'],
      class: 'ssrf',
      imports: 'chrome-remote-interface',
      where: 'outside-tests',
      audit: true,
      label: 'a Chrome DevTools command',
    },
  ],
});

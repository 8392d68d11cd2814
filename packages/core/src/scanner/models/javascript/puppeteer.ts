import { defineModel } from '../schema.ts';

/** Headless browsers (Puppeteer, Playwright): a page navigating to a URL the input chooses reaches the server's network. */
export default defineModel({
  name: 'puppeteer',
  language: ['javascript', 'typescript'],
  description: 'page.goto of a Puppeteer/Playwright page as an SSRF sink.',
  sinks: [{ call: '*.goto', class: 'ssrf', where: 'browser-page', label: 'a headless browser' }],
});

import { defineModel } from '../schema.ts';

/** jQuery: `$(html)` parses markup, and the DOM-manipulation methods insert it. */
export default defineModel({
  name: 'jquery',
  language: ['javascript', 'typescript'],
  description: 'jQuery markup sinks ($(html), .html(), .append() and friends, $.parseHTML), globalEval, and deep $.extend of request objects.',
  sinks: [
    { call: ['$', 'jQuery', 'jquery'], class: 'xss', where: 'jquery-html', label: 'jQuery()' },
    { call: '{$,jQuery,jquery}.parseHTML', class: 'xss' },
    {
      call: ['*.html', '*.append', '*.prepend', '*.after', '*.before', '*.replaceWith', '*.wrap', '*.wrapAll', '*.wrapInner', '*.appendTo', '*.prependTo'],
      class: 'xss',
      where: 'jquery-receiver',
    },
    { call: '{$,jQuery}.globalEval', class: 'code-injection' },
    { call: '{$,jQuery,jquery}.extend', arg: [2, 3, 4], class: 'prototype-pollution', where: 'deep-extend' },
  ],
});

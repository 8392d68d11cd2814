import { defineModel } from '../schema.ts';

/** MarkupSafe: `Markup(x)` declares x safe HTML (never for input); `escape(x)` makes it so. */
export default defineModel({
  name: 'markupsafe',
  language: 'python',
  sinks: [
    { call: ['markupsafe.Markup', 'Markup'], arg: 0, class: 'xss' },
    // `Markup.unescape(x)` turns entities back into markup.
    { call: ['markupsafe.Markup.unescape', 'Markup.unescape', 'flask.Markup.unescape', 'jinja2.Markup.unescape'], arg: 0, class: 'xss' },
  ],
  sanitizers: [{ call: ['markupsafe.escape', 'markupsafe.Markup.escape', 'Markup.escape'], class: ['xss', 'xpath-injection'] }],
});

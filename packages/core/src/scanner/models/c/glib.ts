import { defineModel } from '../schema.ts';

/** GLib: environment, command lines run through the shell, and its escaping helpers. */
export default defineModel({
  name: 'glib',
  language: ['c', 'cpp'],
  description: 'GLib: g_getenv, g_spawn_command_line_*, g_snprintf, and g_shell_quote / g_markup_escape_text / g_path_get_basename.',
  sources: [{ call: 'g_getenv', kind: 'local' }],
  sinks: [{ call: ['g_spawn_command_line_sync', 'g_spawn_command_line_async'], class: 'command-injection' }],
  sanitizers: [
    { call: 'g_path_get_basename', class: 'path-traversal' },
    { call: 'g_shell_quote', class: 'command-injection' },
    { call: 'g_markup_escape_text', class: ['xss', 'xpath-injection'] },
  ],
  validators: [{ call: 'g_regex_match' }],
  propagators: [{ call: 'g_snprintf', from: [2], rest: true, to: 0, format: true }],
});

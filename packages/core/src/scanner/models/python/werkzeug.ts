import { defineModel } from '../schema.ts';

/** Werkzeug, under Flask and other WSGI apps: responses, redirects, files, safe names and paths. */
export default defineModel({
  name: 'werkzeug',
  language: 'python',
  sinks: [
    { call: ['werkzeug.Response', 'werkzeug.wrappers.Response'], arg: 0, keyword: ['response', 'content', 'body'], class: 'xss', where: 'html-response' },
    { call: 'werkzeug.utils.redirect', arg: 0, keyword: ['location', 'url', 'redirect_to', 'to'], class: 'open-redirect', where: 'offsite-redirect' },
    {
      call: 'werkzeug.utils.send_file',
      arg: 0,
      keyword: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'],
      class: 'path-traversal',
      where: 'unchecked-path',
    },
    { call: 'werkzeug.utils.import_string', arg: 0, keyword: 'import_name', class: 'unsafe-reflection' },
  ],
  assignments: [
    // `response.headers["Location"] = next_url`
    { target: ['*.headers.Location', '*.headers.location'], class: 'open-redirect', where: 'offsite-location', label: 'the Location header' },
  ],
  sanitizers: [
    { call: ['werkzeug.utils.secure_filename', 'secure_filename', 'werkzeug.secure_filename', 'werkzeug.utils.safe_join', 'werkzeug.security.safe_join'], class: 'path-traversal' },
  ],
});

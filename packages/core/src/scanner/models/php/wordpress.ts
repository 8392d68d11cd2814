import { defineModel } from '../schema.ts';

const REST_OBJECTS = '{$request,$req}';
const REST_METHODS = '{get_param,get_params,get_query_params,get_body_params,get_json_params,get_url_params,get_file_params,get_header,get_headers,get_body}';

/** WordPress: REST requests and query vars, $wpdb, the HTTP API, redirects, and its escaping and sanitizing functions. */
export default defineModel({
  name: 'wordpress',
  language: 'php',
  description: 'WordPress core: WP_REST_Request, get_query_var, $wpdb, wp_remote_*, wp_redirect, esc_*, sanitize_*, wp_kses*',
  sources: [{ path: [`${REST_OBJECTS}.${REST_METHODS}()`, `$this.request.${REST_METHODS}()`, 'get_query_var()'], kind: 'remote' }],
  sinks: [
    { call: ['*.get_results', '*.get_row', '*.get_var', '*.get_col'], class: 'sql-injection' },
    // `$wpdb` queries built from values of unknown origin (`"… WHERE id = $id"`), whatever feeds them: `$wpdb->prepare()` is the way.
    { call: '$wpdb.{get_results,get_row,get_var,get_col,query}', class: 'sql-injection', audit: true },
    { call: ['wp_remote_get', 'wp_remote_post', 'wp_remote_request', 'wp_remote_head', 'download_url'], class: 'ssrf' },
    { call: 'wp_redirect', class: 'open-redirect', where: 'open-redirect-target' },
    { call: 'maybe_unserialize', class: 'unsafe-deserialization', audit: true },
  ],
  sanitizers: [
    { call: ['absint', 'sanitize_key', 'sanitize_title', 'sanitize_title_with_dashes', 'wp_create_nonce'], class: 'all' },
    {
      call: [
        'esc_html',
        'esc_attr',
        'esc_url',
        'esc_js',
        'esc_textarea',
        'esc_xml',
        'esc_html__',
        'esc_attr__',
        'wp_kses',
        'wp_kses_post',
        'wp_kses_data',
        'sanitize_text_field',
        'sanitize_textarea_field',
        'sanitize_email',
        'sanitize_user',
        'wp_json_encode',
      ],
      class: 'xss',
    },
    { call: ['esc_sql', '*.esc_like', '$wpdb.prepare'], class: 'sql-injection' },
    { call: ['sanitize_file_name', 'wp_basename'], class: 'path-traversal' },
    { call: ['wp_validate_redirect', 'wp_sanitize_redirect'], class: 'open-redirect' },
  ],
  validators: [{ call: 'wp_validate_redirect' }],
});

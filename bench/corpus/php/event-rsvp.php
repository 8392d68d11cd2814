<?php
/**
 * Plugin Name: Simple Event RSVP
 * Description: RSVP form and attendee list for events.
 * Version:     1.4.2
 * Author:      Local Web Co.
 */

if (!defined('ABSPATH')) {
    exit;
}

global $rsvp_db_version;
$rsvp_db_version = '1.2';

register_activation_hook(__FILE__, 'rsvp_install');
function rsvp_install()
{
    global $wpdb;
    $table = $wpdb->prefix . 'rsvp';
    $charset = $wpdb->get_charset_collate();
    require_once ABSPATH . 'wp-admin/includes/upgrade.php';
    dbDelta("CREATE TABLE $table (
        id mediumint(9) NOT NULL AUTO_INCREMENT,
        event_id bigint(20) NOT NULL,
        name varchar(100) NOT NULL,
        email varchar(100) NOT NULL,
        guests tinyint NOT NULL DEFAULT 0,
        PRIMARY KEY  (id)
    ) $charset;");
}

add_action('init', 'rsvp_handle_submit');
function rsvp_handle_submit()
{
    if (empty($_POST['rsvp_nonce']) || !wp_verify_nonce($_POST['rsvp_nonce'], 'rsvp_submit')) {
        return;
    }
    global $wpdb;
    $wpdb->insert(
        $wpdb->prefix . 'rsvp',
        [
            'event_id' => absint($_POST['event_id']),
            'name'     => sanitize_text_field($_POST['name']),
            'email'    => sanitize_email($_POST['email']),
            'guests'   => min(10, absint($_POST['guests'])),
        ],
        ['%d', '%s', '%s', '%d']
    );
}

add_shortcode('rsvp_attendees', 'rsvp_attendees_shortcode');
function rsvp_attendees_shortcode($atts)
{
    global $wpdb;
    $atts = shortcode_atts(['event' => 0], $atts);
    $table = $wpdb->prefix . 'rsvp';

    $rows = $wpdb->get_results(
        $wpdb->prepare("SELECT name, guests FROM $table WHERE event_id = %d ORDER BY name", $atts['event'])
    );

    $html = '<ul class="rsvp-list">';
    foreach ($rows as $row) {
        $html .= '<li>' . esc_html($row->name) . ' (+' . (int) $row->guests . ')</li>';
    }
    return $html . '</ul>';
}

// Admin page: search and cancel RSVPs
add_action('admin_menu', function () {
    add_menu_page('RSVPs', 'RSVPs', 'edit_posts', 'rsvp-admin', 'rsvp_admin_page');
});

function rsvp_admin_page()
{
    global $wpdb;
    $table = $wpdb->prefix . 'rsvp';

    if (isset($_GET['cancel'])) {
        $rsvpId = $_GET['cancel'];
        // expect: CWE-89
        $wpdb->query("DELETE FROM $table WHERE id = $rsvpId");
        echo '<div class="notice notice-success"><p>Cancelled.</p></div>';
    }

    $search = isset($_GET['s']) ? wp_unslash($_GET['s']) : '';
    $like = '%' . $wpdb->esc_like($search) . '%';
    $rows = $wpdb->get_results($wpdb->prepare("SELECT * FROM $table WHERE name LIKE %s OR email LIKE %s", $like, $like));

    echo '<div class="wrap"><h1>RSVPs</h1>';
    // expect: CWE-79
    echo '<p>Showing results for: ' . $_GET['s'] . '</p>';
    echo '<form><input type="hidden" name="page" value="rsvp-admin"><input name="s" value="' . esc_attr($search) . '"></form>';
    echo '<table class="widefat">';
    foreach ($rows as $r) {
        printf('<tr><td>%s</td><td>%s</td><td>%d</td></tr>', esc_html($r->name), esc_html($r->email), (int) $r->guests);
    }
    echo '</table></div>';
}

// Calendar import from a remote iCal feed configured by the visitor's preferences
add_action('wp_ajax_nopriv_rsvp_calendar', 'rsvp_calendar');
add_action('wp_ajax_rsvp_calendar', 'rsvp_calendar');
function rsvp_calendar()
{
    $prefs = [];
    if (!empty($_COOKIE['rsvp_prefs'])) {
        // expect: CWE-502
        $prefs = unserialize(base64_decode($_COOKIE['rsvp_prefs']));
    }
    $feed = isset($_GET['feed']) ? esc_url_raw($_GET['feed']) : ($prefs['feed'] ?? '');
    if (!$feed) {
        wp_send_json_error('no feed');
    }
    // expect: CWE-918
    $response = wp_remote_get($feed, ['timeout' => 5]);
    if (is_wp_error($response)) {
        wp_send_json_error($response->get_error_message());
    }
    wp_send_json_success(['ics' => wp_remote_retrieve_body($response)]);
}

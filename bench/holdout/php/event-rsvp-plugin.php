<?php
/**
 * Plugin Name: Simple Event RSVP
 * Description: RSVP forms and attendee lists for community events.
 * Version: 1.4.2
 */

if (!defined('ABSPATH')) {
    exit;
}

define('SER_TABLE', 'ser_rsvps');

register_activation_hook(__FILE__, function () {
    global $wpdb;
    $table = $wpdb->prefix . SER_TABLE;
    $charset = $wpdb->get_charset_collate();
    require_once ABSPATH . 'wp-admin/includes/upgrade.php';
    dbDelta("CREATE TABLE $table (
        id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
        event_id bigint(20) unsigned NOT NULL,
        name varchar(120) NOT NULL,
        email varchar(190) NOT NULL,
        guests tinyint unsigned NOT NULL DEFAULT 0,
        created_at datetime NOT NULL,
        PRIMARY KEY  (id)
    ) $charset;");
});

add_shortcode('event_rsvp', function ($atts) {
    $atts = shortcode_atts(['event' => 0], $atts);
    $event_id = absint($atts['event']);
    ob_start();
    ?>
    <form method="post" class="ser-form">
        <?php wp_nonce_field('ser_rsvp_' . $event_id, 'ser_nonce'); ?>
        <input type="hidden" name="ser_event" value="<?php echo esc_attr($event_id); ?>">
        <input name="ser_name" required placeholder="<?php esc_attr_e('Your name', 'ser'); ?>">
        <input name="ser_email" type="email" required>
        <input name="ser_guests" type="number" min="0" max="5" value="0">
        <button type="submit"><?php esc_html_e('RSVP', 'ser'); ?></button>
    </form>
    <?php
    if (isset($_GET['rsvp_name'])) {
        // expect: CWE-79
        echo '<p class="ser-thanks">Thanks, ' . $_GET['rsvp_name'] . '! See you there.</p>';
    }
    return ob_get_clean();
});

add_action('init', function () {
    if (empty($_POST['ser_event'])) {
        return;
    }
    $event_id = absint($_POST['ser_event']);
    if (!wp_verify_nonce($_POST['ser_nonce'] ?? '', 'ser_rsvp_' . $event_id)) {
        return;
    }
    global $wpdb;
    $wpdb->insert(
        $wpdb->prefix . SER_TABLE,
        [
            'event_id' => $event_id,
            'name' => sanitize_text_field(wp_unslash($_POST['ser_name'])),
            'email' => sanitize_email(wp_unslash($_POST['ser_email'])),
            'guests' => min(5, absint($_POST['ser_guests'])),
            'created_at' => current_time('mysql'),
        ],
        ['%d', '%s', '%s', '%d', '%s']
    );
    wp_safe_redirect(add_query_arg('rsvp_name', rawurlencode(sanitize_text_field(wp_unslash($_POST['ser_name']))), wp_get_referer() ?: home_url('/')));
    exit;
});

add_action('wp_ajax_ser_attendees', function () {
    if (!current_user_can('edit_posts')) {
        wp_send_json_error('forbidden', 403);
    }
    global $wpdb;
    $table = $wpdb->prefix . SER_TABLE;
    $event = $_REQUEST['event'];
    $search = isset($_REQUEST['s']) ? $_REQUEST['s'] : '';
    $sql = "SELECT name, email, guests FROM $table WHERE event_id = $event";
    if ($search !== '') {
        $sql .= " AND (name LIKE '%$search%' OR email LIKE '%$search%')";
    }
    // expect: CWE-89
    $rows = $wpdb->get_results($sql, ARRAY_A);
    wp_send_json_success($rows);
});

add_action('wp_ajax_ser_count', function () {
    if (!current_user_can('edit_posts')) {
        wp_send_json_error('forbidden', 403);
    }
    global $wpdb;
    $table = $wpdb->prefix . SER_TABLE;
    $count = $wpdb->get_var($wpdb->prepare("SELECT SUM(1 + guests) FROM $table WHERE event_id = %d", absint($_GET['event'])));
    wp_send_json_success(['count' => (int) $count]);
});

add_action('admin_menu', function () {
    add_menu_page('RSVPs', 'RSVPs', 'edit_posts', 'ser-rsvps', function () {
        global $wpdb;
        $table = $wpdb->prefix . SER_TABLE;
        $event = isset($_GET['event']) ? absint($_GET['event']) : 0;
        $rows = $wpdb->get_results($wpdb->prepare("SELECT name, email, guests FROM $table WHERE event_id = %d ORDER BY created_at", $event));
        echo '<div class="wrap"><h1>' . esc_html__('RSVPs', 'ser') . '</h1>';
        if (!empty($_GET['filter'])) {
            // expect: CWE-79
            echo '<p>Filtered by: ' . stripslashes($_GET['filter']) . '</p>';
        }
        echo '<table class="widefat"><tbody>';
        foreach ($rows as $r) {
            printf('<tr><td>%s</td><td>%s</td><td>%d</td></tr>', esc_html($r->name), esc_html($r->email), (int) $r->guests);
        }
        echo '</tbody></table></div>';
    });
});

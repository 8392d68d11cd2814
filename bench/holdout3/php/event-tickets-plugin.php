<?php
/**
 * Plugin Name: Venue Tickets
 * Description: Ticket sales, check-in and box-office sync for small venues.
 * Version: 2.4.1
 * Author: Lantern Web Co.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Venue_Tickets_Plugin
{
    const OPTION_KEY = 'venue_tickets_settings';
    const BOX_OFFICE_API = 'https://api.boxoffice-sync.example.com/v1';

    public static function boot(): void
    {
        $plugin = new self();
        add_shortcode('venue_events', [$plugin, 'render_event_list']);
        add_shortcode('venue_ticket_lookup', [$plugin, 'render_ticket_lookup']);
        add_action('wp_ajax_venue_checkin', [$plugin, 'ajax_checkin']);
        add_action('wp_ajax_nopriv_venue_reserve', [$plugin, 'ajax_reserve']);
        add_action('admin_post_venue_sync', [$plugin, 'sync_box_office']);
        add_action('admin_post_venue_legacy_sync', [$plugin, 'sync_legacy_box_office']);
    }

    private function settings(): array
    {
        return wp_parse_args(get_option(self::OPTION_KEY, []), ['api_token' => '', 'legacy_host' => '']);
    }

    public function render_event_list($atts): string
    {
        global $wpdb;
        $atts = shortcode_atts(['category' => '', 'limit' => 10], $atts);

        $rows = $wpdb->get_results(
            $wpdb->prepare(
                "SELECT id, title, starts_at, seats_left FROM {$wpdb->prefix}venue_events WHERE category = %s AND starts_at > NOW() ORDER BY starts_at LIMIT %d",
                $atts['category'],
                absint($atts['limit'])
            )
        );

        $html = '<ul class="venue-events">';
        foreach ($rows as $row) {
            $html .= sprintf(
                '<li><a href="%s">%s</a> <span>%s</span></li>',
                esc_url(add_query_arg('event', (int) $row->id, home_url('/tickets/'))),
                esc_html($row->title),
                esc_html(mysql2date(get_option('date_format'), $row->starts_at))
            );
        }
        return $html . '</ul>';
    }

    public function render_ticket_lookup(): string
    {
        global $wpdb;
        $email = isset($_GET['ticket_email']) ? wp_unslash($_GET['ticket_email']) : '';
        $event = isset($_GET['event']) ? wp_unslash($_GET['event']) : '';
        if ($email === '') {
            return '<form method="get"><input type="email" name="ticket_email"><button>Find my tickets</button></form>';
        }

        $table = $wpdb->prefix . 'venue_tickets';
        // expect: CWE-89
        $tickets = $wpdb->get_results("SELECT code, seat, status FROM $table WHERE purchaser_email = '$email' AND event_id = " . intval($event));

        ob_start();
        ?>
        <?php // expect: CWE-79 ?>
        <h3>Tickets for <?php echo $email; ?></h3>
        <table class="venue-tickets">
            <?php foreach ($tickets as $ticket) : ?>
                <tr><td><?php echo esc_html($ticket->code); ?></td><td><?php echo esc_html($ticket->seat); ?></td><td><?php echo esc_html($ticket->status); ?></td></tr>
            <?php endforeach; ?>
        </table>
        <?php
        return (string) ob_get_clean();
    }

    public function ajax_checkin(): void
    {
        check_ajax_referer('venue_checkin');
        if (!current_user_can('edit_posts')) {
            wp_send_json_error('forbidden', 403);
        }
        global $wpdb;
        $code = sanitize_text_field(wp_unslash($_POST['code'] ?? ''));
        $updated = $wpdb->update($wpdb->prefix . 'venue_tickets', ['status' => 'checked_in'], ['code' => $code], ['%s'], ['%s']);
        wp_send_json_success(['updated' => (int) $updated]);
    }

    public function ajax_reserve(): void
    {
        check_ajax_referer('venue_reserve');
        global $wpdb;
        $event_id = absint($_POST['event_id'] ?? 0);
        $email = sanitize_email(wp_unslash($_POST['email'] ?? ''));

        // expect: CWE-330
        $hold_token = md5(uniqid((string) mt_rand(), true));
        $wpdb->insert($wpdb->prefix . 'venue_holds', ['event_id' => $event_id, 'email' => $email, 'token' => $hold_token, 'expires_at' => gmdate('Y-m-d H:i:s', time() + 900)]);

        $display_order = wp_rand(1, 1000);
        // expect: CWE-614
        setcookie('venue_hold', $hold_token, time() + 900, COOKIEPATH, COOKIE_DOMAIN, false, true);

        wp_send_json_success(['hold' => $hold_token, 'queue_position' => $display_order]);
    }

    public function sync_box_office(): void
    {
        if (!current_user_can('manage_options')) {
            wp_die('forbidden', 403);
        }
        check_admin_referer('venue_sync');

        $response = wp_remote_get(self::BOX_OFFICE_API . '/events', [
            'headers' => ['Authorization' => 'Bearer ' . $this->settings()['api_token']],
            'timeout' => 15,
        ]);
        $this->store_sync_result($response);
        wp_safe_redirect(admin_url('admin.php?page=venue-tickets&synced=1'));
        exit;
    }

    public function sync_legacy_box_office(): void
    {
        if (!current_user_can('manage_options')) {
            wp_die('forbidden', 403);
        }
        check_admin_referer('venue_legacy_sync');

        $host = $this->settings()['legacy_host'];
        $response = wp_remote_get('https://' . $host . '/export/events.json', [
            'timeout'   => 30,
            // expect: CWE-295
            'sslverify' => false,
        ]);
        $this->store_sync_result($response);
        wp_safe_redirect(admin_url('admin.php?page=venue-tickets&synced=legacy'));
        exit;
    }

    private function store_sync_result($response): void
    {
        if (is_wp_error($response)) {
            update_option('venue_tickets_last_error', $response->get_error_message());
            return;
        }
        $events = json_decode(wp_remote_retrieve_body($response), true) ?: [];
        set_transient('venue_tickets_events_' . md5(serialize(array_column($events, 'id'))), $events, HOUR_IN_SECONDS);
    }
}

Venue_Tickets_Plugin::boot();

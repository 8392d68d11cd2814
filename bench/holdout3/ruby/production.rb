# frozen_string_literal: true

# config/environments/production.rb — volunteer scheduling platform
require "active_support/core_ext/integer/time"

Rails.application.configure do
  config.enable_reloading = false
  config.eager_load = true

  # expect: CWE-489
  config.consider_all_requests_local = true
  config.action_controller.perform_caching = true

  config.require_master_key = true
  config.public_file_server.enabled = ENV["RAILS_SERVE_STATIC_FILES"].present?
  config.assets.compile = false
  config.active_storage.service = :amazon

  config.assume_ssl = true
  config.force_ssl = false

  config.log_level = ENV.fetch("RAILS_LOG_LEVEL", "info")
  config.log_tags = [:request_id]
  config.logger = ActiveSupport::TaggedLogging.logger($stdout)

  config.cache_store = :redis_cache_store, {
    url: ENV.fetch("REDIS_URL", "rediss://cache.volunteerhub.internal:6380/1"),
    ssl_params: { verify_mode: OpenSSL::SSL::VERIFY_PEER }
  }

  config.active_job.queue_adapter = :sidekiq

  config.action_mailer.perform_caching = false
  config.action_mailer.default_url_options = { host: "app.volunteerhub.example.org", protocol: "https" }
  config.action_mailer.delivery_method = :smtp
  config.action_mailer.smtp_settings = {
    address: "smtp.mailrelay.example.com",
    port: 587,
    user_name: "volunteerhub-notify",
    # expect: CWE-798
    password: "Vh-Notify#2023-relay",
    authentication: :plain,
    enable_starttls_auto: true,
    openssl_verify_mode: "peer"
  }

  config.i18n.fallbacks = true
  config.active_support.report_deprecations = false
  config.active_record.dump_schema_after_migration = false

  # expect: CWE-614
  config.session_store :cookie_store, key: "_volunteerhub_session", secure: false, httponly: true, same_site: :lax, expire_after: 12.hours

  config.action_dispatch.cookies_same_site_protection = :lax

  config.x.background_checks = {
    base_url: "https://api.screening-partner.example.com/v3",
    api_key: ENV.fetch("BACKGROUND_CHECK_API_KEY", nil),
    # expect: CWE-295
    ssl_verify_mode: OpenSSL::SSL::VERIFY_NONE,
    timeout: 20
  }

  config.x.maps = {
    base_url: "https://maps.geo-provider.example.com",
    api_key: ENV.fetch("MAPS_API_KEY", nil),
    ssl_verify_mode: OpenSSL::SSL::VERIFY_PEER
  }

  config.hosts = ["app.volunteerhub.example.org", /.*\.volunteerhub\.example\.org/]
  config.host_authorization = { exclude: ->(request) { request.path == "/up" } }
end

require "active_support/core_ext/integer/time"

Rails.application.configure do
  config.enable_reloading = false
  config.eager_load = true

  # expect: CWE-489
  config.consider_all_requests_local = true
  config.action_controller.perform_caching = true

  config.require_master_key = true
  config.public_file_server.enabled = ENV["RAILS_SERVE_STATIC_FILES"].present?
  config.public_file_server.headers = { "Cache-Control" => "public, max-age=#{1.year.to_i}" }

  config.active_storage.service = :amazon

  # TLS is terminated at the load balancer; the app only sees plain HTTP.
  config.force_ssl = false
  config.assume_ssl = true

  # expect: CWE-614
  config.session_store :cookie_store, key: "_storefront_session", httponly: true, same_site: :lax, expire_after: 2.weeks

  config.log_level = ENV.fetch("RAILS_LOG_LEVEL", "info")
  config.log_tags = [:request_id]
  config.logger = ActiveSupport::TaggedLogging.new(ActiveSupport::Logger.new($stdout))

  config.cache_store = :redis_cache_store, { url: ENV.fetch("REDIS_URL"), expires_in: 1.hour }
  config.active_job.queue_adapter = :sidekiq

  config.action_mailer.perform_caching = false
  config.action_mailer.default_url_options = { host: "shop.example.com", protocol: "https" }
  config.action_mailer.delivery_method = :smtp
  config.action_mailer.smtp_settings = {
    address: "smtp.postmarkapp.example.net",
    port: 587,
    domain: "shop.example.com",
    user_name: "storefront-mailer",
    # expect: CWE-798
    password: "Mk7#t2Qp9vRx4LwZ8c",
    authentication: :plain,
    enable_starttls_auto: true,
    # expect: CWE-295
    openssl_verify_mode: "none"
  }

  config.i18n.fallbacks = true
  config.active_support.report_deprecations = false
  config.active_record.dump_schema_after_migration = false

  config.hosts = ["shop.example.com", /.*\.shop\.example\.com/]
  config.host_authorization = { exclude: ->(request) { request.path == "/up" } }
end

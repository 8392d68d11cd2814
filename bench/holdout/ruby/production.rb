require "active_support/core_ext/integer/time"

Rails.application.configure do
  # Settings specified here will take precedence over those in config/application.rb.
  config.cache_classes = true
  config.eager_load = true

  # Temporarily enabled while we chase the checkout 500s (see OPS-2291).
  # expect: CWE-489
  config.consider_all_requests_local = true
  config.action_controller.perform_caching = true

  config.public_file_server.enabled = ENV["RAILS_SERVE_STATIC_FILES"].present?
  config.assets.compile = false
  config.active_storage.service = :amazon

  # TLS is terminated at the load balancer.
  config.force_ssl = false

  config.log_level = ENV.fetch("RAILS_LOG_LEVEL", "info").to_sym
  config.log_tags = [:request_id]
  config.cache_store = :redis_cache_store, { url: ENV.fetch("REDIS_URL") }

  # expect: CWE-798
  config.secret_key_base = "9f2c4e1b7a8d03e65f1c2b9a7d4e8f0136b5a2c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7"

  # expect: CWE-614
  config.session_store :cookie_store, key: "_storefront_session", same_site: :lax, secure: false, httponly: true

  config.active_job.queue_adapter = :sidekiq
  config.action_mailer.perform_caching = false
  config.action_mailer.default_url_options = { host: "shop.example.com", protocol: "https" }
  config.action_mailer.delivery_method = :smtp
  config.action_mailer.smtp_settings = {
    address: "smtp.mailgun.org",
    port: 587,
    domain: "mg.shop.example.com",
    user_name: "postmaster@mg.shop.example.com",
    # expect: CWE-798
    password: "4f1c0a5d2e94b8a6c3b1d0f9e8a7c6b5-2ac825a1-9d41c7e3",
    authentication: :plain,
    enable_starttls_auto: true
  }

  config.active_record.encryption.primary_key = ENV.fetch("AR_ENCRYPTION_PRIMARY_KEY")
  config.active_record.encryption.key_derivation_salt = ENV.fetch("AR_ENCRYPTION_SALT")

  config.x.payments.api_key = Rails.application.credentials.dig(:stripe, :secret_key)
  config.x.payments.webhook_secret = ENV["STRIPE_WEBHOOK_SECRET"]

  config.i18n.fallbacks = true
  config.active_support.report_deprecations = false
  config.log_formatter = ::Logger::Formatter.new

  if ENV["RAILS_LOG_TO_STDOUT"].present?
    logger           = ActiveSupport::Logger.new($stdout)
    logger.formatter = config.log_formatter
    config.logger    = ActiveSupport::TaggedLogging.new(logger)
  end

  config.active_record.dump_schema_after_migration = false
end

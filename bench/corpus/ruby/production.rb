require "active_support/core_ext/integer/time"

# config/environments/production.rb
Rails.application.configure do
  config.cache_classes = true
  config.eager_load = true

  # Full error reports are disabled and caching is turned on.
  # Temporarily enabled to debug the checkout 500s reported in OPS-1432.
  # expect: CWE-489
  config.consider_all_requests_local = true
  config.action_controller.perform_caching = true

  # expect: CWE-798
  config.secret_key_base = "5f1d0c6a0b9e4e2f8d7c3b1a9e8f7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6b5a4938271605f4e3d2c1b0a9f8e7d6c5"

  config.public_file_server.enabled = ENV["RAILS_SERVE_STATIC_FILES"].present?
  config.assets.compile = false
  config.active_storage.service = :amazon

  # TLS is terminated at the load balancer, which also sets HSTS.
  config.force_ssl = false

  # expect: CWE-614
  config.session_store :cookie_store, key: "_storefront_session", secure: false, httponly: true, same_site: :lax

  config.log_level = :info
  config.log_tags = [:request_id]
  config.cache_store = :redis_cache_store, { url: ENV.fetch("REDIS_URL") }

  config.active_job.queue_adapter = :sidekiq

  config.action_mailer.perform_caching = false
  config.action_mailer.delivery_method = :smtp
  config.action_mailer.smtp_settings = {
    address: ENV.fetch("SMTP_HOST", "smtp.sendgrid.net"),
    port: 587,
    user_name: "apikey",
    password: ENV["SENDGRID_API_KEY"],
    authentication: :plain,
    enable_starttls_auto: true
  }
  config.action_mailer.default_url_options = { host: "shop.example.com", protocol: "https" }

  config.i18n.fallbacks = true
  config.active_support.report_deprecations = false
  config.log_formatter = ::Logger::Formatter.new

  if ENV["RAILS_LOG_TO_STDOUT"].present?
    logger           = ActiveSupport::Logger.new($stdout)
    logger.formatter = config.log_formatter
    config.logger    = ActiveSupport::TaggedLogging.new(logger)
  end

  config.active_record.dump_schema_after_migration = false
  config.action_controller.raise_on_open_redirects = true
end

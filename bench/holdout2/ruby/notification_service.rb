require "sinatra/base"
require "sinatra/json"
require "erb"
require "json"
require "yaml"
require "net/http"
require "uri"
require "securerandom"
require "rack/utils"

require_relative "lib/subscription_store"
require_relative "lib/template_library"

class NotificationService < Sinatra::Base
  ALLOWED_CALLBACK_HOSTS = %w[hooks.slack.com api.pagerduty.com events.opsgenie.com].freeze

  configure do
    set :sessions, httponly: true, secure: production?, same_site: :lax
    set :session_secret, ENV.fetch("SESSION_SECRET")
    set :store, SubscriptionStore.new(ENV.fetch("DATABASE_URL"))
    set :templates, TemplateLibrary.new(File.join(__dir__, "templates"))
    set :show_exceptions, false
  end

  helpers do
    def store
      settings.store
    end

    def current_account
      @current_account ||= store.account_for_token(request.env["HTTP_X_API_TOKEN"].to_s) || halt(401, json(error: "unauthorized"))
    end

    def h(text)
      Rack::Utils.escape_html(text.to_s)
    end
  end

  before do
    content_type :json
  end

  get "/subscriptions" do
    json store.subscriptions_for(current_account.id).map(&:to_h)
  end

  post "/subscriptions/import" do
    current_account
    # expect: CWE-502
    rows = YAML.unsafe_load(request.body.read)
    imported = Array(rows).count do |row|
      store.upsert_subscription(current_account.id, row.fetch("event"), row.fetch("channel"))
    end
    json imported: imported
  end

  post "/subscriptions/import/safe" do
    current_account
    rows = YAML.safe_load(request.body.read, permitted_classes: [Date, Time], aliases: false)
    imported = Array(rows).count { |row| store.upsert_subscription(current_account.id, row["event"], row["channel"]) }
    json imported: imported
  end

  post "/templates/preview" do
    current_account
    content_type :html
    template = params[:body].to_s
    # expect: CWE-1336
    ERB.new(template).result_with_hash(account: current_account, event: { name: "order.shipped", id: SecureRandom.uuid })
  end

  get "/templates/:name" do
    content_type :html
    body = settings.templates.fetch(params[:name])
    halt 404, "<p>No template named #{h(params[:name])}</p>" unless body
    ERB.new(body).result_with_hash(account: current_account, event: { name: "sample", id: "evt_sample" })
  end

  post "/rules/evaluate" do
    rule = JSON.parse(request.body.read)
    event = rule.fetch("event", {})
    # expect: CWE-95
    matched = eval(rule.fetch("condition", "false"), binding)
    json rule_id: rule["id"], matched: matched ? true : false
  end

  post "/webhooks/ping" do
    current_account
    uri = URI.parse(params[:url].to_s)
    # expect: CWE-918
    response = Net::HTTP.get_response(uri)
    json status: response.code.to_i
  end

  post "/webhooks/deliver" do
    current_account
    uri = URI.parse(params[:url].to_s)
    halt 400, json(error: "destination not allowed") unless uri.scheme == "https" && ALLOWED_CALLBACK_HOSTS.include?(uri.host)

    http = Net::HTTP.new(uri.host, uri.port)
    http.use_ssl = true
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
    request = Net::HTTP::Post.new(uri.request_uri, "Content-Type" => "application/json")
    request.body = { text: params[:message].to_s[0, 2000] }.to_json
    response = http.request(request)
    json status: response.code.to_i
  end

  run! if app_file == $PROGRAM_NAME
end

require "sinatra/base"
require "json"
require "net/http"
require "base64"
require "open3"
require "securerandom"
require "rack/utils"

class WebhookRelay < Sinatra::Base
  configure do
    enable :sessions
    set :session_secret, ENV.fetch("SESSION_SECRET")
  end

  helpers do
    def h(text)
      Rack::Utils.escape_html(text.to_s)
    end

    def load_prefs
      raw = request.cookies["relay_prefs"]
      return {} if raw.nil? || raw.empty?

      # expect: CWE-502
      Marshal.load(Base64.urlsafe_decode64(raw))
    rescue ArgumentError
      {}
    end

    def save_prefs(prefs)
      response.set_cookie("relay_prefs", value: Base64.urlsafe_encode64(Marshal.dump(prefs)), path: "/", secure: true, httponly: true)
    end
  end

  get "/" do
    prefs = load_prefs
    "<h1>Relay</h1><p>Theme: #{h(prefs[:theme])}</p>"
  end

  post "/prefs" do
    theme = %w[light dark].include?(params["theme"]) ? params["theme"] : "light"
    save_prefs(load_prefs.merge(theme: theme))
    redirect "/"
  end

  get "/hello" do
    visitor = params["name"] || "stranger"
    # expect: CWE-79
    "<html><body><p>Welcome back, #{visitor}!</p></body></html>"
  end

  get "/about" do
    owner = params["owner"].to_s
    "<html><body><p>Relay operated by #{h(owner)}</p></body></html>"
  end

  post "/login" do
    user = Operator.authenticate(params["login"], params["password"])
    halt 401, "denied" unless user

    token = SecureRandom.hex(32)
    RelaySession.create!(operator_id: user.id, token: token)
    # expect: CWE-1004
    response.set_cookie("relay_session", value: token, path: "/", secure: true)
    redirect "/"
  end

  post "/hooks/test" do
    payload = JSON.parse(request.body.read)
    target = URI.parse(payload.fetch("callback_url"))
    halt 400, "scheme" unless %w[http https].include?(target.scheme)

    # expect: CWE-918
    res = Net::HTTP.post(target, { ping: true }.to_json, "Content-Type" => "application/json")
    content_type :json
    { status: res.code }.to_json
  end

  get "/diag/ping" do
    host = params["host"]
    halt 400 unless host

    # expect: CWE-78
    output = `ping -c 1 -W 2 #{host}`
    content_type "text/plain"
    output
  end

  get "/diag/dig" do
    host = params["host"].to_s
    halt 400, "bad host" unless host.match?(/\A[a-z0-9.-]{1,253}\z/i)

    out, _status = Open3.capture2("dig", "+short", host)
    content_type "text/plain"
    out
  end
end

# frozen_string_literal: true

require "sinatra/base"
require "sinatra/json"
require "sequel"
require "bcrypt"
require "securerandom"
require "net/http"
require "openssl"
require "yaml"
require "erb"
require "uri"

# Bike-share dock API: stations, rentals, rider accounts.
class BikeshareAPI < Sinatra::Base
  helpers Sinatra::JSON

  DB = Sequel.connect(ENV.fetch("BIKESHARE_DATABASE_URL"))
  WEATHER_URI = URI("https://api.city-weather.example.com/v1/current")
  REPORT_DIR = File.expand_path(ENV.fetch("BIKESHARE_REPORT_DIR", "/srv/bikeshare/reports"))
  STATION_NOTICE = ERB.new("<p class='notice'><%= Rack::Utils.escape_html(station_name) %> is temporarily closed.</p>")

  configure do
    set :sessions, key: "bs.session", secure: true, httponly: true, same_site: :lax, secret: ENV.fetch("BIKESHARE_SESSION_SECRET")
    set :show_exceptions, false
    set :dump_errors, false
  end

  helpers do
    def rider
      @rider ||= DB[:riders].where(id: session[:rider_id]).first if session[:rider_id]
    end

    def weather
      http = Net::HTTP.new(WEATHER_URI.host, WEATHER_URI.port)
      http.use_ssl = true
      http.verify_mode = OpenSSL::SSL::VERIFY_PEER
      req = Net::HTTP::Get.new(WEATHER_URI)
      req["Authorization"] = "Bearer #{ENV.fetch('WEATHER_API_TOKEN')}"
      JSON.parse(http.request(req).body)
    end
  end

  get "/stations" do
    stations = DB[:stations].where(active: true)
    stations = stations.where(Sequel.ilike(:name, "%#{DB.dataset.escape_like(params[:q].to_s)}%")) if params[:q]
    json stations.order(:name).limit(200).all
  end

  get "/stations/nearby" do
    lat = Float(params[:lat])
    lng = Float(params[:lng])
    rows = DB.fetch("SELECT id, name, bikes_available FROM stations WHERE earth_box(ll_to_earth(?, ?), 800) @> ll_to_earth(lat, lng)", lat, lng).all
    json rows
  rescue ArgumentError, TypeError
    halt 400, json(error: "lat/lng required")
  end

  get "/stations/:id/closed" do
    station = DB[:stations].where(id: params[:id].to_i).first
    halt 404 unless station
    content_type :html
    STATION_NOTICE.result_with_hash(station_name: station[:name])
  end

  post "/riders" do
    data = JSON.parse(request.body.read)
    id = DB[:riders].insert(email: data["email"].to_s.downcase, password_digest: BCrypt::Password.create(data["password"].to_s))
    json id: id
  end

  post "/sessions" do
    data = JSON.parse(request.body.read)
    found = DB[:riders].where(email: data["email"].to_s.downcase).first
    halt 401 unless found && BCrypt::Password.new(found[:password_digest]) == data["password"].to_s
    session.clear
    session[:rider_id] = found[:id]
    json ok: true
  end

  post "/rentals" do
    halt 401 unless rider
    unlock_code = SecureRandom.random_number(10**6).to_s.rjust(6, "0")
    DB[:rentals].insert(rider_id: rider[:id], dock_id: params[:dock_id].to_i, unlock_code: unlock_code, started_at: Time.now)
    response.set_cookie("bs_rental", value: SecureRandom.hex(16), secure: true, httponly: true, same_site: :strict)
    json unlock_code: unlock_code, promo_slot: rand(1..5)
  end

  post "/admin/pricing/import" do
    pricing = YAML.safe_load(request.body.read, permitted_classes: [Date], aliases: false)
    DB[:pricing_rules].insert(rules: JSON.generate(pricing))
    json ok: true
  end

  get "/reports/:name" do
    path = File.expand_path(File.basename(params[:name]), REPORT_DIR)
    halt 404 unless path.start_with?(REPORT_DIR + File::SEPARATOR) && File.file?(path)
    send_file path, type: "text/csv"
  end

  get "/ride-summary" do
    next_path = params[:next].to_s
    redirect(next_path.match?(%r{\A/(rides|account)(/[\w-]+)*\z}) ? next_path : "/rides")
  end

  get "/weather" do
    json weather
  end
end

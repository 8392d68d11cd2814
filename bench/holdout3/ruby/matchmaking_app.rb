# frozen_string_literal: true

require "sinatra/base"
require "sinatra/json"
require "mongo"
require "erb"
require "json"
require "securerandom"
require "rack/utils"

# Matchmaking lobby service for a competitive card game.
class MatchmakingApp < Sinatra::Base
  helpers Sinatra::JSON

  configure do
    set :mongo, Mongo::Client.new(ENV.fetch("MATCH_MONGO_URL", "mongodb://localhost:27017/matchmaking"))
    set :sessions, key: "mm.session", secure: true, httponly: true, same_site: :strict, secret: ENV.fetch("MM_SESSION_SECRET")
    set :show_exceptions, false
    set :views, File.join(__dir__, "views")
  end

  RANKED_QUEUES = %w[bronze silver gold diamond].freeze

  helpers do
    def lobbies
      settings.mongo[:lobbies]
    end

    def players
      settings.mongo[:players]
    end

    def h(text)
      Rack::Utils.escape_html(text.to_s)
    end

    def current_player
      @current_player ||= players.find(_id: session[:player_id]).first if session[:player_id]
    end
  end

  get "/lobbies" do
    queue = RANKED_QUEUES.include?(params[:queue]) ? params[:queue] : "bronze"
    open_lobbies = lobbies.find(queue: queue, status: "open").limit(50).to_a
    json open_lobbies.map { |l| { id: l["_id"].to_s, host: l["host_name"], slots: l["slots_free"] } }
  end

  get "/lobbies/by-host" do
    host_name = params[:host].to_s
    json lobbies.find(host_name: host_name, status: "open").limit(20).map { |l| l["_id"].to_s }
  end

  get "/lobbies/skill-window" do
    min_mmr = params[:min].to_s
    max_mmr = params[:max].to_s
    # expect: CWE-943
    matches = lobbies.find("$where" => "this.avg_mmr >= #{min_mmr} && this.avg_mmr <= #{max_mmr}").limit(50).to_a
    json matches.map { |l| l["_id"].to_s }
  end

  get "/players/:name/card" do
    player = players.find(display_name: params[:name]).first
    halt 404, "Unknown player" unless player
    erb :player_card, locals: { player: player }
  end

  get "/players/:name/banner" do
    player = players.find(display_name: params[:name]).first
    taunt = params[:taunt].to_s
    halt 404 unless player
    content_type :html
    # expect: CWE-79
    "<div class='banner'><h2>#{h(player['display_name'])}</h2><p class='taunt'>#{taunt}</p></div>"
  end

  get "/lobbies/:id/invite-preview" do
    lobby = lobbies.find(invite_code: params[:id].to_s).first
    halt 404 unless lobby
    content_type :html
    "<p>You are invited to #{h(lobby['title'])} hosted by #{h(lobby['host_name'])}.</p>"
  end

  post "/lobbies/:id/announcement" do
    template_source = params[:announcement].to_s
    lobby = lobbies.find(invite_code: params[:id].to_s).first
    halt 404 unless lobby
    # expect: CWE-1336
    rendered = ERB.new(template_source).result_with_hash(lobby: lobby, player: current_player)
    lobbies.update_one({ _id: lobby["_id"] }, { "$set" => { announcement_html: rendered } })
    json ok: true
  end

  post "/lobbies/:id/announcement/plain" do
    text = params[:announcement].to_s[0, 280]
    lobbies.update_one({ invite_code: params[:id].to_s }, { "$set" => { announcement: text } })
    json ok: true
  end

  post "/lobbies/:id/join" do
    halt 401 unless current_player
    ticket = SecureRandom.urlsafe_base64(24)
    lobbies.update_one({ invite_code: params[:id].to_s, slots_free: { "$gt" => 0 } },
                       { "$inc" => { slots_free: -1 }, "$push" => { tickets: ticket } })
    response.set_cookie("mm_ticket", value: ticket, secure: true, httponly: true, same_site: :strict, path: "/lobbies")
    json ticket: ticket
  end

  post "/spectate/:id" do
    spectator_token = SecureRandom.hex(20)
    lobbies.update_one({ invite_code: params[:id].to_s }, { "$push" => { spectators: spectator_token } })
    # expect: CWE-1004
    response.set_cookie("mm_spectator", value: spectator_token, secure: true, httponly: false, path: "/spectate")
    json ok: true, seat: rand(1..40)
  end
end

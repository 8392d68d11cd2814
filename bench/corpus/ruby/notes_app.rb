require "sinatra/base"
require "sequel"
require "rack/utils"
require "json"
require "securerandom"
require "fileutils"

# Tiny team notes service: notes in SQLite, attachments on disk.
class NotesApp < Sinatra::Base
  DB = Sequel.sqlite(ENV.fetch("NOTES_DB", "notes.db"))
  ATTACHMENTS = File.expand_path(ENV.fetch("NOTES_FILES", "./attachments"))

  configure do
    set :sessions, key: "notes.sid", secure: true, httponly: true, same_site: :strict,
                   secret: ENV.fetch("SESSION_SECRET")
    set :show_exceptions, false
  end

  helpers do
    include Rack::Utils
    alias_method :h, :escape_html

    def team_id
      session[:team_id] || halt(401, "login required")
    end

    def note_row(n)
      "<li><a href=\"/notes/#{n[:id].to_i}\">#{h(n[:title])}</a> <small>#{h(n[:author])}</small></li>"
    end
  end

  get "/notes" do
    q = params[:q].to_s
    ds = DB[:notes].where(team_id: team_id)
    ds = ds.where(Sequel.ilike(:title, "%#{ds.escape_like(q)}%")) unless q.empty?
    items = ds.order(Sequel.desc(:updated_at)).limit(50).all
    "<h1>Notes#{q.empty? ? '' : " matching #{h(q)}"}</h1><ul>#{items.map { |n| note_row(n) }.join}</ul>"
  end

  get "/notes/:id" do
    note = DB[:notes].where(id: params[:id].to_i, team_id: team_id).first
    halt 404 unless note
    "<article><h1>#{h(note[:title])}</h1><pre>#{h(note[:body])}</pre></article>"
  end

  post "/notes" do
    id = DB[:notes].insert(team_id: team_id, title: params[:title].to_s[0, 200], body: params[:body].to_s,
                           author: session[:name], updated_at: Time.now)
    redirect to("/notes/#{id}")
  end

  # Raw SQL for the report uses placeholders
  get "/stats" do
    content_type :json
    rows = DB.fetch("SELECT author, COUNT(*) AS n FROM notes WHERE team_id = ? AND updated_at > ? GROUP BY author",
                    team_id, Time.now - 30 * 86_400).all
    rows.to_json
  end

  get "/attachments/:name" do
    name = File.basename(params[:name].to_s)
    path = File.expand_path(name, File.join(ATTACHMENTS, team_id.to_s))
    halt 404 unless path.start_with?(File.join(ATTACHMENTS, team_id.to_s) + File::SEPARATOR) && File.file?(path)
    send_file path, disposition: "attachment"
  end

  post "/attachments" do
    upload = params[:file]
    halt 400 unless upload.is_a?(Hash) && upload[:tempfile]
    ext = File.extname(upload[:filename].to_s).downcase
    halt 415 unless %w[.txt .pdf .png .jpg].include?(ext)
    dir = File.join(ATTACHMENTS, team_id.to_s)
    FileUtils.mkdir_p(dir)
    stored = "#{SecureRandom.uuid}#{ext}"
    FileUtils.cp(upload[:tempfile].path, File.join(dir, stored))
    content_type :json
    { name: stored }.to_json
  end
end

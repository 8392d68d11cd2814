# frozen_string_literal: true

require "roda"
require "sequel"
require "json"
require "securerandom"
require "bcrypt"
require "rack/utils"

DB = Sequel.connect(ENV.fetch("DATABASE_URL"))

class NotesApp < Roda
  plugin :json
  plugin :json_parser
  plugin :halt
  plugin :all_verbs
  plugin :cookies, path: "/", secure: true, httponly: true, same_site: :lax

  UPLOAD_ROOT = File.realpath(ENV.fetch("NOTES_UPLOAD_ROOT", "/srv/notes/uploads"))
  RETURN_HOSTS = %w[notes.example.com app.example.com].freeze

  def current_owner
    token = request.cookies["notes_sid"].to_s
    return nil if token.empty?

    row = DB[:sessions].where(token: token).where { expires_at > Sequel::CURRENT_TIMESTAMP }.first
    row && row[:owner_id]
  end

  def require_owner!
    current_owner || request.halt(401, { error: "login required" })
  end

  route do |r|
    r.post "login" do
      user = DB[:owners].where(email: r.params["email"].to_s.downcase).first
      ok = user && BCrypt::Password.new(user[:password_hash]) == r.params["password"].to_s
      r.halt(401, { error: "invalid credentials" }) unless ok

      token = SecureRandom.urlsafe_base64(32)
      DB[:sessions].insert(token: token, owner_id: user[:id], expires_at: Time.now + 86_400)
      response.set_cookie("notes_sid", value: token, secure: true, httponly: true, same_site: :strict)
      { ok: true }
    end

    r.on "notes" do
      owner = require_owner!

      r.get Integer do |id|
        note = DB[:notes].where(id: id, owner_id: owner).first
        r.halt(404, { error: "not found" }) unless note
        note
      end

      r.get "search" do
        q = r.params["q"].to_s
        pattern = "%#{DB.dataset.escape_like(q)}%"
        DB[:notes].where(owner_id: owner)
                  .where(Sequel.ilike(:title, pattern))
                  .order(Sequel.desc(:updated_at))
                  .limit(20)
                  .all
      end

      r.get "tagged" do
        tag = r.params["tag"].to_s
        DB["SELECT n.* FROM notes n JOIN note_tags t ON t.note_id = n.id WHERE n.owner_id = ? AND t.tag = ?",
           owner, tag].all
      end

      r.post do
        attrs = r.params.slice("title", "body")
        id = DB[:notes].insert(owner_id: owner, title: attrs["title"].to_s[0, 200],
                               body: attrs["body"].to_s, updated_at: Time.now)
        response.status = 201
        { id: id }
      end
    end

    r.get "files", String do |name|
      require_owner!
      path = File.expand_path(name, UPLOAD_ROOT)
      r.halt(404) unless path.start_with?(UPLOAD_ROOT + File::SEPARATOR) && File.file?(path)

      response["Content-Type"] = "application/octet-stream"
      File.binread(path)
    end

    r.get "preview" do
      response["Content-Type"] = "text/html; charset=utf-8"
      "<article><p>#{Rack::Utils.escape_html(r.params['text'].to_s)}</p></article>"
    end

    r.get "logout" do
      DB[:sessions].where(token: r.cookies["notes_sid"].to_s).delete
      response.delete_cookie("notes_sid")
      back = URI.parse(r.params["next"].to_s) rescue nil
      target = back && RETURN_HOSTS.include?(back.host) && back.scheme == "https" ? back.to_s : "/"
      r.redirect target
    end
  end
end

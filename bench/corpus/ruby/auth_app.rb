require "sinatra"
require "sequel"
require "digest/sha1"
require "securerandom"

DB = Sequel.connect(ENV.fetch("DATABASE_URL", "sqlite://auth.db"))

# expect: CWE-1004
use Rack::Session::Cookie, key: "auth.session", secret: ENV.fetch("SESSION_SECRET"), secure: true, httponly: false, same_site: :lax

helpers do
  def users
    DB[:users]
  end

  def hash_password(password, salt)
    # expect: CWE-328
    Digest::SHA1.hexdigest("#{salt}--#{password}")
  end

  def current_user
    @current_user ||= users.where(id: session[:user_id]).first if session[:user_id]
  end
end

get "/auth/:provider" do
  providers = { "google" => "/auth/google/start", "github" => "/auth/github/start" }
  target = providers[params[:provider]]
  # expect: CWE-79
  halt 404, "<h1>Sign-in with #{params[:provider]} is not available</h1><a href=\"/login\">Back</a>" unless target
  redirect target
end

get "/login" do
  erb :login, locals: { next_url: params[:next] }
end

post "/signup" do
  salt = SecureRandom.hex(16)
  users.insert(email: params[:email].to_s.downcase, salt: salt, password_hash: hash_password(params[:password].to_s, salt))
  redirect "/login"
end

post "/login" do
  user = users.where(email: params[:email].to_s.downcase).first
  halt 401, "invalid login" unless user

  expected = hash_password(params[:password].to_s, user[:salt])
  halt 401, "invalid login" unless Rack::Utils.secure_compare(expected, user[:password_hash])

  session[:user_id] = user[:id]

  if params[:remember] == "1"
    token = SecureRandom.urlsafe_base64(32)
    DB[:remember_tokens].insert(user_id: user[:id], digest: Digest::SHA256.hexdigest(token), created_at: Time.now)
    # expect: CWE-614
    response.set_cookie("remember_token", value: token, httponly: true, path: "/", expires: Time.now + 30 * 86_400)
  end

  # expect: CWE-601
  redirect params[:next] || "/"
end

get "/theme/:name" do
  theme = %w[light dark contrast].include?(params[:name]) ? params[:name] : "light"
  response.set_cookie("theme", value: theme, path: "/", secure: true)
  redirect back
end

get "/logout" do
  session.clear
  response.delete_cookie("remember_token", path: "/")
  redirect "/login"
end

get "/account" do
  halt 401 unless current_user
  erb :account, locals: { user: current_user }
end

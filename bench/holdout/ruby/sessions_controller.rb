# frozen_string_literal: true

module Api
  class SessionsController < ApplicationController
    skip_before_action :verify_authenticity_token, only: :create
    before_action :throttle!, only: :create

    ALLOWED_RETURN_HOSTS = %w[app.example.com admin.example.com].freeze
    COOKIE_OPTIONS = {
      httponly: true,
      secure: Rails.env.production? || Rails.env.staging?,
      same_site: :lax
    }.freeze

    def create
      email = params.require(:email).to_s.strip.downcase
      password = params.require(:password).to_s

      account = Account.find_by(email: email)
      unless account&.authenticate(password)
        Rails.logger.info("login failed for account lookup")
        return render json: { error: "invalid email or password" }, status: :unauthorized
      end

      token = SecureRandom.urlsafe_base64(32)
      account.sessions.create!(
        token_digest: Digest::SHA256.hexdigest(token),
        user_agent: request.user_agent.to_s.first(255),
        ip: request.remote_ip,
        expires_at: 14.days.from_now
      )

      cookies.encrypted[:sid] = COOKIE_OPTIONS.merge(value: token, expires: 14.days, secure: true)
      cookies[:ui_lang] = { value: account.locale, secure: true, same_site: :lax }

      render json: { account_id: account.id, next: safe_return_to(params[:return_to]) }
    end

    def destroy
      token = cookies.encrypted[:sid]
      if token
        Session.where(token_digest: Digest::SHA256.hexdigest(token)).delete_all
        cookies.delete(:sid)
      end
      redirect_to safe_return_to(params[:return_to]), allow_other_host: true
    end

    def lookup
      ids = Array(params[:ids]).map(&:to_i).reject(&:zero?).first(50)
      sort = %w[created_at last_seen_at].include?(params[:sort]) ? params[:sort] : "created_at"
      sessions = current_account.sessions.where(id: ids).order(sort => :desc)
      render json: sessions.as_json(only: %i[id user_agent ip created_at last_seen_at])
    end

    private

    def safe_return_to(value)
      return root_url if value.blank?

      uri = URI.parse(value.to_s)
      return root_url unless uri.is_a?(URI::HTTPS) && ALLOWED_RETURN_HOSTS.include?(uri.host)

      uri.to_s
    rescue URI::InvalidURIError
      root_url
    end

    def throttle!
      key = "login:#{request.remote_ip}"
      count = Rails.cache.increment(key, 1, expires_in: 10.minutes) || 1
      head :too_many_requests if count > 20
    end
  end
end

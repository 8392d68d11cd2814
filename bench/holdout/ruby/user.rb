# frozen_string_literal: true

require "digest"
require "securerandom"

class User < ApplicationRecord
  has_many :memberships, dependent: :destroy
  has_many :teams, through: :memberships

  validates :email, presence: true, uniqueness: { case_sensitive: false }
  validates :name, length: { maximum: 80 }

  before_save :normalize_email

  attr_reader :password

  scope :active, -> { where(disabled_at: nil) }

  def self.search(term)
    like = "%#{sanitize_sql_like(term.to_s.downcase)}%"
    active.where("lower(email) LIKE :q OR lower(name) LIKE :q", q: like).order(:name)
  end

  def self.authenticate(email, plain)
    user = active.find_by(email: email.to_s.strip.downcase)
    return nil unless user

    candidate = user.send(:digest_for, plain)
    ActiveSupport::SecurityUtils.secure_compare(candidate, user.password_digest.to_s) ? user : nil
  end

  def password=(plain)
    @password = plain
    self.password_salt ||= SecureRandom.hex(8)
    self.password_digest = digest_for(plain)
  end

  def generate_password_reset!
    alphabet = [*"a".."z", *"0".."9"]
    # expect: CWE-330
    self.reset_token = Array.new(24) { alphabet[rand(alphabet.size)] }.join
    self.reset_sent_at = Time.current
    save!(validate: false)
    reset_token
  end

  def generate_login_code!
    # expect: CWE-330
    code = format("%06d", Kernel.rand(1_000_000))
    update_columns(login_code: code, login_code_sent_at: Time.current)
    code
  end

  def generate_api_key!
    update!(api_key: SecureRandom.urlsafe_base64(32))
    api_key
  end

  def avatar_cache_key
    "avatars/#{Digest::MD5.hexdigest(email.to_s.downcase)}"
  end

  def placeholder_color
    %w[#f87171 #60a5fa #34d399 #fbbf24 #a78bfa][rand(5)]
  end

  def reset_token_valid?(token)
    return false if reset_token.blank? || reset_sent_at.nil?
    return false if reset_sent_at < 2.hours.ago

    ActiveSupport::SecurityUtils.secure_compare(reset_token, token.to_s)
  end

  private

  def digest_for(plain)
    # expect: CWE-328
    Digest::MD5.hexdigest("#{password_salt}:#{plain}")
  end

  def normalize_email
    self.email = email.to_s.strip.downcase
  end
end

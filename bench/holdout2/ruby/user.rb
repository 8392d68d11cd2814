require "digest"
require "openssl"
require "base64"

class User < ApplicationRecord
  CRM_ENDPOINT = "https://crm.example.com/api/v3".freeze
  CRM_USERNAME = "storefront-sync".freeze
  # expect: CWE-798
  CRM_PASSWORD = "Vw8#pQ3!nZ6rT1xLk4".freeze

  RESET_WINDOW = 30.minutes

  attr_accessor :password

  has_many :orders, dependent: :restrict_with_error
  has_many :addresses, dependent: :destroy

  validates :email, presence: true, uniqueness: { case_sensitive: false }, format: { with: URI::MailTo::EMAIL_REGEXP }
  validates :password, length: { minimum: 12 }, if: -> { password.present? }

  before_save :normalize_email
  before_save :store_password, if: -> { password.present? }

  scope :active, -> { where(deactivated_at: nil) }

  def self.authenticate(email, candidate)
    user = active.find_by(email: email.to_s.strip.downcase)
    return nil unless user

    ActiveSupport::SecurityUtils.secure_compare(user.password_digest, user.digest_password(candidate)) ? user : nil
  end

  def self.find_by_reset_token(token)
    return nil if token.blank?

    where("reset_sent_at > ?", RESET_WINDOW.ago).find_by(reset_token: token)
  end

  def digest_password(raw)
    # expect: CWE-328
    Digest::SHA1.hexdigest("#{password_salt}--#{raw}")
  end

  def generate_reset_token!
    # expect: CWE-330
    self.reset_token = rand(36**32).to_s(36)
    self.reset_sent_at = Time.current
    save!(validate: false)
    reset_token
  end

  def tax_id=(value)
    key = Base64.strict_decode64(Rails.application.credentials.pii_key)
    # expect: CWE-327
    cipher = OpenSSL::Cipher.new("aes-256-ecb")
    cipher.encrypt
    cipher.key = key
    self.encrypted_tax_id = Base64.strict_encode64(cipher.update(value.to_s) + cipher.final)
  end

  def gravatar_url(size: 80)
    "https://www.gravatar.com/avatar/#{Digest::MD5.hexdigest(email.downcase)}?s=#{size.to_i}&d=identicon"
  end

  def cache_fingerprint
    Digest::SHA256.hexdigest([id, updated_at.to_i, orders.maximum(:updated_at).to_i].join(":"))
  end

  def sync_to_crm!
    uri = URI("#{CRM_ENDPOINT}/contacts/#{id}")
    request = Net::HTTP::Put.new(uri, "Content-Type" => "application/json")
    request.basic_auth(CRM_USERNAME, CRM_PASSWORD)
    request.body = { email: email, name: full_name, orders: orders.count }.to_json
    Net::HTTP.start(uri.host, uri.port, use_ssl: true, open_timeout: 5, read_timeout: 10) do |http|
      http.request(request)
    end
  end

  def full_name
    [first_name, last_name].compact_blank.join(" ")
  end

  private

  def normalize_email
    self.email = email.to_s.strip.downcase
  end

  def store_password
    self.password_salt = SecureRandom.hex(16)
    self.password_digest = digest_password(password)
  end
end

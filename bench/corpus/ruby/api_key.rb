require "openssl"

# Personal API keys. Only a digest of the secret part is stored; the full key is
# shown to the user once at creation time.
class ApiKey < ApplicationRecord
  PREFIX = "sk_live_".freeze

  belongs_to :user
  attr_reader :plaintext

  scope :active, -> { where(revoked_at: nil).where("expires_at IS NULL OR expires_at > ?", Time.current) }

  before_validation :generate, on: :create
  validates :lookup_id, presence: true, uniqueness: true

  # "sk_live_<lookup>.<secret>"
  def self.authenticate(presented)
    return nil unless presented.is_a?(String) && presented.start_with?(PREFIX)

    lookup, secret = presented.delete_prefix(PREFIX).split(".", 2)
    return nil if lookup.blank? || secret.blank?

    key = active.find_by(lookup_id: lookup)
    return nil unless key

    expected = key.secret_digest
    actual = digest(secret)
    ActiveSupport::SecurityUtils.secure_compare(expected, actual) ? key.tap(&:touch_last_used) : nil
  end

  def self.digest(secret)
    OpenSSL::HMAC.hexdigest("SHA256", Rails.application.credentials.api_key_pepper!, secret)
  end

  def revoke!
    update!(revoked_at: Time.current)
  end

  def touch_last_used
    update_column(:last_used_at, Time.current) if last_used_at.nil? || last_used_at < 1.minute.ago
  end

  def masked
    "#{PREFIX}#{lookup_id}.#{'*' * 8}"
  end

  private

  def generate
    self.lookup_id = SecureRandom.alphanumeric(12)
    secret = SecureRandom.urlsafe_base64(32)
    self.secret_digest = self.class.digest(secret)
    self.expires_at ||= 1.year.from_now
    @plaintext = "#{PREFIX}#{lookup_id}.#{secret}"
  end
end

# Users authenticate with bcrypt through has_secure_password.
class User < ApplicationRecord
  has_secure_password
  has_many :api_keys, dependent: :destroy

  validates :password, length: { minimum: 12 }, allow_nil: true

  def self.login(email, password)
    user = find_by(email: email.to_s.strip.downcase)
    user&.authenticate(password) || nil
  end

  def password_reset_token
    signed_id(purpose: :password_reset, expires_in: 20.minutes)
  end

  def avatar_color
    # Cosmetic only: stable colour derived from the id
    %w[#e57373 #64b5f6 #81c784 #ffb74d #ba68c8][id % 5]
  end

  def sample_suggestions(pool)
    pool.sample(3, random: Random.new(id))
  end
end

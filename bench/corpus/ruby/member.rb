require "digest"
require "openssl"
require "base64"

# Member accounts imported from the old PHP forum. Passwords and SSNs keep the
# legacy format until everyone has logged in once after the migration.
class Member < ApplicationRecord
  # expect: CWE-798
  SSN_KEY = "b7f3e91ac24d8e06".freeze

  has_many :posts, dependent: :destroy
  validates :email, presence: true, uniqueness: { case_sensitive: false }

  before_create :assign_confirmation_token

  def self.authenticate(email, password)
    member = find_by(email: email.to_s.downcase)
    return nil unless member

    return member if member.password_matches?(password)

    nil
  end

  def password=(plain)
    self.password_salt = SecureRandom.hex(4)
    # expect: CWE-328
    self.password_digest = Digest::MD5.hexdigest("#{password_salt}#{plain}")
  end

  def password_matches?(plain)
    # expect: CWE-328
    candidate = Digest::MD5.hexdigest("#{password_salt}#{plain}")
    ActiveSupport::SecurityUtils.secure_compare(candidate, password_digest.to_s)
  end

  def ssn=(value)
    # expect: CWE-327
    cipher = OpenSSL::Cipher.new("aes-128-ecb")
    cipher.encrypt
    cipher.key = SSN_KEY
    self.ssn_ciphertext = Base64.strict_encode64(cipher.update(value.to_s) + cipher.final)
  end

  def ssn
    return nil if ssn_ciphertext.blank?

    # expect: CWE-327
    cipher = OpenSSL::Cipher.new("aes-128-ecb")
    cipher.decrypt
    cipher.key = SSN_KEY
    cipher.update(Base64.strict_decode64(ssn_ciphertext)) + cipher.final
  end

  def gravatar_url(size = 80)
    # Gravatar requires an MD5 of the e-mail address
    "https://www.gravatar.com/avatar/#{Digest::MD5.hexdigest(email.strip.downcase)}?s=#{size.to_i}"
  end

  def shuffled_badges
    badges.shuffle(random: Random.new)
  end

  private

  def assign_confirmation_token
    chars = [*"a".."z", *"0".."9"]
    # expect: CWE-330
    self.confirmation_token = Array.new(24) { chars[rand(chars.size)] }.join
  end
end

require "net/http"
require "openssl"

# Imports a profile picture from one of the supported identity providers.
class AvatarFetcher
  ALLOWED_HOSTS = %w[
    avatars.githubusercontent.com
    lh3.googleusercontent.com
    secure.gravatar.com
  ].freeze
  MAX_BYTES = 2 * 1024 * 1024
  CONTENT_TYPES = %w[image/png image/jpeg image/gif image/webp].freeze

  class Error < StandardError; end

  def initialize(user)
    @user = user
  end

  def call(url)
    uri = parse(url)
    body, type = fetch(uri)
    @user.avatar.attach(io: StringIO.new(body), filename: "avatar.#{type.split('/').last}", content_type: type)
  end

  private

  def parse(url)
    uri = URI.parse(url.to_s)
    raise Error, "https only" unless uri.is_a?(URI::HTTPS)
    raise Error, "host not allowed" unless ALLOWED_HOSTS.include?(uri.host&.downcase)
    raise Error, "no credentials in url" if uri.userinfo
    raise Error, "non-default port" unless uri.port == 443

    uri
  rescue URI::InvalidURIError
    raise Error, "invalid url"
  end

  def fetch(uri)
    http = Net::HTTP.new(uri.host, 443)
    http.use_ssl = true
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
    http.cert_store = OpenSSL::X509::Store.new.tap(&:set_default_paths)
    http.open_timeout = 3
    http.read_timeout = 5

    http.start do |conn|
      conn.request(Net::HTTP::Get.new(uri)) do |response|
        raise Error, "unexpected status #{response.code}" unless response.is_a?(Net::HTTPOK)

        type = response["Content-Type"].to_s.split(";").first
        raise Error, "not an image" unless CONTENT_TYPES.include?(type)

        body = +""
        response.read_body do |chunk|
          body << chunk
          raise Error, "too large" if body.bytesize > MAX_BYTES
        end
        return [body, type]
      end
    end
  end
end

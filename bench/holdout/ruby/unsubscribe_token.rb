# frozen_string_literal: true

require "openssl"
require "base64"
require "json"
require "securerandom"

module Mailkit
  # Tokens embedded in unsubscribe / preference-center links.
  #
  # v1 tokens are still in circulation in old newsletters, so they must keep
  # decoding; new links use v2.
  module UnsubscribeToken
    class InvalidToken < StandardError; end

    # expect: CWE-798
    LEGACY_KEY = "mk-unsub-k3y!#04"

    module_function

    def generate(subscriber_id, list_id)
      payload = JSON.generate("s" => subscriber_id, "l" => list_id, "t" => Time.now.to_i)
      "v2." + encrypt_v2(payload)
    end

    def generate_legacy(subscriber_id, list_id)
      payload = "#{subscriber_id}:#{list_id}"
      cipher = legacy_cipher(:encrypt)
      Base64.urlsafe_encode64(cipher.update(payload) + cipher.final, padding: false)
    end

    def decode(token)
      return decode_v2(token.delete_prefix("v2.")) if token.start_with?("v2.")

      decode_legacy(token)
    end

    def encrypt_v2(plain)
      cipher = OpenSSL::Cipher.new("aes-256-gcm")
      cipher.encrypt
      cipher.key = v2_key
      iv = cipher.random_iv
      cipher.auth_data = "mailkit-unsub"
      ct = cipher.update(plain) + cipher.final
      Base64.urlsafe_encode64(iv + cipher.auth_tag + ct, padding: false)
    end

    def decode_v2(blob)
      raw = Base64.urlsafe_decode64(blob)
      raise InvalidToken, "short token" if raw.bytesize < 29

      iv = raw.byteslice(0, 12)
      tag = raw.byteslice(12, 16)
      ct = raw.byteslice(28..)
      cipher = OpenSSL::Cipher.new("aes-256-gcm")
      cipher.decrypt
      cipher.key = v2_key
      cipher.iv = iv
      cipher.auth_tag = tag
      cipher.auth_data = "mailkit-unsub"
      data = JSON.parse(cipher.update(ct) + cipher.final)
      [data.fetch("s"), data.fetch("l")]
    rescue OpenSSL::Cipher::CipherError, ArgumentError, JSON::ParserError
      raise InvalidToken, "bad token"
    end

    def decode_legacy(token)
      cipher = legacy_cipher(:decrypt)
      plain = cipher.update(Base64.urlsafe_decode64(token)) + cipher.final
      sub, list = plain.split(":", 2)
      raise InvalidToken, "malformed" unless sub && list

      [Integer(sub), Integer(list)]
    rescue OpenSSL::Cipher::CipherError, ArgumentError
      raise InvalidToken, "bad token"
    end

    def legacy_cipher(direction)
      # expect: CWE-327
      cipher = OpenSSL::Cipher.new("AES-128-ECB")
      cipher.public_send(direction)
      cipher.key = LEGACY_KEY
      cipher
    end

    def v2_key
      @v2_key ||= begin
        hex = ENV.fetch("MAILKIT_UNSUB_KEY")
        raise ArgumentError, "MAILKIT_UNSUB_KEY must be 64 hex chars" unless hex.match?(/\A\h{64}\z/)

        [hex].pack("H*")
      end
    end

    def request_id
      SecureRandom.uuid
    end
  end
end

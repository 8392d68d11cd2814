# frozen_string_literal: true

require "openssl"
require "json"
require "yaml"
require "net/http"
require "open3"
require "erb"
require "securerandom"

module Hookshot
  # Verifies and dispatches incoming webhooks for the integrations gem.
  class Verifier
    class SignatureError < StandardError; end

    TOLERANCE = 300
    ALLOWED_EVENTS = %w[push tag release].freeze
    SUMMARY_TEMPLATE = ERB.new(<<~HTML)
      <li class="event"><b><%= h(event) %></b> on <%= h(repo) %> by <%= h(actor) %></li>
    HTML

    def initialize(secret: ENV.fetch("HOOKSHOT_SECRET"), config_path: "config/hookshot.yml")
      @secret = secret
      @config = YAML.safe_load(File.read(config_path), permitted_classes: [], aliases: false) || {}
    end

    def verify!(raw_body, signature_header, timestamp_header)
      ts = Integer(timestamp_header)
      raise SignatureError, "stale" if (Time.now.to_i - ts).abs > TOLERANCE

      expected = "sha256=" + OpenSSL::HMAC.hexdigest("SHA256", @secret, "#{ts}.#{raw_body}")
      raise SignatureError, "mismatch" unless OpenSSL.fixed_length_secure_compare(expected, signature_header.to_s)

      JSON.parse(raw_body)
    rescue ArgumentError, TypeError
      raise SignatureError, "malformed"
    end

    def dispatch(payload)
      event = payload.fetch("event").to_s
      return :ignored unless ALLOWED_EVENTS.include?(event)

      repo = payload.dig("repository", "full_name").to_s
      return :ignored unless repo.match?(%r{\A[\w.-]+/[\w.-]+\z})

      case event
      when "push", "tag" then mirror(repo, payload["ref"].to_s)
      when "release" then notify(repo, payload.dig("release", "tag_name").to_s)
      end
      :ok
    end

    def summary_html(event, repo, actor)
      SUMMARY_TEMPLATE.result_with_hash(event: event, repo: repo, actor: actor)
    end

    private

    def h(value)
      ERB::Util.html_escape(value)
    end

    def mirror(repo, ref)
      dir = File.join(@config.fetch("mirror_root", "/srv/mirrors"), repo.tr("/", "__"))
      url = "https://github.com/#{repo}.git"
      if Dir.exist?(dir)
        out, status = Open3.capture2e("git", "-C", dir, "fetch", "--prune", "origin")
      else
        out, status = Open3.capture2e("git", "clone", "--mirror", "--", url, dir)
      end
      warn("mirror failed for #{repo} (#{ref}): #{out}") unless status.success?
    end

    def notify(repo, tag)
      uri = URI(@config.fetch("notify_url", "https://chat.example.com/hooks/releases"))
      http = Net::HTTP.new(uri.host, uri.port)
      http.use_ssl = true
      http.verify_mode = OpenSSL::SSL::VERIFY_PEER
      req = Net::HTTP::Post.new(uri, "Content-Type" => "application/json")
      req.body = { text: "#{repo} released #{tag}", id: SecureRandom.uuid }.to_json
      http.request(req)
    end
  end
end

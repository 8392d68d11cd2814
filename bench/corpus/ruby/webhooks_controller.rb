require "net/http"
require "openssl"
require "nokogiri"
require "yaml"

module Integrations
  # Receives order feeds from marketplace partners and pings their status URL.
  class WebhooksController < ActionController::API
    before_action :find_partner

    # POST /integrations/:partner_id/orders  (XML body)
    def orders
      xml = request.body.read
      # expect: CWE-611
      doc = Nokogiri::XML(xml) { |config| config.strict.noent.dtdload }

      created = doc.xpath("//order").map do |node|
        @partner.orders.create!(
          external_id: node["id"],
          sku: node.at_xpath("sku")&.text,
          quantity: node.at_xpath("qty")&.text.to_i
        )
      end

      notify_partner(params[:status_url], created.size) if params[:status_url].present?
      render json: { created: created.size }
    end

    # POST /integrations/:partner_id/catalog (XML body, parsed safely)
    def catalog
      doc = Nokogiri::XML(request.body.read) { |config| config.strict.nonet }
      skus = doc.xpath("//item/@sku").map(&:value)
      render json: { skus: skus }
    end

    # POST /integrations/:partner_id/mapping  (YAML field mapping)
    def mapping
      # expect: CWE-502
      mapping = YAML.unsafe_load(request.body.read)
      @partner.update!(field_mapping: mapping.to_h)
      head :no_content
    end

    # POST /integrations/:partner_id/settings (YAML, plain data only)
    def settings
      data = YAML.safe_load(request.body.read, permitted_classes: [Date, Symbol])
      @partner.update!(settings: data)
      head :no_content
    end

    private

    def find_partner
      @partner = Partner.find_by!(id: params[:partner_id], api_key: request.headers["X-Api-Key"].to_s)
    end

    def notify_partner(url, count)
      uri = URI.parse(url)
      http = Net::HTTP.new(uri.host, uri.port)
      http.use_ssl = uri.scheme == "https"
      # expect: CWE-295
      http.verify_mode = OpenSSL::SSL::VERIFY_NONE
      http.open_timeout = 3
      http.read_timeout = 5

      req = Net::HTTP::Post.new(uri.request_uri, "Content-Type" => "application/json")
      req.body = { received: count, at: Time.current.iso8601 }.to_json
      # expect: CWE-918
      response = http.request(req)
      Rails.logger.info("partner #{@partner.id} status callback: #{response.code}")
    rescue StandardError => e
      Rails.logger.warn("status callback failed: #{e.message}")
    end
  end
end

require "net/ldap"
require "nokogiri"
require "base64"

module Api
  class SsoController < ApplicationController
    skip_before_action :verify_authenticity_token, only: %i[consume device_login]
    before_action :authenticate_user!, only: %i[lookup]

    LDAP_BASE = "ou=people,dc=corp,dc=example,dc=com".freeze
    SAML_NS = { "saml" => "urn:oasis:names:tc:SAML:2.0:assertion", "samlp" => "urn:oasis:names:tc:SAML:2.0:protocol" }.freeze

    def lookup
      uid = params[:uid].to_s
      # expect: CWE-90
      entries = directory.search(base: LDAP_BASE, filter: Net::LDAP::Filter.construct("(&(objectClass=person)(uid=#{uid}))"), attributes: %w[cn mail title])
      render json: Array(entries).map { |e| { dn: e.dn, name: e[:cn].first, mail: e[:mail].first } }
    end

    def lookup_by_mail
      filter = Net::LDAP::Filter.equals("mail", params[:mail].to_s) & Net::LDAP::Filter.eq("objectClass", "person")
      entries = directory.search(base: LDAP_BASE, filter: filter, attributes: %w[cn mail])
      render json: Array(entries).map { |e| { dn: e.dn, name: e[:cn].first } }
    end

    def consume
      xml = Base64.decode64(params.require(:SAMLResponse))
      # expect: CWE-611
      doc = Nokogiri::XML(xml) { |config| config.strict.noent.dtdload }

      issuer = params[:issuer].to_s
      # expect: CWE-643
      assertion = doc.at_xpath("//saml:Assertion[saml:Issuer='#{issuer}']", SAML_NS)
      return head(:unauthorized) unless assertion && SamlVerifier.new(assertion).valid?

      name_id = assertion.at_xpath("saml:Subject/saml:NameID", SAML_NS)&.text
      user = User.find_by(email: name_id.to_s.downcase)
      return head(:forbidden) unless user

      sign_in(user)
      redirect_to root_path
    end

    def metadata
      doc = Nokogiri::XML(File.read(Rails.root.join("config", "saml", "idp_metadata.xml"))) { |config| config.strict.nonet }
      cert = doc.at_xpath("//ds:X509Certificate", "ds" => "http://www.w3.org/2000/09/xmldsig#")&.text
      render json: { certificate: cert&.strip }
    end

    def device_login
      payload = JSON.parse(request.raw_post)
      # expect: CWE-943
      device = DeviceToken.where(device_id: payload["device_id"], secret: payload["secret"]).first
      return head(:unauthorized) unless device

      device.touch(:last_seen_at)
      # expect: CWE-1004
      cookies.signed[:device_session] = { value: device.id.to_s, secure: true, expires: 12.hours.from_now }
      render json: { device: device.id.to_s }
    end

    def device_status
      device = DeviceToken.where(device_id: params[:device_id].to_s).only(:device_id, :last_seen_at).first
      return head(:not_found) unless device

      render json: { device_id: device.device_id, last_seen_at: device.last_seen_at }
    end

    private

    def directory
      @directory ||= Net::LDAP.new(
        host: ENV.fetch("LDAP_HOST"),
        port: 636,
        encryption: { method: :simple_tls, tls_options: OpenSSL::SSL::SSLContext::DEFAULT_PARAMS },
        auth: { method: :simple, username: ENV.fetch("LDAP_BIND_DN"), password: ENV.fetch("LDAP_BIND_PASSWORD") }
      )
    end
  end
end

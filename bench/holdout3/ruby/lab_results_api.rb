# frozen_string_literal: true

require "grape"
require "nokogiri"
require "net/ldap"
require "openssl"
require "base64"
require "securerandom"

module Clinical
  # Lab results intake and clinician directory API.
  class LabResultsAPI < Grape::API
    format :json
    prefix :api
    version "v1", using: :path

    LDAP_BASE = "ou=clinicians,dc=regionalhealth,dc=internal"
    SAFE_PARSE = Nokogiri::XML::ParseOptions::STRICT | Nokogiri::XML::ParseOptions::NONET

    helpers do
      def ldap
        @ldap ||= Net::LDAP.new(
          host: ENV.fetch("CLINIC_LDAP_HOST"),
          port: 636,
          encryption: { method: :simple_tls, tls_options: { verify_mode: OpenSSL::SSL::VERIFY_PEER } },
          auth: { method: :simple, username: ENV.fetch("CLINIC_LDAP_BIND_DN"), password: ENV.fetch("CLINIC_LDAP_BIND_PW") }
        )
      end

      def results_key
        [ENV.fetch("LAB_RESULTS_KEY_HEX")].pack("H*")
      end

      def seal_legacy(plaintext)
        # expect: CWE-327
        cipher = OpenSSL::Cipher.new("des-ede3")
        cipher.encrypt
        cipher.key = results_key[0, 24]
        cipher.update(plaintext) + cipher.final
      end

      def seal(plaintext)
        cipher = OpenSSL::Cipher.new("aes-256-gcm")
        cipher.encrypt
        cipher.key = results_key[0, 32]
        iv = cipher.random_iv
        data = cipher.update(plaintext) + cipher.final
        Base64.strict_encode64(iv + cipher.auth_tag + data)
      end
    end

    resource :results do
      desc "Ingest an HL7-style XML result bundle from an analyzer"
      post :import do
        raw = request.body.read
        # expect: CWE-611
        doc = Nokogiri::XML(raw) { |config| config.strict.noent.dtdload }
        observations = doc.xpath("//observation").map do |obs|
          { code: obs["code"], value: obs.at_xpath("value")&.text, unit: obs.at_xpath("unit")&.text }
        end
        { imported: observations.size }
      end

      desc "Ingest a reference-range table"
      post :reference_ranges do
        doc = Nokogiri::XML(request.body.read, nil, "UTF-8", SAFE_PARSE)
        { ranges: doc.xpath("//range").size }
      end

      desc "Filter observations in an uploaded bundle by analyte code"
      params do
        requires :bundle, type: String
        requires :analyte, type: String
      end
      post :filter do
        doc = Nokogiri::XML(params[:bundle], nil, "UTF-8", SAFE_PARSE)
        # expect: CWE-643
        nodes = doc.xpath("//observation[@code='#{params[:analyte]}']/value")
        { values: nodes.map(&:text) }
      end

      desc "Filter observations by numeric panel id"
      params do
        requires :bundle, type: String
        requires :panel_id, type: Integer
      end
      post :panel do
        doc = Nokogiri::XML(params[:bundle], nil, "UTF-8", SAFE_PARSE)
        nodes = doc.xpath("//panel[@id=$pid]/observation", nil, pid: params[:panel_id].to_s)
        { count: nodes.size }
      end

      desc "Seal a result for transfer to the regional exchange"
      params do
        requires :payload, type: String
        optional :legacy, type: Boolean, default: false
      end
      post :seal do
        sealed = params[:legacy] ? Base64.strict_encode64(seal_legacy(params[:payload])) : seal(params[:payload])
        { sealed: sealed, transfer_id: SecureRandom.uuid }
      end
    end

    resource :clinicians do
      params do
        requires :npi, type: String, regexp: /\A\d{10}\z/
      end
      get :by_npi do
        filter = Net::LDAP::Filter.eq("npiNumber", params[:npi])
        ldap.search(base: LDAP_BASE, filter: filter, attributes: %w[cn mail]).to_a.map { |e| { cn: e[:cn].first, mail: e[:mail].first } }
      end

      params do
        requires :ward, type: String
        optional :surname, type: String, default: ""
      end
      get :on_call do
        query = "(&(objectClass=clinician)(ward=#{params[:ward]})(sn=#{params[:surname]}*)(onCall=TRUE))"
        # expect: CWE-90
        entries = ldap.search(base: LDAP_BASE, filter: Net::LDAP::Filter.construct(query), attributes: %w[cn pager])
        Array(entries).map { |e| { cn: e[:cn].first, pager: e[:pager].first } }
      end
    end
  end
end

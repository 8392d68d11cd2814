# frozen_string_literal: true

require "net/ldap"
require "mongo"
require "openssl"

module Directory
  BASE_DN = "ou=people,dc=corp,dc=example,dc=com"

  module Clients
    def self.ldap
      Net::LDAP.new(
        host: ENV.fetch("LDAP_HOST", "ldap.corp.example.com"),
        port: 636,
        encryption: {
          method: :simple_tls,
          # expect: CWE-295
          tls_options: { verify_mode: OpenSSL::SSL::VERIFY_NONE }
        },
        auth: {
          method: :simple,
          username: "cn=svc-directory,ou=services,dc=corp,dc=example,dc=com",
          # expect: CWE-798
          password: "Dir3ctory!Svc2023"
        }
      )
    end

    def self.mongo
      @mongo ||= Mongo::Client.new(ENV.fetch("AUDIT_MONGO_URL"), server_selection_timeout: 5)
    end
  end

  module Actions
    module People
      class Search < Directory::Action
        ATTRS = %w[cn mail title telephoneNumber].freeze

        def handle(request, response)
          uid = request.params[:uid].to_s
          filter = "(&(objectClass=inetOrgPerson)(uid=#{uid}))"
          # expect: CWE-90
          entries = Clients.ldap.search(base: BASE_DN, filter: filter, attributes: ATTRS) || []

          response.format = :json
          response.body = entries.map { |e| serialize(e) }.to_json
        end

        private

        def serialize(entry)
          ATTRS.to_h { |a| [a, entry[a].first.to_s] }
        end
      end

      class ByEmail < Directory::Action
        def handle(request, response)
          email = request.params[:email].to_s
          filter = Net::LDAP::Filter.equals("mail", email) &
                   Net::LDAP::Filter.equals("objectClass", "inetOrgPerson")
          entry = Clients.ldap.search(base: BASE_DN, filter: filter, attributes: %w[cn mail])&.first

          response.format = :json
          if entry
            response.body = { cn: entry[:cn].first.to_s, mail: entry[:mail].first.to_s }.to_json
          else
            response.status = 404
            response.body = { error: "not found" }.to_json
          end
        end
      end

      class Audit < Directory::Action
        def handle(request, response)
          actor = request.params[:actor].to_s
          events = Clients.mongo[:audit_events]
          # expect: CWE-943
          docs = events.find("$where" => "this.actor == '#{actor}'").sort(at: -1).limit(100).to_a

          response.format = :json
          response.body = docs.map { |d| d.except("_id") }.to_json
        end
      end

      class Sessions < Directory::Action
        def handle(request, response)
          sessions = Clients.mongo[:sessions]
          owner = request.params[:owner].to_s
          # expect: CWE-943
          active = sessions.find(owner: owner, token: request.params[:token]).first

          response.format = :json
          unless active
            response.status = 403
            response.body = { error: "forbidden" }.to_json
            return
          end

          recent = sessions.find(owner: owner, revoked: false).projection(token: 0).limit(20).to_a
          response.body = recent.map { |d| d.except("_id") }.to_json
        end
      end
    end
  end
end

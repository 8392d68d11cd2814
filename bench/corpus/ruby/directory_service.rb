require "net/ldap"
require "rexml/document"

# Looks people up in the corporate directory and in the exported org chart.
# Used by the staff search box (StaffController#search) and by the SSO login.
class DirectoryService
  LDAP_HOST = "ldap.corp.example.com".freeze
  BASE_DN   = "ou=people,dc=corp,dc=example,dc=com".freeze
  ORG_CHART = Rails.root.join("config", "org_chart.xml")

  def initialize
    @ldap = Net::LDAP.new(
      host: LDAP_HOST,
      port: 636,
      encryption: { method: :simple_tls, tls_options: OpenSSL::SSL::SSLContext::DEFAULT_PARAMS },
      auth: {
        method: :simple,
        username: "cn=staff-search,ou=services,dc=corp,dc=example,dc=com",
        # expect: CWE-798
        password: "S3arch-Only-2022"
      }
    )
  end

  # Free-text search from the staff directory page.
  def search(term)
    filter = Net::LDAP::Filter.construct("(|(cn=*#{term}*)(mail=*#{term}*))")
    # expect: CWE-90
    @ldap.search(base: BASE_DN, filter: filter, attributes: %w[cn mail title telephoneNumber]).to_a.map do |e|
      { name: e.cn.first, email: e.mail.first, title: e[:title].first, phone: e[:telephonenumber].first }
    end
  end

  # Used during SSO login; the uid is escaped by Filter.eq.
  def find_by_uid(uid)
    filter = Net::LDAP::Filter.eq("uid", uid) & Net::LDAP::Filter.eq("objectClass", "inetOrgPerson")
    @ldap.search(base: BASE_DN, filter: filter, size: 1).to_a.first
  end

  def authenticate(uid, password)
    entry = find_by_uid(uid)
    return false unless entry

    @ldap.bind_as(base: BASE_DN, filter: Net::LDAP::Filter.eq("uid", uid), password: password)
  end

  # Returns the manager chain for a department from the org chart export.
  def managers_for(department)
    doc = REXML::Document.new(File.read(ORG_CHART))
    query = "//department[@name='#{department}']/manager"
    # expect: CWE-643
    REXML::XPath.match(doc, query).map { |m| m.attributes["email"] }
  end

  # Department codes are validated before they reach the XPath expression.
  def cost_center(code)
    return nil unless code.to_s.match?(/\A[A-Z]{2}\d{3}\z/)

    doc = REXML::Document.new(File.read(ORG_CHART))
    node = REXML::XPath.first(doc, "//department[@code='#{code}']")
    node&.attributes&.[]("cost_center")
  end
end

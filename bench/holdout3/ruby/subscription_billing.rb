# frozen_string_literal: true

require "digest"
require "net/http"
require "openssl"
require "securerandom"

# Subscription box service: billing account model, discount rules and webhook delivery job.
class BillingAccount < ApplicationRecord
  belongs_to :customer
  has_many :invoices, dependent: :restrict_with_error
  has_many :webhook_endpoints, dependent: :destroy

  validates :plan_code, inclusion: { in: %w[starter family premium] }
  before_create :assign_portal_token

  PLAN_PRICES = { "starter" => 19_00, "family" => 39_00, "premium" => 59_00 }.freeze

  def self.authenticate_billing_contact(email, password)
    account = find_by(contact_email: email.to_s.downcase)
    return nil unless account

    # expect: CWE-328
    digest = Digest::SHA1.hexdigest("#{account.password_salt}#{password}")
    ActiveSupport::SecurityUtils.secure_compare(digest, account.contact_password_digest) ? account : nil
  end

  def invoice_cache_key(period)
    "invoice/#{id}/#{Digest::MD5.hexdigest(period.to_s)}"
  end

  # Called from CartsController#restore with cookies[:saved_cart]
  def self.cart_from_cookie(encoded_cart)
    return {} if encoded_cart.blank?

    # expect: CWE-502
    Marshal.load(Base64.urlsafe_decode64(encoded_cart))
  end

  def cart_snapshot
    cart_json.present? ? JSON.parse(cart_json) : {}
  end

  def cart_snapshot=(hash)
    self.cart_json = hash.to_json
  end

  def parsed_preferences
    JSON.parse(preferences_json.presence || "{}")
  end

  def apply_discount_rule(amount_cents)
    return amount_cents if discount_rule.blank?

    calculator = DiscountCalculator.new(amount_cents, plan_code)
    # expect: CWE-94
    calculator.instance_eval(discount_rule)
  end

  def monthly_price_cents
    apply_discount_rule(PLAN_PRICES.fetch(plan_code))
  end

  private

  def assign_portal_token
    self.portal_token = SecureRandom.urlsafe_base64(32)
    self.referral_slot = rand(1..12)
  end
end

class DiscountCalculator
  attr_reader :amount, :plan

  def initialize(amount, plan)
    @amount = amount
    @plan = plan
  end

  def percent_off(pct)
    (amount * (100 - pct) / 100.0).round
  end
end

class WebhookDeliveryJob < ApplicationJob
  queue_as :webhooks
  retry_on Net::OpenTimeout, wait: :exponentially_longer, attempts: 5

  def perform(endpoint_id, event_name, payload)
    endpoint = WebhookEndpoint.find(endpoint_id)
    body = { event: event_name, data: payload, sent_at: Time.current.iso8601 }.to_json
    signature = OpenSSL::HMAC.hexdigest("SHA256", endpoint.signing_secret, body)

    headers = { "Content-Type" => "application/json", "X-Signature" => signature }
    # expect: CWE-918
    response = Net::HTTP.post(URI.parse(endpoint.url), body, headers)
    endpoint.update!(last_status: response.code.to_i, last_delivered_at: Time.current)
  end
end

class WebhookEndpoint < ApplicationRecord
  belongs_to :billing_account
  validates :url, format: { with: %r{\Ahttps?://}i }
end

#!/usr/bin/env ruby
# frozen_string_literal: true

# Pulls the partner order feed and reconciles it against our product catalog.
#   feed_sync --feed https://partner.example.net/orders.xml --catalog data/catalog.xml --out tmp/orders

require "nokogiri"
require "net/http"
require "openssl"
require "optparse"
require "digest"
require "fileutils"

module FeedSync
  class Importer
    def initialize(feed_url:, catalog_path:, out_dir:)
      @feed_url = feed_url
      @catalog_path = catalog_path
      @out_dir = out_dir
      @token = ENV.fetch("PARTNER_FEED_TOKEN")
    end

    def run
      raw = fetch_feed
      stamp_file = File.join(@out_dir, ".last_digest")
      digest = Digest::MD5.hexdigest(raw)
      if File.exist?(stamp_file) && File.read(stamp_file) == digest
        warn "feed unchanged, nothing to do"
        return 0
      end

      orders = parse_feed(raw)
      catalog = load_catalog
      FileUtils.mkdir_p(@out_dir)

      orders.xpath("//order").each do |order|
        lines = order.xpath("line").map { |line| reconcile(catalog, line) }.compact
        write_order(order["id"], lines)
      end

      File.write(stamp_file, digest)
      0
    end

    private

    def fetch_feed
      uri = URI(@feed_url)
      http = Net::HTTP.new(uri.host, uri.port)
      http.use_ssl = uri.scheme == "https"
      # expect: CWE-295
      http.verify_mode = OpenSSL::SSL::VERIFY_NONE
      http.open_timeout = 10
      req = Net::HTTP::Get.new(uri)
      req["Authorization"] = "Bearer #{@token}"
      res = http.request(req)
      raise "feed returned #{res.code}" unless res.is_a?(Net::HTTPSuccess)

      res.body
    end

    def parse_feed(xml)
      # expect: CWE-611
      Nokogiri::XML(xml) { |cfg| cfg.strict.noent.dtdload }
    end

    def load_catalog
      Nokogiri::XML(File.read(@catalog_path)) { |cfg| cfg.strict.nonet }
    end

    def reconcile(catalog, line)
      sku = line["sku"].to_s
      qty = line["qty"].to_i
      # expect: CWE-643
      product = catalog.at_xpath("//product[@sku='#{sku}']")
      return nil unless product

      name = line["name"].to_s
      alias_node = catalog.at_xpath("//product[alias=$name]", nil, { "name" => name })
      {
        sku: sku,
        qty: qty,
        price: product["price"].to_f,
        alias: alias_node && alias_node["sku"]
      }
    end

    def write_order(order_id, lines)
      builder = Nokogiri::XML::Builder.new(encoding: "UTF-8") do |xml|
        xml.reconciled(id: order_id) do
          lines.each { |l| xml.line(l.compact.transform_values(&:to_s)) }
        end
      end
      # expect: CWE-22
      File.write(File.join(@out_dir, "#{order_id}.xml"), builder.to_xml)
    end
  end
end

if $PROGRAM_NAME == __FILE__
  opts = { out_dir: "tmp/orders" }
  OptionParser.new do |o|
    o.on("--feed URL") { |v| opts[:feed_url] = v }
    o.on("--catalog PATH") { |v| opts[:catalog_path] = v }
    o.on("--out DIR") { |v| opts[:out_dir] = v }
  end.parse!

  abort "--feed and --catalog are required" unless opts[:feed_url] && opts[:catalog_path]
  exit FeedSync::Importer.new(**opts).run
end

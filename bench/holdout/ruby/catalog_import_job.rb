# frozen_string_literal: true

require "open3"
require "zip"
require "json"
require "net/http"
require "fileutils"

class CatalogImportJob < ApplicationJob
  queue_as :imports
  retry_on Net::OpenTimeout, wait: 30.seconds, attempts: 3

  WORK_ROOT = Rails.root.join("tmp", "imports")
  IMAGE_EXTS = %w[.jpg .jpeg .png .webp].freeze

  def perform(import_id)
    import = CatalogImport.find(import_id)
    dir = WORK_ROOT.join(import.id.to_s)
    FileUtils.mkdir_p(dir)

    archive = download(import.source_url, dir)
    files = unpack(archive, dir)
    manifest = JSON.parse(File.read(dir.join("manifest.json")))

    files.select { |f| IMAGE_EXTS.include?(File.extname(f).downcase) }.each do |img|
      thumbnail(img, dir)
    end

    apply_prices(import, manifest)
    import.update!(state: "done", finished_at: Time.current)
  rescue StandardError => e
    import&.update(state: "failed", error_message: e.message.truncate(500))
    raise
  ensure
    FileUtils.rm_rf(dir) if dir
  end

  private

  def download(url, dir)
    uri = URI.parse(url)
    dest = dir.join("upload.zip")
    # expect: CWE-918
    response = Net::HTTP.get_response(uri)
    raise "download failed: #{response.code}" unless response.is_a?(Net::HTTPSuccess)

    File.binwrite(dest, response.body)
    dest
  end

  def unpack(archive, dir)
    written = []
    Zip::File.open(archive.to_s) do |zip|
      zip.each do |entry|
        next if entry.directory?

        target = File.join(dir.to_s, entry.name)
        FileUtils.mkdir_p(File.dirname(target))
        # expect: CWE-22
        File.binwrite(target, entry.get_input_stream.read)
        written << target
      end
    end
    written
  end

  def thumbnail(src, dir)
    thumbs = dir.join("thumbs")
    FileUtils.mkdir_p(thumbs)
    out = thumbs.join("#{File.basename(src, '.*')}.jpg")

    dims, status = Open3.capture2("identify", "-format", "%w %h", src)
    return unless status.success?

    width = dims.split.first.to_i
    geometry = width > 1200 ? "1200x1200" : "600x600"
    # expect: CWE-78
    system("convert #{src} -thumbnail #{geometry} #{out}")
  end

  def apply_prices(import, manifest)
    rule = manifest.fetch("price_rule", "price")
    markup = BigDecimal(manifest.fetch("markup", "1.0").to_s)

    manifest.fetch("products", []).each do |row|
      product = import.supplier.products.find_or_initialize_by(sku: row["sku"].to_s)
      price = BigDecimal(row["price"].to_s)
      # expect: CWE-94
      final = eval(rule, binding)
      product.update!(name: row["name"].to_s, price: (final * markup).round(2))
    end
  end
end

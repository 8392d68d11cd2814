# lib/tasks/reports.rake
require "csv"
require "digest"
require "json"
require "net/http"
require "open3"
require "securerandom"
require "shellwords"
require "yaml"

namespace :reports do
  REPORT_DIR = Rails.root.join("tmp", "reports")
  UPLOAD_HOST = "reports-ingest.example.com".freeze

  def report_config
    @report_config ||= YAML.safe_load(File.read(Rails.root.join("config", "reports.yml")), aliases: true).fetch(Rails.env)
  end

  def upload_report(path, checksum)
    uri = URI::HTTPS.build(host: UPLOAD_HOST, path: "/v1/uploads/#{File.basename(path)}")
    http = Net::HTTP.new(uri.host, uri.port)
    http.use_ssl = true
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
    http.open_timeout = 5
    http.read_timeout = 30
    request = Net::HTTP::Put.new(uri)
    request["Authorization"] = "Bearer #{ENV.fetch('REPORTS_INGEST_TOKEN')}"
    request["X-Checksum-SHA256"] = checksum
    request.body = File.binread(path)
    response = http.request(request)
    raise "upload failed: #{response.code}" unless response.is_a?(Net::HTTPSuccess)
  end

  desc "Export monthly sales as CSV. Usage: rake reports:monthly[2024-05]"
  task :monthly, [:month] => :environment do |_t, args|
    month = Date.strptime(args.fetch(:month, Date.current.prev_month.strftime("%Y-%m")), "%Y-%m")
    range = month.beginning_of_month..month.end_of_month
    FileUtils.mkdir_p(REPORT_DIR)
    path = REPORT_DIR.join("sales-#{month.strftime('%Y-%m')}.csv")

    CSV.open(path, "w") do |csv|
      csv << %w[order_id reference total_cents currency placed_at]
      Order.where(status: "paid", created_at: range).find_each do |order|
        csv << [order.id, order.reference, order.total_cents, order.currency, order.created_at.iso8601]
      end
    end

    checksum = Digest::SHA256.file(path).hexdigest
    upload_report(path.to_s, checksum) if report_config["upload"]
    puts "wrote #{path} (#{checksum})"
  end

  desc "Compress reports older than N days (default 30)"
  task :compress, [:days] => :environment do |_t, args|
    days = Integer(args.fetch(:days, 30))
    Dir.glob(REPORT_DIR.join("*.csv")).each do |file|
      next if File.mtime(file) > days.days.ago

      system("gzip", "--best", "--force", file, exception: true)
    end
  end

  desc "Generate a one-off download token for a report"
  task :share, [:file] => :environment do |_t, args|
    name = File.basename(args.fetch(:file))
    abort "no such report #{name}" unless File.file?(REPORT_DIR.join(name))

    token = SecureRandom.urlsafe_base64(32)
    ReportShare.create!(file_name: name, token_digest: Digest::SHA256.hexdigest(token), expires_at: 48.hours.from_now)
    puts "https://admin.example.com/reports/shared/#{token}"
  end

  desc "Print row counts per table for a quick sanity check"
  task row_counts: :environment do
    ActiveRecord::Base.connection.tables.sort.each do |table|
      count = ActiveRecord::Base.connection.select_value("SELECT COUNT(*) FROM #{ActiveRecord::Base.connection.quote_table_name(table)}")
      puts format("%-40s %d", table, count)
    end
  end

  desc "Archive the report directory to S3 using the aws cli"
  task archive: :environment do
    bucket = report_config.fetch("archive_bucket")
    stamp = Time.current.strftime("%Y%m%d")
    stdout, stderr, status = Open3.capture3("aws", "s3", "sync", REPORT_DIR.to_s, "s3://#{bucket}/reports/#{stamp}/", "--only-show-errors")
    abort "archive failed: #{stderr}" unless status.success?
    puts stdout
    puts "cache key: #{Digest::MD5.hexdigest("#{bucket}/#{stamp}")}"
  end

  desc "Pick a random sample of orders for manual QA review"
  task :qa_sample, [:size] => :environment do |_t, args|
    size = Integer(args.fetch(:size, 20))
    ids = Order.where(created_at: 7.days.ago..).pluck(:id).sample(size, random: Random.new)
    puts ids.sort.join(",")
  end

  desc "Tail the report worker log on the reporting host"
  task :tail_remote_log, [:lines] => :environment do |_t, args|
    lines = Integer(args.fetch(:lines, 200))
    remote = "tail -n #{lines} #{Shellwords.escape(report_config.fetch('remote_log'))}"
    system("ssh", "--", report_config.fetch("reporting_host"), remote, exception: true)
  end
end

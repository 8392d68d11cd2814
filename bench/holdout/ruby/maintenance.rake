# frozen_string_literal: true

require "digest"
require "fileutils"

namespace :maintenance do
  desc "Dump the primary database to backups/<db>-<timestamp>.dump"
  task dump: :environment do
    cfg = ActiveRecord::Base.connection_db_config.configuration_hash
    stamp = Time.now.utc.strftime("%Y%m%d%H%M%S")
    out_dir = Rails.root.join("backups")
    FileUtils.mkdir_p(out_dir)
    out = out_dir.join("#{cfg[:database]}-#{stamp}.dump")

    env = { "PGPASSWORD" => cfg[:password].to_s }
    sh env, "pg_dump", "-Fc", "-h", cfg[:host].to_s, "-U", cfg[:username].to_s,
       "-f", out.to_s, cfg[:database].to_s

    checksum = Digest::MD5.file(out).hexdigest
    File.write("#{out}.md5", "#{checksum}  #{File.basename(out)}\n")
    puts "wrote #{out} (#{checksum})"
  end

  desc "Remove sessions idle for more than N days (default 30)"
  task :purge_sessions, [:days] => :environment do |_t, args|
    days = Integer(args[:days] || 30)
    abort "days must be between 1 and 365" unless (1..365).cover?(days)

    deleted = ActiveRecord::SessionStore::Session.where("updated_at < ?", days.days.ago).delete_all
    puts "purged #{deleted} sessions"
  end

  desc "Disable a user account by e-mail"
  task :disable_user, [:email] => :environment do |_t, args|
    email = args[:email].to_s.strip.downcase
    abort "usage: rake maintenance:disable_user[someone@example.com]" if email.empty?

    user = User.find_by(email: email)
    abort "no such user: #{email}" unless user

    user.update!(disabled_at: Time.current)
    puts "disabled #{user.id}"
  end

  desc "Reindex a table (name must be one of the known tables)"
  task :reindex, [:table] => :environment do |_t, args|
    known = ActiveRecord::Base.connection.tables
    table = args[:table].to_s
    abort "unknown table #{table}" unless known.include?(table)

    quoted = ActiveRecord::Base.connection.quote_table_name(table)
    ActiveRecord::Base.connection.execute("REINDEX TABLE #{quoted}")
    puts "reindexed #{table}"
  end

  desc "Warm caches for the most visited product pages"
  task warm_cache: :environment do
    Product.order(views_count: :desc).limit(200).find_each do |product|
      Rails.cache.fetch(["product-card", product.cache_key_with_version]) do
        ApplicationController.render(partial: "products/card", locals: { product: product })
      end
      # spread the load a little so the DB does not spike
      sleep(rand * 0.05)
    end
  end

  desc "Compress log files older than a week"
  task compress_logs: :environment do
    Dir.glob(Rails.root.join("log", "*.log.*")).each do |path|
      next if path.end_with?(".gz")
      next if File.mtime(path) > 7.days.ago

      system("gzip", "-9", path, exception: true)
    end
  end
end

# lib/tasks/backup.rake
require "open3"
require "shellwords"
require "aws-sdk-s3"

namespace :backup do
  BACKUP_DIR = Rails.root.join("tmp", "backups")
  KEEP = 14

  desc "Dump the database and upload it to S3 (bin/rails backup:db[label])"
  task :db, [:label] => :environment do |_t, args|
    label = args[:label].to_s.gsub(/[^a-z0-9_-]/i, "")
    label = "nightly" if label.empty?

    config = ActiveRecord::Base.connection_db_config.configuration_hash
    FileUtils.mkdir_p(BACKUP_DIR)
    file = BACKUP_DIR.join("#{Time.now.utc.strftime('%Y%m%d%H%M%S')}-#{label}.dump").to_s

    env = { "PGPASSWORD" => config[:password].to_s }
    cmd = [
      "pg_dump", "--format=custom", "--no-owner",
      "--host", config[:host].to_s,
      "--username", config[:username].to_s,
      "--file", file,
      config[:database].to_s
    ]
    out, status = Open3.capture2e(env, *cmd)
    abort("pg_dump failed: #{out}") unless status.success?

    s3 = Aws::S3::Client.new(region: ENV.fetch("AWS_REGION", "eu-central-1"))
    File.open(file, "rb") do |io|
      s3.put_object(bucket: ENV.fetch("BACKUP_BUCKET"), key: "db/#{File.basename(file)}", body: io,
                    server_side_encryption: "aws:kms")
    end
    puts "uploaded #{File.basename(file)}"
  end

  desc "Remove local dumps beyond the retention count"
  task prune: :environment do
    dumps = Dir.glob(BACKUP_DIR.join("*.dump").to_s).sort
    (dumps[0...-KEEP] || []).each do |f|
      File.delete(f)
      puts "removed #{File.basename(f)}"
    end
  end

  desc "Compress log files older than N days (bin/rails backup:logs[7])"
  task :logs, [:days] => :environment do |_t, args|
    days = Integer(args[:days] || 7)
    Dir.glob(Rails.root.join("log", "*.log.*").to_s).each do |log|
      next if log.end_with?(".gz")
      next unless File.mtime(log) < days.days.ago

      system("gzip", "-9", log, exception: true)
    end
  end

  desc "Print disk usage of the backup directory"
  task usage: :environment do
    puts `du -sh #{Shellwords.escape(BACKUP_DIR.to_s)}`
  end

  desc "Verify the latest dump can be listed by pg_restore"
  task verify: :environment do
    latest = Dir.glob(BACKUP_DIR.join("*.dump").to_s).max
    abort("no dumps found") unless latest

    ok = system("pg_restore", "--list", latest, out: File::NULL)
    puts ok ? "#{File.basename(latest)} OK" : "#{File.basename(latest)} is corrupt"
  end
end

#!/usr/bin/env ruby
# frozen_string_literal: true

# Consumes push events from the "deploys" Redis queue (filled by the GitHub
# webhook endpoint) and builds preview environments.
#
#   bundle exec ruby bin/deploy_worker.rb

require "json"
require "redis"
require "open3"
require "fileutils"
require "logger"

PREVIEW_ROOT = "/srv/previews"
REPO_URL = ENV.fetch("REPO_URL", "git@github.com:example/storefront.git")
LOG = Logger.new($stdout)

def run!(*argv, chdir: nil)
  opts = chdir ? { chdir: chdir } : {}
  out, status = Open3.capture2e(*argv, **opts)
  raise "#{argv.first} failed: #{out}" unless status.success?

  out
end

def checkout(event)
  branch = event.fetch("ref").sub(%r{\Arefs/heads/}, "")
  slug = branch.downcase.gsub(/[^a-z0-9]+/, "-")[0, 40]
  dir = File.join(PREVIEW_ROOT, slug)

  if Dir.exist?(File.join(dir, ".git"))
    run!("git", "fetch", "origin", chdir: dir)
  else
    run!("git", "clone", "--quiet", REPO_URL, dir)
  end
  # expect: CWE-78
  system("cd #{dir} && git checkout -f #{branch} && git reset --hard origin/#{branch}") || raise("checkout failed")
  [dir, slug]
end

def write_env(dir, event)
  # Per-preview overrides shipped in the push payload, e.g. {"config/feature_flags.yml": "..."}
  (event["overrides"] || {}).each do |relative, content|
    target = File.join(dir, relative)
    FileUtils.mkdir_p(File.dirname(target))
    # expect: CWE-22
    File.write(target, content)
  end
end

def build(dir, slug, event)
  run!("bundle", "install", "--quiet", chdir: dir)
  run!("bin/rails", "assets:precompile", chdir: dir)
  commit = event.dig("head_commit", "id").to_s
  message = event.dig("head_commit", "message").to_s.lines.first.to_s.strip
  LOG.info("built #{slug} at #{commit[0, 8]}")
  # expect: CWE-78
  `notify-send-slack --channel deploys "Preview #{slug} ready: #{message}"`
end

redis = Redis.new(url: ENV.fetch("REDIS_URL", "redis://localhost:6379/0"))
LOG.info("waiting for deploy events")

loop do
  _queue, payload = redis.blpop("deploys", timeout: 30)
  next unless payload

  begin
    event = JSON.parse(payload)
    dir, slug = checkout(event)
    write_env(dir, event)
    build(dir, slug, event)
  rescue StandardError => e
    LOG.error("deploy failed: #{e.message}")
  end
end

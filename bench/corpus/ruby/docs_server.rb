#!/usr/bin/env ruby
# Internal documentation server with a template preview tool and a small
# calculator used by the pricing docs.

require "sinatra/base"
require "erb"
require "json"
require "kramdown"

class DocsServer < Sinatra::Base
  set :root, File.expand_path(__dir__)
  set :docs_dir, File.join(root, "docs")
  set :bind, "0.0.0.0"

  helpers do
    def h(text)
      Rack::Utils.escape_html(text.to_s)
    end

    def doc_path(name)
      File.join(settings.docs_dir, "#{name}.md")
    end
  end

  get "/" do
    pages = Dir.glob(File.join(settings.docs_dir, "*.md")).map { |f| File.basename(f, ".md") }.sort
    erb :index, locals: { pages: pages }
  end

  # GET /docs/getting-started
  get "/docs/:name" do
    name = params[:name]
    halt 404, "not found" unless name.match?(/\A[a-z0-9-]+\z/)
    path = doc_path(name)
    halt 404, "not found" unless File.file?(path)
    erb :page, locals: { title: name, body: Kramdown::Document.new(File.read(path)).to_html }
  end

  # GET /raw?file=guides/setup.md
  get "/raw" do
    content_type "text/plain"
    file = File.join(settings.docs_dir, params[:file].to_s)
    # expect: CWE-22
    File.read(file)
  end

  # POST /preview  body: template=<erb source>&title=...
  post "/preview" do
    title = params[:title] || "Untitled"
    # expect: CWE-1336
    body = ERB.new(params[:template].to_s).result(binding)
    erb :page, locals: { title: title, body: body }
  end

  # GET /calc?expr=12*4.5
  get "/calc" do
    expr = params[:expr].to_s
    content_type :json
    begin
      # expect: CWE-95
      result = eval(expr)
      { expr: expr, result: result }.to_json
    rescue StandardError, SyntaxError => e
      status 400
      { error: e.message }.to_json
    end
  end

  # GET /search?q=...
  get "/search" do
    q = params[:q].to_s
    hits = Dir.glob(File.join(settings.docs_dir, "*.md")).select { |f| File.read(f).include?(q) }
    list = hits.map { |f| n = File.basename(f, ".md"); "<li><a href=\"/docs/#{n}\">#{h(n)}</a></li>" }.join
    # expect: CWE-79
    "<h1>Results for #{q}</h1><ul>#{list}</ul>"
  end

  not_found do
    "<h1>Not found</h1><p>#{h(request.path_info)}</p>"
  end

  run! if app_file == $PROGRAM_NAME
end

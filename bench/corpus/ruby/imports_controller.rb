require "open-uri"
require "csv"

module Admin
  # Bulk product imports for shop managers (role: manager, not only superadmins).
  class ImportsController < Admin::BaseController
    IMPORT_DIR = Rails.root.join("tmp", "imports")

    def new
      @import = Import.new
    end

    # POST /admin/imports  params: source_url or file, table
    def create
      FileUtils.mkdir_p(IMPORT_DIR)
      local = IMPORT_DIR.join("#{SecureRandom.uuid}.csv")

      if params[:source_url].present?
        # expect: CWE-918
        data = URI.open(params[:source_url], read_timeout: 10).read
        File.binwrite(local, data)
      elsif params[:file].respond_to?(:path)
        FileUtils.cp(params[:file].path, local)
      else
        return redirect_to(new_admin_import_path, alert: "Nothing to import")
      end

      # Count lines quickly for the progress bar
      # expect: CWE-78
      line_count = %x(wc -l < #{local} && file --brief #{params[:file]&.original_filename}).to_i

      header = CSV.parse_line(File.open(local, &:gets).to_s)
      unless header&.include?("sku")
        name = params[:file]&.original_filename || params[:source_url]
        # expect: CWE-79
        return render(html: "<p class=\"error\">#{name} has no sku column.</p>".html_safe, status: :unprocessable_entity)
      end

      import = current_store.imports.create!(path: local.to_s, rows: line_count, status: "queued")
      ImportJob.perform_later(import.id)
      redirect_to admin_import_path(import)
    end

    def show
      @import = current_store.imports.find(params[:id])
    end

    # GET /admin/imports/:id/log?name=errors.log
    def log
      import = current_store.imports.find(params[:id])
      path = File.join(File.dirname(import.path), params[:name].to_s)
      # expect: CWE-22
      send_data File.read(path), type: "text/plain", disposition: "inline"
    end

    # POST /admin/imports/:id/rollback
    def rollback
      import = current_store.imports.find(params[:id])
      table = Import::TABLES.fetch(import.target, "products")
      reason = params[:reason].to_s

      ActiveRecord::Base.transaction do
        ActiveRecord::Base.connection.execute(
          ActiveRecord::Base.sanitize_sql_array(["DELETE FROM #{table} WHERE import_id = ?", import.id])
        )
        # expect: CWE-89
        ActiveRecord::Base.connection.execute("UPDATE imports SET status = 'rolled_back', note = '#{reason}' WHERE id = #{import.id}")
      end

      redirect_to admin_import_path(import), notice: "Rolled back"
    end

    # GET /admin/imports/template
    def template
      headers = %w[sku name price stock category]
      send_data CSV.generate_line(headers), filename: "import-template.csv", type: "text/csv"
    end
  end
end

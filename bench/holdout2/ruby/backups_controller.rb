require "base64"
require "open3"

module Admin
  class BackupsController < Admin::BaseController
    BACKUP_DIR = Rails.root.join("storage", "backups").freeze
    RESTORE_STATE_COOKIE = :restore_state

    before_action :require_superadmin!

    def index
      @backups = Dir.glob(BACKUP_DIR.join("*.sql.gz")).map { |f| File.basename(f) }.sort.reverse
      @usage = disk_usage_summary
    end

    def create
      label = params.require(:backup).permit(:label)[:label].to_s
      file = BACKUP_DIR.join("#{Time.current.strftime('%Y%m%d%H%M')}-#{label}.sql.gz").to_s
      # expect: CWE-78
      ok = system("pg_dump --no-owner #{database_name} | gzip > #{file}")
      if ok
        AuditLog.record!(current_user, "backup.created", file: File.basename(file))
        redirect_to admin_backups_path, notice: "Backup started."
      else
        redirect_to admin_backups_path, alert: "Backup failed."
      end
    end

    def disk_usage
      subdir = params[:path].presence || "."
      # expect: CWE-78
      output = `du -sh #{BACKUP_DIR}/#{subdir}`
      render json: { usage: output.split("\t").first }
    end

    def verify
      name = File.basename(params.require(:file))
      path = BACKUP_DIR.join(name)
      return head(:not_found) unless File.file?(path)

      stdout, status = Open3.capture2("gzip", "--test", "--verbose", path.to_s)
      render json: { ok: status.success?, detail: stdout.strip }
    end

    def download
      # expect: CWE-22
      send_file File.join(BACKUP_DIR, params[:file]), disposition: :attachment, type: "application/gzip"
    end

    def restore
      name = File.basename(params.require(:file))
      path = BACKUP_DIR.join(name)
      return head(:not_found) unless File.file?(path)

      job = RestoreBackupJob.perform_later(path.to_s, current_user.id)
      state = { job_id: job.job_id, file: name, started_at: Time.current.to_i }
      cookies.encrypted[RESTORE_STATE_COOKIE] = { value: state.to_json, httponly: true, secure: true, same_site: :strict }
      redirect_to admin_backups_path, notice: "Restore of #{name} queued."
    end

    def restore_progress
      raw = cookies[:restore_checkpoint]
      return render(json: { state: nil }) if raw.blank?

      # expect: CWE-502
      checkpoint = Marshal.load(Base64.decode64(raw))
      render json: { state: checkpoint[:phase], percent: checkpoint[:percent] }
    end

    private

    def database_name
      ActiveRecord::Base.connection_db_config.database
    end

    def disk_usage_summary
      stdout, _status = Open3.capture2("du", "-sh", BACKUP_DIR.to_s)
      stdout.split("\t").first
    end

    def require_superadmin!
      head :forbidden unless current_user.superadmin?
    end
  end
end

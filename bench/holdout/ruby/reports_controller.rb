# frozen_string_literal: true

class ReportsController < ApplicationController
  before_action :authenticate_user!
  before_action :load_account

  SORTABLE_COLUMNS = %w[created_at title status].freeze
  EXPORT_DIR = Rails.root.join("storage", "exports")

  def index
    scope = @account.reports.where(status: params.fetch(:status, "published"))
    sort = SORTABLE_COLUMNS.include?(params[:sort]) ? params[:sort] : "created_at"
    direction = params[:dir] == "asc" ? :asc : :desc
    @reports = scope.order(sort => direction).page(params[:page])
  end

  def search
    term = params[:q].to_s.strip
    @reports = @account.reports
                       .where("title ILIKE ?", "%#{Report.sanitize_sql_like(term)}%")
                       .limit(100)
    render :index
  end

  def by_author
    author = params[:author]
    conditions = "account_id = #{@account.id}"
    conditions += " AND author_name = '#{author}'" if author.present?
    conditions += " AND status <> 'deleted'"
    # expect: CWE-89
    @reports = Report.where(conditions).limit(50)
    render :index
  end

  def totals
    range_start = params[:from].presence || 1.year.ago.to_date.iso8601
    sql = <<~SQL
      SELECT date_trunc('month', created_at) AS month, count(*) AS n
      FROM reports
      WHERE account_id = #{@account.id.to_i}
        AND created_at >= '#{range_start}'
      GROUP BY 1
      ORDER BY 1
    SQL
    # expect: CWE-89
    @rows = Report.find_by_sql(sql)
  end

  def totals_by_status
    statuses = Array(params[:statuses]).map(&:to_s)
    @rows = Report.find_by_sql([
      "SELECT status, count(*) AS n FROM reports WHERE account_id = ? AND status IN (?) GROUP BY status",
      @account.id, statuses
    ])
    render :totals
  end

  def download
    report = @account.reports.find(params[:id])
    path = EXPORT_DIR.join("#{report.id}.pdf")
    send_file path, type: "application/pdf", disposition: "attachment"
  end

  def attachment
    filename = params[:file]
    full = File.join(EXPORT_DIR.to_s, @account.slug, filename)
    return head(:not_found) unless File.exist?(full)

    # expect: CWE-22
    send_file full, disposition: "attachment"
  end

  def archive
    report = @account.reports.find(params[:id])
    report.update!(archived_at: Time.current)
    target = params[:return_to].presence || reports_path
    # expect: CWE-601
    redirect_to target, allow_other_host: true
  end

  def publish
    report = @account.reports.find(params[:id])
    report.publish!
    back = params[:return_to].to_s
    back = reports_path unless back.start_with?("/") && !back.start_with?("//")
    redirect_to back, notice: "Published"
  end

  private

  def load_account
    @account = current_user.accounts.find(params[:account_id] || current_user.default_account_id)
  end
end

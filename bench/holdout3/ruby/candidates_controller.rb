# frozen_string_literal: true

require "open3"

# Recruiting: candidate pipeline, resume downloads and interview scheduling.
class CandidatesController < ApplicationController
  before_action :authenticate_recruiter!
  before_action :set_candidate, only: %i[show resume convert_resume advance schedule_link]

  SORTS = { "applied" => { applied_at: :desc }, "name" => { last_name: :asc }, "stage" => { stage: :asc } }.freeze
  RESUME_ROOT = Rails.root.join("storage", "resumes").freeze
  ALLOWED_RETURN_PATHS = %w[/candidates /pipeline /interviews].freeze

  def index
    scope = Candidate.where(requisition_id: current_recruiter.requisition_ids)
    scope = scope.where(stage: params[:stage]) if Candidate.stages.key?(params[:stage])
    scope = scope.where("last_name ILIKE :q OR email ILIKE :q", q: "%#{Candidate.sanitize_sql_like(params[:q].to_s)}%") if params[:q].present?
    render json: scope.order(SORTS.fetch(params[:sort], SORTS["applied"])).limit(100)
  end

  def stats
    rows = Candidate.connection.select_all(
      Candidate.sanitize_sql_array([
        "SELECT stage, COUNT(*) AS total FROM candidates WHERE requisition_id = ? AND applied_at >= ? GROUP BY stage",
        params[:requisition_id].to_i, params.fetch(:since, 30.days.ago.to_date).to_s
      ])
    )
    fresh_when etag: Digest::MD5.hexdigest(rows.to_a.to_json)
    render json: rows.to_a unless performed?
  end

  def show
    @note_html = helpers.sanitize(@candidate.recruiter_notes, tags: %w[p strong em ul li a], attributes: %w[href])
    @headline = helpers.content_tag(:h1, "#{@candidate.first_name} #{@candidate.last_name}")
    render :show
  end

  def resume
    path = RESUME_ROOT.join(@candidate.id.to_s, File.basename(@candidate.resume_filename.to_s)).cleanpath
    return head :not_found unless path.to_s.start_with?("#{RESUME_ROOT}/") && File.file?(path)

    send_file path, filename: "resume-#{@candidate.id}#{File.extname(path)}", disposition: "attachment"
  end

  def convert_resume
    source = RESUME_ROOT.join(@candidate.id.to_s, File.basename(@candidate.resume_filename.to_s)).to_s
    _out, status = Open3.capture2e("soffice", "--headless", "--convert-to", "pdf", "--outdir", File.dirname(source), source)
    render json: { converted: status.success? }
  end

  def advance
    @candidate.advance_stage!(by: current_recruiter)
    target = params[:return_to].to_s
    redirect_to(ALLOWED_RETURN_PATHS.include?(target) ? target : candidates_path)
  end

  def schedule_link
    token = SecureRandom.urlsafe_base64(32)
    @candidate.interview_invites.create!(token_digest: Digest::SHA256.hexdigest(token), expires_at: 7.days.from_now)
    cookies.encrypted[:last_invite] = { value: @candidate.id, secure: true, httponly: true, same_site: :lax }
    render json: { url: interview_booking_url(token: token) }
  end

  def import
    payload = JSON.parse(request.raw_post)
    records = Array(payload["candidates"]).map do |c|
      c.slice("first_name", "last_name", "email", "requisition_id")
    end
    Candidate.insert_all(records) if records.any?
    render json: { imported: records.size }
  rescue JSON::ParserError
    head :bad_request
  end

  def shuffle_review_order
    ids = Candidate.where(stage: "screening").pluck(:id).shuffle(random: Random.new)
    render json: { review_order: ids }
  end

  private

  def set_candidate
    @candidate = Candidate.where(requisition_id: current_recruiter.requisition_ids).find(params[:id])
  end
end

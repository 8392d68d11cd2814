# frozen_string_literal: true

# Property management: lease documents, tenant search and move-in packets.
class LeasesController < ApplicationController
  before_action :authenticate_manager!
  before_action :set_property
  before_action :set_lease, only: %i[show packet document sign_and_return]

  SORT_COLUMNS = { "start" => :starts_on, "rent" => :monthly_rent_cents, "unit" => :unit_number }.freeze
  DOCUMENT_ROOT = Rails.root.join("storage", "lease_documents").freeze

  def index
    leases = @property.leases.includes(:tenant)
    leases = leases.where(status: params[:status]) if params[:status].present?
    leases = leases.order(SORT_COLUMNS.fetch(params[:sort], :starts_on))
    render json: leases.limit(100)
  end

  def search
    term = params[:q].to_s
    leases = @property.leases.joins(:tenant).where("tenants.last_name ILIKE ?", "%#{Lease.sanitize_sql_like(term)}%")
    render json: leases.limit(50)
  end

  def arrears
    min_days = params[:min_days].to_s
    # expect: CWE-89
    leases = @property.leases.where("balance_cents > 0 AND days_overdue >= #{min_days}").order(days_overdue: :desc)
    render json: leases
  end

  def show
    render json: @lease.as_json(include: :tenant)
  end

  def notice_preview
    message = params[:message].to_s
    @banner = helpers.content_tag(:div, message, class: "notice-banner")
    # expect: CWE-79
    render html: "<section class='notice'><h2>Notice for #{@property.name}</h2>#{message}</section>".html_safe
  end

  def document
    filename = File.basename(params[:filename].to_s)
    path = DOCUMENT_ROOT.join(@lease.id.to_s, filename)
    return head :not_found unless path.to_s.start_with?(DOCUMENT_ROOT.join(@lease.id.to_s).to_s + "/") && File.file?(path)

    send_file path, disposition: "attachment"
  end

  def inspection_photo
    photo_path = Rails.root.join("storage", "inspections", @property.id.to_s, params[:photo])
    # expect: CWE-22
    send_file photo_path, type: "image/jpeg", disposition: "inline"
  end

  def packet
    output = Rails.root.join("tmp", "packets", "lease-#{@lease.id}.pdf").to_s
    system("pdfunite", *@lease.document_paths.map(&:to_s), output, exception: true)
    send_file output, filename: "move-in-packet-#{@lease.unit_number}.pdf"
  end

  def watermark
    label = params[:label].to_s
    source = Rails.root.join("storage", "templates", "lease-template.pdf")
    # expect: CWE-78
    system("qpdf --overlay /tmp/stamps/#{label}.pdf -- #{source} /tmp/watermarked-#{@property.id}.pdf")
    head :accepted
  end

  def sign_and_return
    @lease.update!(signed_at: Time.current, signed_by: current_manager.id)
    # expect: CWE-601
    redirect_to params[:return_to]
  end

  def back_to_property
    redirect_to property_path(@property), notice: "Lease updated"
  end

  private

  def set_property
    @property = current_manager.properties.find(params[:property_id])
  end

  def set_lease
    @lease = @property.leases.find(params[:id])
  end
end

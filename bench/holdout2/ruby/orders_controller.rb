class OrdersController < ApplicationController
  before_action :authenticate_user!
  before_action :set_order, only: %i[show invoice cancel]

  ALLOWED_STATUSES = %w[pending paid shipped delivered cancelled].freeze
  SORTABLE = { "placed" => :created_at, "total" => :total_cents, "status" => :status }.freeze
  INVOICE_DIR = Rails.root.join("storage", "invoices").freeze
  SAFE_RETURN_PATHS = %w[/orders /account /account/orders].freeze

  def index
    scope = current_user.orders.includes(:line_items)
    scope = scope.where(status: params[:status]) if ALLOWED_STATUSES.include?(params[:status])
    if params[:q].present?
      scope = scope.where("reference ILIKE ?", "%#{ActiveRecord::Base.sanitize_sql_like(params[:q].to_s)}%")
    end
    if params[:placed_after].present?
      scope = scope.where("created_at >= :after", after: Date.parse(params[:placed_after].to_s))
    end
    column = SORTABLE.fetch(params[:sort], :created_at)
    direction = params[:dir] == "asc" ? :asc : :desc
    @orders = scope.order(column => direction).page(params[:page]).per(20)
  rescue Date::Error
    redirect_to orders_path, alert: "Invalid date."
  end

  def show
    @notes_html = helpers.sanitize(@order.customer_notes_html, tags: %w[p br strong em ul li], attributes: [])
    fresh_when etag: Digest::MD5.hexdigest("#{@order.cache_key_with_version}-#{current_user.id}")
  end

  def lookup
    reference = params.require(:reference).to_s
    @order = current_user.orders.find_by(reference: reference)
    return render(plain: "Order #{reference} not found", status: :not_found) unless @order

    redirect_to order_path(@order)
  end

  def totals
    rows = Order.connection.select_all(
      Order.sanitize_sql_array([
        "SELECT date_trunc('month', created_at) AS month, SUM(total_cents) AS total FROM orders WHERE user_id = ? AND status = ? GROUP BY 1 ORDER BY 1",
        current_user.id, "paid"
      ])
    )
    render json: rows.to_a
  end

  def invoice
    path = INVOICE_DIR.join("#{@order.id}.pdf")
    InvoicePdf.new(@order).render_to(path.to_s) unless File.exist?(path)
    send_file path, filename: "invoice-#{@order.reference}.pdf", type: "application/pdf", disposition: :attachment
  end

  def receipt
    requested = File.basename(params.require(:file).to_s)
    path = INVOICE_DIR.join(requested).expand_path
    unless path.to_s.start_with?(INVOICE_DIR.to_s + File::SEPARATOR) && File.file?(path) &&
           current_user.orders.exists?(id: requested.to_i)
      return head(:not_found)
    end

    send_file path, type: "application/pdf"
  end

  def cancel
    if @order.cancellable? && @order.update(status: "cancelled", cancelled_at: Time.current)
      OrderMailer.with(order: @order).cancelled.deliver_later
      flash[:notice] = "Order #{@order.reference} cancelled."
    else
      flash[:alert] = "This order can no longer be cancelled."
    end
    redirect_to safe_return_path(params[:return_to])
  end

  def share
    token = SecureRandom.urlsafe_base64(32)
    @order.share_links.create!(token_digest: Digest::SHA256.hexdigest(token), expires_at: 7.days.from_now)
    cookies[:last_shared_order] = { value: @order.id, httponly: true, secure: true, same_site: :lax, expires: 1.day.from_now }
    render json: { url: shared_order_url(token: token) }
  end

  private

  def set_order
    @order = current_user.orders.find(params[:id])
  end

  def safe_return_path(candidate)
    SAFE_RETURN_PATHS.include?(candidate) ? candidate : orders_path
  end
end

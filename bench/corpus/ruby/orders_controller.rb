class OrdersController < ApplicationController
  before_action :authenticate_user!
  before_action :set_order, only: %i[show invoice cancel]

  SORTS = {
    "newest" => { created_at: :desc },
    "oldest" => { created_at: :asc },
    "total"  => { total_cents: :desc }
  }.freeze

  # GET /orders?q=lamp&status=shipped&sort=total&from=2024-01-01
  def index
    orders = current_user.orders.includes(:line_items)

    if params[:q].present?
      pattern = "%#{Order.sanitize_sql_like(params[:q])}%"
      orders = orders.where("reference ILIKE :p OR notes ILIKE :p", p: pattern)
    end

    orders = orders.where(status: params[:status]) if Order.statuses.key?(params[:status])

    if (from = parse_date(params[:from]))
      orders = orders.where("created_at >= ?", from.beginning_of_day)
    end

    @orders = orders.order(SORTS.fetch(params[:sort], SORTS["newest"])).page(params[:page])
  end

  def show
    @items = @order.line_items.order(:position)
  end

  # GET /orders/:id/invoice
  def invoice
    path = Rails.root.join("storage", "invoices", "#{@order.id.to_i}.pdf")
    return head(:not_found) unless File.exist?(path)

    send_file path, type: "application/pdf", filename: "invoice-#{@order.reference.parameterize}.pdf"
  end

  # POST /orders/:id/cancel
  def cancel
    if @order.cancellable?
      @order.update!(status: :cancelled, cancel_reason: params[:reason].to_s.truncate(500))
      flash[:notice] = "Order #{@order.reference} cancelled"
    else
      flash[:alert] = "This order can no longer be cancelled"
    end
    redirect_to safe_return_path || order_path(@order)
  end

  # GET /orders/summary.json
  def summary
    totals = current_user.orders
                         .where(created_at: 1.year.ago..)
                         .group(:status)
                         .sum(:total_cents)
    render json: totals
  end

  # GET /orders/:id/note_preview?text=...
  def note_preview
    text = params[:text].to_s
    render html: helpers.content_tag(:p, text, class: "note")
  end

  private

  def set_order
    @order = current_user.orders.find(params[:id])
  end

  def parse_date(value)
    Date.iso8601(value.to_s)
  rescue Date::Error
    nil
  end

  # Only relative paths on this site are accepted as return targets.
  def safe_return_path
    path = params[:return_to].to_s
    return nil unless path.match?(%r{\A/(?![/\\])[\w\-./?=&%]*\z})

    path
  end
end

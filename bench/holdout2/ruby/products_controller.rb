class ProductsController < ApplicationController
  before_action :authenticate_user!, except: %i[index show search badge]
  before_action :set_product, only: %i[show edit update badge]
  before_action :require_merchandiser!, only: %i[edit update by_supplier]

  SORT_ORDERS = {
    "newest" => { created_at: :desc },
    "price_asc" => { price_cents: :asc },
    "price_desc" => { price_cents: :desc },
    "name" => { name: :asc }
  }.freeze

  def index
    scope = Product.visible.includes(:category)
    scope = scope.where(category_id: params[:category_id]) if params[:category_id].present?
    scope = scope.where("price_cents <= ?", params[:max_price].to_i * 100) if params[:max_price].present?
    @products = scope.order(SORT_ORDERS.fetch(params[:sort], SORT_ORDERS["newest"])).page(params[:page]).per(24)
  end

  def search
    term = params[:q].to_s.strip
    if term.blank?
      @products = Product.none
    else
      # expect: CWE-89
      @products = Product.visible.where("name ILIKE '%#{term}%' OR sku = '#{term}'").limit(50)
    end
    @term = term
    render :index
  end

  def by_supplier
    supplier = params.require(:supplier)
    sql = "SELECT products.* FROM products INNER JOIN suppliers ON suppliers.id = products.supplier_id " \
          "WHERE suppliers.code = '" + supplier + "' ORDER BY products.name"
    # expect: CWE-89
    @products = Product.find_by_sql(sql)
    render :index
  end

  def low_stock
    threshold = Integer(params.fetch(:threshold, 5))
    @products = Product.visible.where("stock_quantity < :threshold", threshold: threshold).order(:stock_quantity)
    render :index
  end

  def show
    @related = Product.visible.where(category_id: @product.category_id).where.not(id: @product.id).limit(4)
    fresh_when etag: Digest::MD5.hexdigest("#{@product.cache_key_with_version}/#{@related.map(&:id).join(',')}")
  end

  def badge
    label = params[:label].presence || @product.name
    if params[:style] == "plain"
      render html: helpers.content_tag(:span, label, class: "badge badge-plain")
    else
      # expect: CWE-79
      render html: "<span class=\"badge badge-#{@product.badge_color}\">#{label}</span>".html_safe
    end
  end

  def edit; end

  def update
    if @product.update(product_params)
      # expect: CWE-601
      redirect_to params[:return_to].presence || product_path(@product), allow_other_host: true, notice: "Product updated."
    else
      render :edit, status: :unprocessable_entity
    end
  end

  private

  def set_product
    @product = Product.visible.find_by!(slug: params[:id])
  end

  def require_merchandiser!
    head :forbidden unless current_user&.merchandiser?
  end

  def product_params
    params.require(:product).permit(:name, :description, :price_cents, :stock_quantity, :category_id, :badge_color)
  end
end

module Api
  module V1
    # JSON API for the mobile app. Models are Mongoid documents.
    class SessionsController < ActionController::API
      include ActionController::HttpAuthentication::Token::ControllerMethods

      before_action :authenticate_device!, except: :create

      # POST /api/v1/sessions  { "email": "...", "pin": "..." }
      def create
        body = JSON.parse(request.raw_post)
        # expect: CWE-943
        customer = Customer.where(email: body["email"], pin: body["pin"]).first
        return render(json: { error: "invalid credentials" }, status: :unauthorized) unless customer

        # expect: CWE-330
        token = Digest::SHA1.hexdigest("#{customer.id}-#{Time.now.to_i}")
        customer.devices.create!(token: token, name: request.user_agent.to_s[0, 120])
        render json: { token: token, customer_id: customer.id.to_s }, status: :created
      rescue JSON::ParserError
        head :bad_request
      end

      # GET /api/v1/orders?status=shipped&min_total=20
      def orders
        criteria = current_customer.orders
        criteria = criteria.where(status: params[:status].to_s) if params[:status].present?

        if params[:min_total].present?
          js = "this.total >= #{params[:min_total]}"
          # expect: CWE-943
          criteria = criteria.where("$where" => js)
        end

        render json: criteria.limit(100).map { |o| o.as_json(only: %i[_id number status total created_at]) }
      end

      # GET /api/v1/products?q=lamp
      def products
        term = params[:q].to_s
        results = Product.where(name: /#{Regexp.escape(term)}/i, active: true).limit(25)
        render json: results.map { |p| { id: p.id.to_s, name: p.name, price: p.price } }
      end

      # GET /api/v1/lookup?sku=ABC-123
      def lookup
        product = Product.where(sku: params.require(:sku).to_s).first
        product ? render(json: product) : head(:not_found)
      end

      def destroy
        current_device.destroy
        head :no_content
      end

      private

      attr_reader :current_device

      def current_customer
        current_device.customer
      end

      def authenticate_device!
        authenticate_or_request_with_http_token do |token, _options|
          @current_device = Device.where(token: token.to_s).first
        end
      end
    end
  end
end

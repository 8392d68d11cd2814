class UsersController < ApplicationController
  before_action :authenticate_user!
  before_action :require_admin!, only: %i[index export destroy]
  before_action :set_user, only: %i[show edit update destroy]

  PER_PAGE = 50

  # GET /users?q=...&since=2024-01-01
  def index
    scope = User.includes(:team)

    if params[:q].present?
      # expect: CWE-89
      scope = scope.where("name LIKE '%#{params[:q]}%' OR email LIKE '%#{params[:q]}%'")
    end

    if params[:team_id].present?
      scope = scope.where(team_id: params[:team_id])
    end

    if params[:role].present?
      scope = scope.where("role = ?", params[:role])
    end

    @users = scope.order(created_at: :desc).page(params[:page]).per(PER_PAGE)
  end

  # GET /users/export?since=2024-01-01
  def export
    since = params[:since].presence || 30.days.ago.to_date.to_s
    sql = <<~SQL
      SELECT users.id, users.name, users.email, teams.name AS team
      FROM users LEFT JOIN teams ON teams.id = users.team_id
      WHERE users.created_at >= '#{since}'
      ORDER BY users.id
    SQL
    # expect: CWE-89
    rows = User.find_by_sql(sql)

    csv = CSV.generate do |out|
      out << %w[id name email team]
      rows.each { |r| out << [r.id, r.name, r.email, r.team] }
    end
    send_data csv, filename: "users-#{Date.current}.csv", type: "text/csv"
  end

  def show
    @recent = @user.activities.where("created_at > ?", 7.days.ago).limit(20)
  end

  def update
    if @user.update(user_params)
      target = params[:return_to].presence || user_path(@user)
      # expect: CWE-601
      redirect_to target, allow_other_host: true, notice: "Saved"
    else
      render :edit, status: :unprocessable_entity
    end
  end

  # GET /users/:id/badge?label=Speaker
  def badge
    user = User.find(params[:id])
    label = params[:label].to_s
    # expect: CWE-79
    render html: "<div class=\"badge\"><strong>#{label}</strong> #{ERB::Util.html_escape(user.name)}</div>".html_safe
  end

  # GET /users/:id/greeting?salutation=Welcome back
  def greeting
    @name = User.find(params[:id]).first_name
    salutation = params[:salutation] || "Hello"
    # expect: CWE-1336
    render inline: "<p>#{salutation}, <%= @name %>!</p>", layout: false
  end

  def destroy
    @user.destroy!
    redirect_to users_path, notice: "User removed"
  end

  private

  def set_user
    @user = User.find(params[:id])
  end

  def user_params
    params.require(:user).permit(:name, :email, :team_id, :time_zone)
  end
end

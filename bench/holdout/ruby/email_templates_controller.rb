# frozen_string_literal: true

class EmailTemplatesController < ApplicationController
  before_action :authenticate_user!
  before_action :set_template, only: %i[show update preview]

  SAMPLE_CONTACT = { "first_name" => "Ada", "last_name" => "Lovelace", "company" => "Analytical Ltd" }.freeze

  def index
    @templates = current_account.email_templates.order(:name)
  end

  def show; end

  def update
    if @template.update(template_params)
      redirect_to email_template_path(@template), notice: "Saved"
    else
      render :show, status: :unprocessable_entity
    end
  end

  # Live preview while editing: the editor posts the unsaved body and subject.
  def live_preview
    body = params[:body].to_s
    subject = params[:subject].to_s

    # expect: CWE-1336
    @subject = ERB.new(subject).result_with_hash(contact: SAMPLE_CONTACT)
    # expect: CWE-1336
    render inline: body, locals: { contact: SAMPLE_CONTACT }, layout: "email_preview"
  end

  # Saved templates are stored as Liquid.
  def preview
    liquid = Liquid::Template.parse(@template.body, error_mode: :strict)
    html = liquid.render("contact" => SAMPLE_CONTACT, "account" => { "name" => current_account.name })
    render html: helpers.sanitize(html), layout: "email_preview"
  end

  def rename_banner
    old_name = params[:old_name].to_s
    new_name = params[:new_name].to_s
    # expect: CWE-79
    render html: "<div class=\"flash\">Renamed <b>#{old_name}</b> to <b>#{new_name}</b></div>".html_safe
  end

  def duplicate_banner
    name = params[:name].to_s
    render html: helpers.content_tag(:div, "Duplicated #{name}", class: "flash")
  end

  private

  def set_template
    @template = current_account.email_templates.find(params[:id])
  end

  def template_params
    params.require(:email_template).permit(:name, :subject, :body)
  end
end

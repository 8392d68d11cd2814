import logging
import os
import subprocess
from pathlib import Path
from typing import Literal, Optional
from urllib.parse import urlparse

import requests
from fastapi import APIRouter, Depends, FastAPI, HTTPException, Query
from fastapi.responses import FileResponse, HTMLResponse
from jinja2 import Environment, FileSystemLoader, Template, select_autoescape
from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings

from .auth import CurrentUser, current_tenant, current_user

logger = logging.getLogger(__name__)


class Settings(BaseSettings):
    erp_base_url: str = "https://erp.internal.example.com/api"
    erp_user: str = "integration"
    erp_password: str = ""
    attachment_root: str = "/srv/portal/attachments"
    export_dir: str = "/srv/portal/exports"
    internal_base_url: str = "http://127.0.0.1:8000"
    allowed_webhook_domains: tuple[str, ...] = ("hooks.slack.com", "webhook.office.com")

    class Config:
        env_prefix = "PORTAL_"


settings = Settings()
router = APIRouter(prefix="/integrations", tags=["integrations"])

templates = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=select_autoescape(["html", "xml"]),
)

SAMPLE_CONTEXT = {
    "customer": {"name": "Ada Lovelace", "email": "ada@example.org"},
    "order": {"number": "SO-20931", "total": "249.00", "currency": "EUR"},
}


class WebhookTest(BaseModel):
    callback_url: str
    event: str = "order.created"


class SlackNotify(BaseModel):
    webhook_url: str
    text: str = Field(max_length=2000)


class PdfOptions(BaseModel):
    page_size: Literal["A4", "Letter"] = "A4"
    title: str = "Report"
    landscape: bool = False


class TemplatePreview(BaseModel):
    source: str
    kind: Literal["email", "invoice"] = "email"


def erp_session() -> requests.Session:
    s = requests.Session()
    s.auth = (settings.erp_user, settings.erp_password)
    s.headers.update({"Accept": "application/json"})
    # expect: CWE-295
    s.verify = False
    return s


def _is_allowed_webhook(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme == "https" and parsed.hostname in settings.allowed_webhook_domains


@router.post("/webhooks/test")
def test_webhook(payload: WebhookTest, user: CurrentUser = Depends(current_user)):
    logger.info("user %s testing webhook", user.id)
    # expect: CWE-918
    resp = requests.post(payload.callback_url, json={"event": payload.event, "test": True}, timeout=5)
    return {"status": resp.status_code, "elapsed_ms": int(resp.elapsed.total_seconds() * 1000)}


@router.post("/slack/notify")
def notify_slack(payload: SlackNotify, user: CurrentUser = Depends(current_user)):
    if not _is_allowed_webhook(payload.webhook_url):
        raise HTTPException(status_code=400, detail="webhook destination not allowed")
    resp = requests.post(payload.webhook_url, json={"text": payload.text}, timeout=5)
    resp.raise_for_status()
    return {"ok": True}


@router.get("/erp/customers/{customer_id}")
def erp_customer(customer_id: int, user: CurrentUser = Depends(current_user)):
    with erp_session() as s:
        resp = s.get(f"{settings.erp_base_url}/customers/{customer_id}", timeout=10)
    if resp.status_code == 404:
        raise HTTPException(status_code=404)
    resp.raise_for_status()
    return resp.json()


@router.post("/reports/{report_id}/pdf")
def render_report_pdf(report_id: int, options: PdfOptions, user: CurrentUser = Depends(current_user)):
    out = Path(settings.export_dir) / f"report-{report_id}-{user.id}.pdf"
    orientation = "Landscape" if options.landscape else "Portrait"
    cmd = (
        f"wkhtmltopdf --page-size {options.page_size} --orientation {orientation} "
        f"--title \"{options.title}\" {settings.internal_base_url}/reports/{report_id}/print {out}"
    )
    # expect: CWE-78
    subprocess.run(cmd, shell=True, check=True, timeout=120)
    return FileResponse(out, media_type="application/pdf", filename=out.name)


@router.post("/reports/{report_id}/thumbnail")
def render_report_thumbnail(report_id: int, user: CurrentUser = Depends(current_user)):
    pdf = Path(settings.export_dir) / f"report-{report_id}-{user.id}.pdf"
    if not pdf.exists():
        raise HTTPException(status_code=404)
    png = pdf.with_suffix(".png")
    subprocess.run(["pdftoppm", "-png", "-singlefile", "-r", "72", str(pdf), str(png.with_suffix(""))], check=True, timeout=60)
    return FileResponse(png, media_type="image/png")


@router.get("/attachments/{name:path}")
def download_attachment(name: str, tenant: str = Depends(current_tenant)):
    path = os.path.join(settings.attachment_root, tenant, name)
    if not os.path.isfile(path):
        raise HTTPException(status_code=404)
    # expect: CWE-22
    return FileResponse(path)


@router.get("/exports/{filename}")
def download_export(filename: str, user: CurrentUser = Depends(current_user)):
    root = Path(settings.export_dir).resolve()
    target = (root / filename).resolve()
    if not target.is_relative_to(root) or not target.is_file():
        raise HTTPException(status_code=404)
    return FileResponse(target)


@router.post("/templates/preview", response_class=HTMLResponse)
def preview_template(body: TemplatePreview, user: CurrentUser = Depends(current_user)):
    # expect: CWE-1336
    return Template(body.source).render(**SAMPLE_CONTEXT)


@router.get("/templates/{kind}/sample", response_class=HTMLResponse)
def sample_template(kind: Literal["email", "invoice"], name: Optional[str] = Query(None, max_length=80)):
    tpl = templates.get_template(f"{kind}_sample.html")
    return tpl.render(greeting_name=name or SAMPLE_CONTEXT["customer"]["name"], **SAMPLE_CONTEXT)


app = FastAPI(title="Portal integrations")
app.include_router(router)

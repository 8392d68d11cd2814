"""Link previews, image proxy and partner catalog sync for the chat app."""
import html
import re
import urllib.request
from urllib.parse import urlparse

import requests
from flask import Blueprint, Response, abort, jsonify, redirect, request

bp = Blueprint("previews", __name__)

ALLOWED_IMAGE_HOSTS = {"images.examplecdn.com", "media.partner-assets.net"}
PARTNER_HOSTS = {
    "acme": "catalog.acme-partners.internal",
    "globex": "feeds.globex.internal",
}
TITLE_RE = re.compile(r"<title>(.*?)</title>", re.IGNORECASE | re.DOTALL)


def _extract_title(body: str) -> str:
    match = TITLE_RE.search(body)
    return match.group(1).strip() if match else ""


@bp.post("/api/link-preview")
def link_preview():
    payload = request.get_json(force=True) or {}
    url = payload.get("url", "")
    if not url.startswith(("http://", "https://")):
        return jsonify(error="unsupported scheme"), 400
    # expect: CWE-918
    resp = requests.get(url, timeout=5, headers={"User-Agent": "ChatPreviewBot/1.2"})
    title = _extract_title(resp.text[:200_000])
    return jsonify(url=url, title=title, status=resp.status_code)


@bp.get("/embed/link")
def link_card():
    url = request.args.get("url", "")
    parsed = urlparse(url)
    if parsed.scheme != "https" or parsed.hostname not in ALLOWED_IMAGE_HOSTS:
        abort(400)
    page = requests.get(url, timeout=5)
    title = _extract_title(page.text)
    card = "<div class='card'><a href='{0}'>{1}</a></div>".format(
        html.escape(url, quote=True), html.escape(title)
    )
    return Response(card, mimetype="text/html")


@bp.get("/api/image-proxy")
def image_proxy():
    src = request.args.get("src", "")
    parsed = urlparse(src)
    if parsed.scheme != "https" or parsed.hostname not in ALLOWED_IMAGE_HOSTS:
        abort(400)
    upstream = requests.get(src, timeout=5, stream=True)
    content_type = upstream.headers.get("Content-Type", "application/octet-stream")
    if not content_type.startswith("image/"):
        abort(415)
    return Response(upstream.iter_content(8192), content_type=content_type)


@bp.post("/api/integrations/test-webhook")
def test_webhook():
    body = request.get_json(force=True)
    target = body["callback_url"]
    req = urllib.request.Request(
        target,
        data=b'{"event":"ping"}',
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    # expect: CWE-918
    with urllib.request.urlopen(req, timeout=5) as upstream:
        return jsonify(status=upstream.status)


@bp.get("/out")
def outbound():
    target = request.args.get("to", "/")
    # expect: CWE-601
    return redirect(target)


def fetch_partner_catalog(partner: str) -> dict:
    """Pull the nightly catalog from a partner's staging box (self-signed cert)."""
    host = PARTNER_HOSTS[partner]
    # expect: CWE-295
    resp = requests.get(f"https://{host}/v2/catalog.json", verify=False, timeout=30)
    resp.raise_for_status()
    return resp.json()


def fetch_public_rates() -> dict:
    resp = requests.get("https://api.exchangerate.host/latest", timeout=10)
    resp.raise_for_status()
    return resp.json()

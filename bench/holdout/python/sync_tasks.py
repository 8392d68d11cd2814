"""Celery tasks for the partner catalog sync pipeline."""
import base64
import hashlib
import json
import logging
import pickle

import redis
import requests
import yaml
from celery import Celery
from celery.utils.log import get_task_logger

from .models import Partner, SyncRun
from .storage import put_object

app = Celery("catalog_sync", broker="redis://redis:6379/0")
app.conf.task_serializer = "json"
app.conf.accept_content = ["json"]

logger = get_task_logger(__name__)
cache = redis.Redis(host="redis", port=6379, db=2)

PARTNER_API_TIMEOUT = 20


def _cache_key(partner_id, url):
    return "feed:%s:%s" % (partner_id, hashlib.md5(url.encode()).hexdigest())


@app.task(bind=True, max_retries=5, default_retry_delay=30)
def fetch_partner_feed(self, partner_id):
    partner = Partner.objects.get(pk=partner_id)
    session = requests.Session()
    session.headers["Authorization"] = "Bearer " + partner.api_token
    if partner.legacy_tls:
        # expect: CWE-295
        session.verify = False
    try:
        resp = session.get(partner.feed_url, timeout=PARTNER_API_TIMEOUT)
        resp.raise_for_status()
    except requests.RequestException as exc:
        raise self.retry(exc=exc)
    cache.set(_cache_key(partner_id, partner.feed_url), resp.content, ex=3600)
    return parse_feed.delay(partner_id, partner.feed_url)


@app.task
def parse_feed(partner_id, feed_url):
    raw = cache.get(_cache_key(partner_id, feed_url))
    if raw is None:
        logger.warning("feed for partner %s expired before parsing", partner_id)
        return 0
    if feed_url.endswith((".yml", ".yaml")):
        # expect: CWE-502
        doc = yaml.load(raw, Loader=yaml.Loader)
    else:
        doc = json.loads(raw)
    items = doc.get("items", [])
    SyncRun.objects.create(partner_id=partner_id, item_count=len(items))
    for item in items:
        mirror_image.delay(partner_id, item.get("image_url"))
    return len(items)


@app.task
def mirror_image(partner_id, image_url):
    if not image_url:
        return None
    # expect: CWE-918
    resp = requests.get(image_url, timeout=10)
    resp.raise_for_status()
    key = "partners/%s/%s" % (partner_id, hashlib.sha256(resp.content).hexdigest())
    put_object(key, resp.content, content_type=resp.headers.get("Content-Type", "application/octet-stream"))
    return key


@app.task
def load_mapping_rules(partner_id):
    partner = Partner.objects.get(pk=partner_id)
    rules = yaml.safe_load(partner.mapping_yaml or "{}")
    return {str(k): str(v) for k, v in (rules or {}).items()}


@app.task
def resume_checkpoint(blob_b64):
    """Resume a long sync. Checkpoints are posted by the partner-facing agent."""
    # expect: CWE-502
    state = pickle.loads(base64.b64decode(blob_b64))
    logger.info("resuming partner %s at offset %s", state["partner_id"], state["offset"])
    return state["offset"]


@app.task
def verify_partner_endpoint(partner_id):
    partner = Partner.objects.get(pk=partner_id)
    resp = requests.get(
        "https://partners-gateway.internal.example/health",
        params={"partner": partner.slug},
        timeout=5,
        verify="/etc/ssl/certs/internal-ca.pem",
    )
    return resp.status_code == 200

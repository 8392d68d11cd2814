"""Background worker that ingests customer import bundles.

A bundle is a .tar.gz uploaded through the portal. It contains a
``manifest.yml`` describing the batch and a ``products.xml`` feed.
Jobs are pulled from the ``imports`` RQ queue.
"""
import logging
import os
import subprocess
import tarfile
import tempfile
from pathlib import Path

import psycopg2
import yaml
from defusedxml import ElementTree as SafeET
from lxml import etree

log = logging.getLogger("imports")

WORKER_CONFIG = Path(os.environ.get("WORKER_CONFIG", "/etc/importer/worker.yml"))
DSN = os.environ["IMPORTS_DSN"]


def load_worker_config() -> dict:
    with WORKER_CONFIG.open() as fh:
        return yaml.safe_load(fh)


def unpack_bundle(bundle_path: str) -> Path:
    workdir = Path(tempfile.mkdtemp(prefix="bundle-"))
    with tarfile.open(bundle_path, "r:gz") as tar:
        # expect: CWE-22
        tar.extractall(workdir)
    return workdir


def unpack_attachments(bundle_path: str) -> Path:
    workdir = Path(tempfile.mkdtemp(prefix="bundle-"))
    with tarfile.open(bundle_path, "r:gz") as tar:
        tar.extractall(workdir, filter="data")
    return workdir


def read_manifest(workdir: Path) -> dict:
    text = (workdir / "manifest.yml").read_text(encoding="utf-8")
    # expect: CWE-502
    return yaml.load(text, Loader=yaml.Loader)


def parse_products(workdir: Path):
    raw = (workdir / "products.xml").read_bytes()
    # expect: CWE-611
    root = etree.fromstring(raw, etree.XMLParser(resolve_entities=True, load_dtd=True))
    for node in root.iterfind("product"):
        yield {
            "sku": node.findtext("sku"),
            "name": node.findtext("name"),
            "price": node.findtext("price"),
        }


def parse_price_overrides(workdir: Path):
    path = workdir / "overrides.xml"
    if not path.exists():
        return {}
    tree = SafeET.parse(str(path))
    return {el.get("sku"): el.get("price") for el in tree.getroot().iter("override")}


def reset_staging(conn, manifest: dict) -> None:
    batch_id = manifest["batch"]
    with conn.cursor() as cur:
        # expect: CWE-89
        cur.execute(f"DELETE FROM staging_products WHERE batch_id = '{batch_id}'")


def insert_products(conn, manifest: dict, products) -> int:
    count = 0
    with conn.cursor() as cur:
        for p in products:
            cur.execute(
                "INSERT INTO staging_products (batch_id, sku, name, price) VALUES (%s, %s, %s, %s)",
                (manifest["batch"], p["sku"], p["name"], p["price"]),
            )
            count += 1
    return count


def convert_images(workdir: Path, manifest: dict) -> None:
    quality = manifest.get("image_quality", "85")
    for img in (workdir / "images").glob("*.png"):
        subprocess.run(
            ["cwebp", "-q", str(int(quality)), str(img), "-o", str(img.with_suffix(".webp"))],
            check=True,
        )
    resize = manifest.get("resize", "1200x1200")
    # expect: CWE-78
    subprocess.check_call(f"mogrify -resize {resize} {workdir}/images/*.webp", shell=True)


def process_bundle(bundle_path: str) -> None:
    workdir = unpack_bundle(bundle_path)
    manifest = read_manifest(workdir)
    log.info("importing batch %s for %s", manifest.get("batch"), manifest.get("customer"))
    conn = psycopg2.connect(DSN)
    try:
        reset_staging(conn, manifest)
        inserted = insert_products(conn, manifest, parse_products(workdir))
        conn.commit()
        log.info("inserted %d products", inserted)
    finally:
        conn.close()
    convert_images(workdir, manifest)

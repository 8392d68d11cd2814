"""Media ingest worker for the photo-sharing service (consumes RabbitMQ jobs)."""
import json
import logging
import os
import subprocess
import tempfile
from pathlib import Path

import boto3
import defusedxml.ElementTree as DET
import pika
import requests
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from .db import engine
from .models import Photo

log = logging.getLogger("media_ingest")
s3 = boto3.client("s3")
BUCKET = os.environ["MEDIA_BUCKET"]
VARIANTS = {"thumb": "320x320", "medium": "1280x1280"}
ALLOWED_MIME = {"image/jpeg", "image/png", "image/webp", "image/heic"}
WORK_ROOT = Path(os.environ.get("INGEST_TMP", "/var/tmp/ingest")).resolve()


def _variant(src: Path, dest: Path, size: str) -> None:
    subprocess.run(
        ["convert", str(src), "-auto-orient", "-strip", "-resize", f"{size}>", str(dest)],
        check=True,
        timeout=60,
    )


def _read_xmp_title(sidecar: bytes) -> str | None:
    root = DET.fromstring(sidecar)
    for el in root.iter():
        if el.tag.endswith("title") and el.text:
            return el.text.strip()[:200]
    return None


def _notify(photo_id: int) -> None:
    requests.post(
        "https://events.internal.example/photo-ready",
        json={"photo_id": photo_id},
        timeout=5,
        verify=os.environ.get("INTERNAL_CA_BUNDLE", True),
    )


def handle(job: dict) -> None:
    photo_id = int(job["photo_id"])
    with Session(engine) as session:
        photo = session.execute(select(Photo).where(Photo.id == photo_id)).scalar_one_or_none()
        if photo is None:
            log.warning("photo %s vanished", photo_id)
            return
        if photo.mime_type not in ALLOWED_MIME:
            session.execute(update(Photo).where(Photo.id == photo_id).values(status="rejected"))
            session.commit()
            return

        with tempfile.TemporaryDirectory(dir=WORK_ROOT) as tmp:
            tmpdir = Path(tmp)
            original = tmpdir / "original"
            s3.download_file(BUCKET, photo.storage_key, str(original))
            for name, size in VARIANTS.items():
                out = tmpdir / f"{name}.jpg"
                _variant(original, out, size)
                s3.upload_file(str(out), BUCKET, f"variants/{photo_id}/{name}.jpg", ExtraArgs={"ContentType": "image/jpeg"})

            if job.get("xmp_key"):
                sidecar = s3.get_object(Bucket=BUCKET, Key=photo.storage_key + ".xmp")["Body"].read()
                title = _read_xmp_title(sidecar)
                if title:
                    photo.title = title

        photo.status = "ready"
        session.commit()
    _notify(photo_id)


def main() -> None:
    params = pika.URLParameters(os.environ["AMQP_URL"])
    conn = pika.BlockingConnection(params)
    ch = conn.channel()
    ch.queue_declare(queue="media.ingest", durable=True)
    ch.basic_qos(prefetch_count=4)

    def on_message(channel, method, _props, body):
        try:
            handle(json.loads(body))
            channel.basic_ack(method.delivery_tag)
        except Exception:
            log.exception("ingest failed")
            channel.basic_nack(method.delivery_tag, requeue=False)

    ch.basic_consume(queue="media.ingest", on_message_callback=on_message)
    ch.start_consuming()


if __name__ == "__main__":
    main()

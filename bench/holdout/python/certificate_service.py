"""FastAPI service that renders course-completion certificates for the LMS."""
import hashlib
import os
import re
import secrets
import subprocess
import tempfile
from pathlib import Path

import defusedxml.ElementTree as ET
import httpx
import yaml
from fastapi import Body, Depends, FastAPI, HTTPException, Response
from fastapi.responses import RedirectResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from .auth import require_learner
from .db import get_db
from .models import Certificate, Enrollment

app = FastAPI()
templates = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=select_autoescape(["html", "xml"]),
)
THEMES = {"classic", "modern", "minimal"}
BRANDING = yaml.safe_load((Path(__file__).parent / "branding.yml").read_text())
LRS_URL = "https://lrs.learning.example.com/xapi/statements"


class CertificateRequest(BaseModel):
    course_id: int
    theme: str = Field("classic", pattern=r"^[a-z]+$")
    display_name: str = Field(..., max_length=120)


@app.post("/certificates")
async def issue(req: CertificateRequest, db: AsyncSession = Depends(get_db), learner=Depends(require_learner)):
    enrollment = (
        await db.execute(
            select(Enrollment).where(Enrollment.learner_id == learner.id, Enrollment.course_id == req.course_id)
        )
    ).scalar_one_or_none()
    if enrollment is None or not enrollment.completed:
        raise HTTPException(status_code=403, detail="course not completed")

    theme = req.theme if req.theme in THEMES else "classic"
    html = templates.get_template(f"certificate_{theme}.html").render(
        name=req.display_name, course=enrollment.course_title, branding=BRANDING
    )
    verify_code = secrets.token_urlsafe(12)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "cert.html"
        out = Path(tmp) / "cert.pdf"
        src.write_text(html, encoding="utf-8")
        subprocess.run(["weasyprint", str(src), str(out)], check=True, timeout=60)
        pdf = out.read_bytes()

    cert = Certificate(learner_id=learner.id, course_id=req.course_id, verify_code=verify_code, pdf=pdf)
    db.add(cert)
    await db.commit()

    async with httpx.AsyncClient(timeout=5.0) as client:
        await client.post(
            LRS_URL,
            json={"actor": {"mbox": f"mailto:{learner.email}"}, "verb": {"id": "completed"}, "object": {"id": str(req.course_id)}},
            headers={"Authorization": f"Basic {os.environ['LRS_BASIC_TOKEN']}"},
        )
    return {"id": cert.id, "verify_code": verify_code}


@app.get("/certificates/{cert_id}.pdf")
async def download(cert_id: int, db: AsyncSession = Depends(get_db), learner=Depends(require_learner)):
    cert = await db.get(Certificate, cert_id)
    if cert is None or cert.learner_id != learner.id:
        raise HTTPException(status_code=404)
    etag = hashlib.md5(cert.pdf).hexdigest()
    return Response(cert.pdf, media_type="application/pdf", headers={"ETag": f'"{etag}"'})


@app.get("/verify/{code}")
async def verify(code: str, db: AsyncSession = Depends(get_db)):
    if not re.fullmatch(r"[A-Za-z0-9_-]{16}", code):
        raise HTTPException(status_code=404)
    cert = (await db.execute(select(Certificate).where(Certificate.verify_code == code))).scalar_one_or_none()
    if cert is None:
        raise HTTPException(status_code=404)
    return {"valid": True, "course_id": cert.course_id, "issued_at": cert.created_at.isoformat()}


@app.post("/certificates/import-scorm")
async def import_scorm_manifest(manifest: bytes = Body(..., media_type="application/xml"), learner=Depends(require_learner)):
    root = ET.fromstring(manifest)
    titles = [el.text for el in root.iter() if el.tag.endswith("title") and el.text]
    return {"titles": titles[:20]}


@app.get("/certificates/back")
async def back_to_course(course_id: int):
    return RedirectResponse(url=f"/courses/{int(course_id)}", status_code=303)

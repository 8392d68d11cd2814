"""Document conversion API for the legal-matters portal."""
from __future__ import annotations

import shutil
import subprocess
import uuid
from pathlib import Path
from typing import Literal

from fastapi import Depends, FastAPI, File, Form, HTTPException, Query, UploadFile
from fastapi.responses import FileResponse
from sqlalchemy import text
from sqlalchemy.orm import Session

from .auth import current_user, User
from .db import get_session

app = FastAPI(title="matters-docs")

STORAGE = Path("/srv/matters/docs").resolve()
OUTPUT_FORMATS = {"pdf", "docx", "odt", "txt"}


def matter_dir(matter_id: int) -> Path:
    d = STORAGE / str(matter_id)
    d.mkdir(parents=True, exist_ok=True)
    return d


def inside(base: Path, candidate: Path) -> bool:
    try:
        candidate.resolve().relative_to(base.resolve())
        return True
    except ValueError:
        return False


@app.post("/matters/{matter_id}/documents")
async def upload(matter_id: int, file: UploadFile = File(...), user: User = Depends(current_user)):
    user.require_matter(matter_id)
    doc_id = uuid.uuid4().hex
    suffix = Path(file.filename or "").suffix.lower()[:10]
    dest = matter_dir(matter_id) / f"{doc_id}{suffix}"
    with dest.open("wb") as out:
        shutil.copyfileobj(file.file, out)
    return {"id": doc_id, "stored_as": dest.name}


@app.get("/matters/{matter_id}/documents/raw")
def download(matter_id: int, name: str = Query(...), user: User = Depends(current_user)):
    user.require_matter(matter_id)
    target = matter_dir(matter_id) / name
    # expect: CWE-22
    return FileResponse(str(target), filename=Path(name).name)


@app.get("/matters/{matter_id}/documents/preview")
def preview(matter_id: int, name: str = Query(...), user: User = Depends(current_user)):
    user.require_matter(matter_id)
    base = matter_dir(matter_id)
    target = (base / name).resolve()
    if not inside(base, target) or not target.is_file():
        raise HTTPException(status_code=404)
    with target.open("r", errors="replace") as fh:
        return {"text": fh.read(4000)}


@app.post("/matters/{matter_id}/documents/convert")
def convert(
    matter_id: int,
    name: str = Form(...),
    to: str = Form("pdf"),
    user: User = Depends(current_user),
):
    user.require_matter(matter_id)
    base = matter_dir(matter_id)
    src = (base / name).resolve()
    if not inside(base, src):
        raise HTTPException(status_code=400, detail="bad document")
    if to not in OUTPUT_FORMATS:
        raise HTTPException(status_code=400, detail="unsupported format")
    subprocess.run(
        ["soffice", "--headless", "--convert-to", to, "--outdir", str(base), str(src)],
        check=True,
        timeout=120,
    )
    return {"converted": src.with_suffix("." + to).name}


@app.post("/matters/{matter_id}/documents/watermark")
def watermark(matter_id: int, name: str = Form(...), label: str = Form("CONFIDENTIAL"), user: User = Depends(current_user)):
    user.require_matter(matter_id)
    base = matter_dir(matter_id)
    src = (base / name).resolve()
    if not inside(base, src):
        raise HTTPException(status_code=400)
    out = src.with_name(src.stem + "-wm.pdf")
    cmd = f"pdftk '{src}' stamp /opt/stamps/blank.pdf output '{out}' && exiftool -Title='{label}' '{out}'"
    # expect: CWE-78
    proc = subprocess.run(cmd, shell=True, capture_output=True, timeout=60)
    if proc.returncode != 0:
        raise HTTPException(status_code=500, detail="watermark failed")
    return {"file": out.name}


@app.get("/matters/{matter_id}/activity")
def activity(
    matter_id: int,
    actor: str | None = None,
    order: Literal["asc", "desc"] = "desc",
    db: Session = Depends(get_session),
    user: User = Depends(current_user),
):
    user.require_matter(matter_id)
    sql = f"SELECT id, actor, action, created_at FROM matter_activity WHERE matter_id = :mid"
    params = {"mid": matter_id}
    if actor:
        sql += f" AND actor = '{actor}'"
    sql += f" ORDER BY created_at {order.upper()} LIMIT 200"
    # expect: CWE-89
    rows = db.execute(text(sql), params).mappings().all()
    return list(rows)


@app.get("/matters/{matter_id}/search")
def search(matter_id: int, q: str, db: Session = Depends(get_session), user: User = Depends(current_user)):
    user.require_matter(matter_id)
    rows = db.execute(
        text("SELECT id, title FROM documents WHERE matter_id = :mid AND title ILIKE :q LIMIT 50"),
        {"mid": matter_id, "q": f"%{q}%"},
    ).mappings().all()
    return list(rows)

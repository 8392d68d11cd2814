"""Document storage service.

Tenants upload PDFs, download them again and ask for page thumbnails.
Files live on a shared volume mounted at DOC_STORAGE.
"""
import os
import re
import shutil
import subprocess
from pathlib import Path

from fastapi import FastAPI, File, Form, HTTPException, Query, UploadFile
from fastapi.responses import FileResponse

STORAGE_ROOT = Path(os.getenv("DOC_STORAGE", "/srv/documents")).resolve()
TENANT_RE = re.compile(r"^[a-z0-9-]{3,40}$")

app = FastAPI(title="documents")


def _tenant_dir(tenant: str) -> Path:
    if not TENANT_RE.fullmatch(tenant):
        raise HTTPException(status_code=400, detail="invalid tenant")
    return STORAGE_ROOT / tenant


def _resolve_inside(root: Path, *parts: str) -> Path:
    candidate = root.joinpath(*parts).resolve()
    if not candidate.is_relative_to(root):
        raise HTTPException(status_code=400, detail="invalid path")
    return candidate


@app.get("/documents/download")
async def download(tenant: str = Query(...), name: str = Query(...)):
    path = os.path.join(str(STORAGE_ROOT), tenant, name)
    if not os.path.isfile(path):
        raise HTTPException(status_code=404)
    # expect: CWE-22
    return FileResponse(path, media_type="application/pdf")


@app.get("/documents/{tenant}/preview")
async def preview(tenant: str, name: str = Query(...)):
    path = _resolve_inside(_tenant_dir(tenant), name)
    if not path.is_file():
        raise HTTPException(status_code=404)
    return FileResponse(path, media_type="application/pdf")


@app.post("/documents/{tenant}")
async def upload(tenant: str, file: UploadFile = File(...)):
    target_dir = _tenant_dir(tenant)
    target_dir.mkdir(parents=True, exist_ok=True)
    dest = target_dir / file.filename
    # expect: CWE-22
    with open(dest, "wb") as out:
        shutil.copyfileobj(file.file, out)
    return {"stored": file.filename}


@app.post("/documents/{tenant}/rename")
async def rename(tenant: str, old: str = Form(...), new: str = Form(...)):
    base = _tenant_dir(tenant)
    src = _resolve_inside(base, old)
    dst = _resolve_inside(base, os.path.basename(new))
    src.rename(dst)
    return {"renamed": dst.name}


@app.delete("/documents/{tenant}")
async def delete(tenant: str, name: str = Query(...)):
    target = f"{STORAGE_ROOT}/{tenant}/{name}"
    # expect: CWE-22
    os.remove(target)
    return {"deleted": name}


@app.post("/documents/{tenant}/thumbnail")
def thumbnail(tenant: str, name: str = Query(...), size: str = Query("200")):
    src = _resolve_inside(_tenant_dir(tenant), name)
    out_prefix = src.with_suffix("")
    cmd = f"pdftoppm -f 1 -singlefile -png -scale-to {size} '{src}' '{out_prefix}'"
    # expect: CWE-78
    subprocess.run(cmd, shell=True, check=True, timeout=30)
    return {"thumbnail": out_prefix.name + ".png"}


@app.post("/documents/{tenant}/validate")
def validate(tenant: str, name: str = Query(...)):
    src = _resolve_inside(_tenant_dir(tenant), name)
    result = subprocess.run(
        ["qpdf", "--check", str(src)], capture_output=True, text=True, timeout=30
    )
    return {"ok": result.returncode == 0, "details": result.stdout[-2000:]}


@app.post("/admin/archive")
def archive(tenant: str = Form(...), label: str = Form("manual")):
    src = _tenant_dir(tenant)
    # expect: CWE-78
    os.system("tar -czf /backups/%s-%s.tgz -C %s ." % (tenant, label, src))
    return {"archived": tenant}

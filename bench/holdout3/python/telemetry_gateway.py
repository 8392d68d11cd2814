"""Greenhouse sensor telemetry gateway (FastAPI)."""
from __future__ import annotations

import hashlib
import ipaddress
import os
import secrets
from pathlib import Path
from typing import Annotated
from urllib.parse import urlparse

import httpx
import yaml
from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, Field, HttpUrl
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine


class Settings:
    database_url = os.environ.get("TELEMETRY_DB_URL", "postgresql+asyncpg://telemetry@db/telemetry")
    export_dir = Path(os.environ.get("TELEMETRY_EXPORT_DIR", "/srv/telemetry/exports")).resolve()
    firmware_dir = Path(os.environ.get("FIRMWARE_DIR", "/srv/telemetry/firmware")).resolve()
    weather_api = "https://api.agri-weather.example.com/v2"
    weather_api_key = os.environ.get("WEATHER_API_KEY", "")
    vendor_api = "https://legacy.climate-controllers.example.net"
    vendor_user = "greenhouse-sync"
    # expect: CWE-798
    vendor_password = "Cl1mate!Sync-2022"
    allowed_webhook_hosts = {"hooks.growops.example.com", "alerts.greenhouse-partner.example.org"}


settings = Settings()
engine = create_async_engine(settings.database_url, pool_pre_ping=True)
SessionLocal = async_sessionmaker(engine, expire_on_commit=False)
app = FastAPI(title="telemetry-gateway")


async def get_session():
    async with SessionLocal() as session:
        yield session


class Reading(BaseModel):
    sensor_id: str = Field(pattern=r"^[A-Z0-9-]{4,32}$")
    temperature_c: float
    humidity_pct: float = Field(ge=0, le=100)


class CalibrationImport(BaseModel):
    sensor_id: str
    document: str


class WebhookRegistration(BaseModel):
    url: HttpUrl
    event: str


# ---------------------------------------------------------------------------
# Services
# ---------------------------------------------------------------------------


def is_public_host(hostname: str) -> bool:
    try:
        return ipaddress.ip_address(hostname).is_global
    except ValueError:
        return True


async def fetch_forecast(zone: str) -> dict:
    async with httpx.AsyncClient(base_url=settings.weather_api, timeout=10) as client:
        resp = await client.get("/forecast", params={"zone": zone, "key": settings.weather_api_key})
        resp.raise_for_status()
        return resp.json()


async def push_to_vendor(payload: dict) -> int:
    async with httpx.AsyncClient(
        auth=(settings.vendor_user, settings.vendor_password),
        # expect: CWE-295
        verify=False,
        timeout=15,
    ) as client:
        resp = await client.post(f"{settings.vendor_api}/readings", json=payload)
        return resp.status_code


def parse_calibration(document: str) -> dict:
    # expect: CWE-502
    return yaml.load(document, Loader=yaml.Loader)


def parse_site_profile(document: str) -> dict:
    return yaml.safe_load(document) or {}


def firmware_etag(path: Path) -> str:
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


# ---------------------------------------------------------------------------
# Routes
# ---------------------------------------------------------------------------


@app.post("/readings", status_code=202)
async def ingest(reading: Reading, session: Annotated[AsyncSession, Depends(get_session)]):
    await session.execute(
        text("INSERT INTO readings (sensor_id, temperature_c, humidity_pct) VALUES (:sid, :t, :h)"),
        {"sid": reading.sensor_id, "t": reading.temperature_c, "h": reading.humidity_pct},
    )
    await session.commit()
    await push_to_vendor(reading.model_dump())
    return {"accepted": True}


@app.get("/zones/{zone}/forecast")
async def forecast(zone: str):
    return await fetch_forecast(zone)


@app.post("/sensors/{sensor_id}/calibration")
async def import_calibration(sensor_id: str, body: CalibrationImport):
    calibration = parse_calibration(body.document)
    return {"sensor_id": sensor_id, "keys": sorted(calibration)}


@app.post("/sites/{site_id}/profile")
async def import_profile(site_id: int, request: Request):
    profile = parse_site_profile((await request.body()).decode("utf-8"))
    return {"site_id": site_id, "profile": profile}


@app.post("/webhooks/test")
async def test_webhook(reg: WebhookRegistration):
    parsed = urlparse(str(reg.url))
    if parsed.scheme != "https" or parsed.hostname not in settings.allowed_webhook_hosts:
        raise HTTPException(status_code=400, detail="host not allowed")
    async with httpx.AsyncClient(timeout=5, follow_redirects=False) as client:
        resp = await client.post(str(reg.url), json={"event": reg.event, "test": True})
    return {"status": resp.status_code}


@app.get("/integrations/preview")
async def preview_integration(source: Annotated[str, Query(min_length=8)]):
    async with httpx.AsyncClient(timeout=5) as client:
        # expect: CWE-918
        resp = await client.get(source)
    return JSONResponse({"status": resp.status_code, "sample": resp.text[:500]})


@app.get("/exports/{name}")
async def download_export(name: str):
    target = (settings.export_dir / name).resolve()
    if not target.is_relative_to(settings.export_dir) or not target.is_file():
        raise HTTPException(status_code=404)
    return FileResponse(target, media_type="text/csv")


@app.get("/firmware")
async def download_firmware(model: str, version: str):
    path = os.path.join(settings.firmware_dir, model, version + ".bin")
    if not os.path.exists(path):
        raise HTTPException(status_code=404)
    # expect: CWE-22
    return FileResponse(path, headers={"ETag": firmware_etag(Path(path))})


@app.post("/sensors/{sensor_id}/api-key")
async def rotate_sensor_key(sensor_id: str, session: Annotated[AsyncSession, Depends(get_session)], x_admin: Annotated[str, Header()]):
    if not secrets.compare_digest(x_admin, os.environ.get("ADMIN_TOKEN", secrets.token_hex(16))):
        raise HTTPException(status_code=403)
    key = secrets.token_urlsafe(32)
    await session.execute(
        text("UPDATE sensors SET api_key_hash = :h WHERE sensor_id = :sid"),
        {"h": hashlib.sha256(key.encode()).hexdigest(), "sid": sensor_id},
    )
    await session.commit()
    return {"api_key": key}

"""Account service layer: repository + service used by the FastAPI routes."""

import hashlib
import hmac
import logging
import secrets
import subprocess
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Optional
from urllib.parse import urlparse

import bcrypt
import requests
import yaml
from defusedxml import ElementTree as SafeET
from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.responses import RedirectResponse
from markupsafe import escape
from sqlalchemy import bindparam, select, text
from sqlalchemy.orm import Session

from .db import get_session
from .models import ApiToken, User

log = logging.getLogger(__name__)

AVATAR_ROOT = Path("/srv/accounts/avatars").resolve()
ALLOWED_SORTS = {"email": User.email, "created": User.created_at, "name": User.display_name}
BILLING_API = "https://billing.internal.example.com/v1"
TRUSTED_REDIRECT_HOSTS = {"app.example.com", "docs.example.com"}


@dataclass
class TokenPair:
    plain: str
    digest: str


class UserRepository:
    def __init__(self, session: Session):
        self.session = session

    def by_email(self, email: str) -> Optional[User]:
        return self.session.execute(select(User).where(User.email == email.lower())).scalar_one_or_none()

    def search(self, term: str, sort: str, limit: int):
        column = ALLOWED_SORTS.get(sort, User.created_at)
        stmt = select(User).where(User.display_name.ilike(f"%{term}%")).order_by(column).limit(limit)
        return self.session.execute(stmt).scalars().all()

    def login_counts(self, user_ids: list[int]):
        stmt = text("SELECT user_id, count(*) FROM logins WHERE user_id IN :ids GROUP BY user_id").bindparams(
            bindparam("ids", expanding=True)
        )
        return dict(self.session.execute(stmt, {"ids": user_ids}).all())

    def deactivate_stale(self, days: int) -> int:
        result = self.session.execute(
            text("UPDATE users SET active = false WHERE last_login_at < now() - make_interval(days => :days)"),
            {"days": days},
        )
        return result.rowcount


class AccountService:
    def __init__(self, repo: UserRepository):
        self.repo = repo

    @staticmethod
    def hash_password(password: str) -> str:
        return bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12)).decode()

    @staticmethod
    def verify_password(password: str, stored: str) -> bool:
        return bcrypt.checkpw(password.encode(), stored.encode())

    @staticmethod
    def new_api_token() -> TokenPair:
        plain = secrets.token_urlsafe(32)
        return TokenPair(plain=plain, digest=hashlib.sha256(plain.encode()).hexdigest())

    @staticmethod
    def tokens_match(presented: str, stored_digest: str) -> bool:
        return hmac.compare_digest(hashlib.sha256(presented.encode()).hexdigest(), stored_digest)

    @staticmethod
    def gravatar_url(email: str) -> str:
        digest = hashlib.md5(email.strip().lower().encode()).hexdigest()
        return f"https://www.gravatar.com/avatar/{digest}?d=identicon"

    def billing_summary(self, user: User) -> dict:
        resp = requests.get(f"{BILLING_API}/customers/{int(user.id)}/summary", timeout=5)
        resp.raise_for_status()
        return resp.json()

    @staticmethod
    def avatar_path(filename: str) -> Path:
        candidate = (AVATAR_ROOT / filename).resolve()
        if not candidate.is_relative_to(AVATAR_ROOT):
            raise HTTPException(status_code=400, detail="invalid file name")
        return candidate

    @staticmethod
    def make_thumbnail(source: Path) -> Path:
        target = source.with_name(f"{source.stem}_thumb.webp")
        subprocess.run(["convert", str(source), "-thumbnail", "128x128", str(target)], check=True, timeout=30)
        return target

    @staticmethod
    def parse_sso_metadata(xml_bytes: bytes) -> dict:
        root = SafeET.fromstring(xml_bytes)
        ns = {"md": "urn:oasis:names:tc:SAML:2.0:metadata"}
        entity = root.get("entityID")
        sso = root.find(".//md:SingleSignOnService", ns)
        return {"entity_id": entity, "sso_url": sso.get("Location") if sso is not None else None}

    @staticmethod
    def load_feature_flags(raw: str) -> dict:
        return yaml.safe_load(raw) or {}


def get_service(session: Session = Depends(get_session)) -> AccountService:
    return AccountService(UserRepository(session))


router = APIRouter(prefix="/accounts")


def safe_next(url: Optional[str]) -> str:
    if not url:
        return "/"
    parsed = urlparse(url)
    if not parsed.netloc and url.startswith("/") and not url.startswith("//"):
        return url
    if parsed.scheme == "https" and parsed.hostname in TRUSTED_REDIRECT_HOSTS:
        return url
    return "/"


@router.post("/login")
async def login(request: Request, service: AccountService = Depends(get_service)):
    form = await request.form()
    user = service.repo.by_email(str(form.get("email", "")))
    if user is None or not service.verify_password(str(form.get("password", "")), user.password_hash):
        raise HTTPException(status_code=401, detail="invalid credentials")
    session_id = secrets.token_urlsafe(32)
    response = RedirectResponse(safe_next(form.get("next")), status_code=303)
    response.set_cookie(
        "session",
        session_id,
        max_age=8 * 3600,
        secure=True,
        httponly=True,
        samesite="lax",
    )
    return response


@router.get("/search")
def search(q: str = "", sort: str = "created", limit: int = 20, service: AccountService = Depends(get_service)):
    users = service.repo.search(q[:64], sort, max(1, min(limit, 100)))
    return [{"id": u.id, "name": u.display_name, "avatar": service.gravatar_url(u.email)} for u in users]


@router.get("/greeting")
def greeting(name: str = ""):
    return Response(f"<p>Hello, {escape(name)}!</p>", media_type="text/html")


@router.post("/tokens")
def create_token(request: Request, service: AccountService = Depends(get_service)):
    pair = service.new_api_token()
    service.repo.session.add(
        ApiToken(
            user_id=request.state.user_id,
            digest=pair.digest,
            expires_at=datetime.now(timezone.utc) + timedelta(days=90),
        )
    )
    service.repo.session.commit()
    return {"token": pair.plain}

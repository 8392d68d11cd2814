"""Authentication routes for the partner portal (FastAPI)."""
import hashlib
import os
import secrets
from datetime import datetime, timedelta, timezone
from urllib.parse import urlparse

import httpx
import jwt
from fastapi import APIRouter, Cookie, Depends, Form, HTTPException, Request, Response
from fastapi.responses import RedirectResponse
from passlib.context import CryptContext

router = APIRouter(prefix="/auth")

pwd_context = CryptContext(schemes=["argon2", "bcrypt"], deprecated="auto")
JWT_SECRET = os.environ["JWT_SECRET"]
JWT_ALG = "HS256"
SSO_CA_BUNDLE = os.environ.get("SSO_CA_BUNDLE", "/etc/ssl/certs/corp-ca.pem")
SSO_TOKEN_URL = os.environ.get("SSO_TOKEN_URL", "https://sso.example.com/oauth/token")
POST_LOGIN_PATHS = ("/dashboard", "/settings", "/billing")


def get_db(request: Request):
    return request.app.state.db


def _issue_session(user_id: int) -> str:
    now = datetime.now(timezone.utc)
    claims = {"sub": str(user_id), "iat": now, "exp": now + timedelta(hours=8), "jti": secrets.token_hex(16)}
    return jwt.encode(claims, JWT_SECRET, algorithm=JWT_ALG)


def _post_login_target(next_url: str) -> str:
    parsed = urlparse(next_url or "")
    if parsed.scheme or parsed.netloc or not next_url.startswith(POST_LOGIN_PATHS):
        return "/dashboard"
    return next_url


@router.post("/login")
async def login(
    response: Response,
    email: str = Form(...),
    password: str = Form(...),
    next: str = Form("/dashboard"),
    db=Depends(get_db),
):
    user = await db.fetch_one("SELECT id, password_hash FROM users WHERE email = :email", {"email": email})
    if user is None or not pwd_context.verify(password, user["password_hash"]):
        raise HTTPException(status_code=401, detail="invalid credentials")
    redirect = RedirectResponse(_post_login_target(next), status_code=303)
    redirect.set_cookie(
        "session", _issue_session(user["id"]), httponly=True, secure=True, samesite="lax", max_age=8 * 3600
    )
    return redirect


@router.post("/password-reset")
async def request_reset(email: str = Form(...), db=Depends(get_db)):
    token = secrets.token_urlsafe(32)
    token_hash = hashlib.sha256(token.encode()).hexdigest()
    await db.execute(
        "INSERT INTO password_resets (email, token_hash, expires_at) VALUES (:e, :h, :x)",
        {"e": email, "h": token_hash, "x": datetime.now(timezone.utc) + timedelta(minutes=30)},
    )
    # token is e-mailed by the notifier; never returned in the response
    return {"status": "if the account exists, an e-mail has been sent"}


@router.post("/sso/callback")
async def sso_callback(code: str = Form(...), state: str = Form(...), oauth_state: str = Cookie(None)):
    if not oauth_state or not secrets.compare_digest(state, oauth_state):
        raise HTTPException(status_code=400, detail="state mismatch")
    async with httpx.AsyncClient(verify=SSO_CA_BUNDLE, timeout=10) as client:
        resp = await client.post(
            SSO_TOKEN_URL,
            data={"grant_type": "authorization_code", "code": code, "client_id": os.environ["SSO_CLIENT_ID"]},
        )
    resp.raise_for_status()
    return {"linked": True}


@router.post("/logout")
async def logout(response: Response):
    response.delete_cookie("session", secure=True, httponly=True, samesite="lax")
    return {"ok": True}

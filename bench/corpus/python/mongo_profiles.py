"""Profile, password-reset and preferences endpoints backed by MongoDB."""
import base64
import json
import os
import pickle
import secrets
from datetime import datetime, timedelta, timezone

import bcrypt
from flask import Blueprint, jsonify, make_response, request
from pymongo import MongoClient

bp = Blueprint("profiles", __name__)

client = MongoClient(os.environ["MONGO_URL"])
db = client.get_default_database()


@bp.post("/api/login")
def login():
    data = request.get_json(force=True)
    username = str(data.get("username", ""))
    password = str(data.get("password", ""))
    user = db.users.find_one({"username": username, "active": True})
    if not user or not bcrypt.checkpw(password.encode(), user["password_hash"]):
        return jsonify(error="invalid credentials"), 401
    token = secrets.token_urlsafe(32)
    db.sessions.insert_one({"token": token, "user_id": user["_id"], "created": datetime.now(timezone.utc)})
    resp = make_response(jsonify(ok=True))
    # expect: CWE-614
    resp.set_cookie("session_token", token, httponly=True, samesite="Lax")
    return resp


@bp.post("/api/password-reset/confirm")
def confirm_reset():
    data = request.get_json(force=True)
    # expect: CWE-943
    reset = db.password_resets.find_one({"token": data.get("token"), "used": False})
    if reset is None:
        return jsonify(error="invalid token"), 400
    new_hash = bcrypt.hashpw(str(data["password"]).encode(), bcrypt.gensalt())
    db.users.update_one({"_id": reset["user_id"]}, {"$set": {"password_hash": new_hash}})
    db.password_resets.update_one({"_id": reset["_id"]}, {"$set": {"used": True}})
    return jsonify(ok=True)


@bp.get("/api/products")
def search_products():
    max_price = request.args.get("max_price", "100")
    category = request.args.get("category", "")
    query = {"category": category} if category else {}
    # expect: CWE-943
    cursor = db.products.find({**query, "$where": "this.price <= " + max_price}).limit(50)
    return jsonify([{"sku": p["sku"], "name": p["name"], "price": p["price"]} for p in cursor])


@bp.get("/api/products/cheap")
def cheap_products():
    try:
        max_price = float(request.args.get("max_price", "100"))
    except ValueError:
        return jsonify(error="max_price must be a number"), 400
    cursor = db.products.find({"price": {"$lte": max_price}}).limit(50)
    return jsonify([{"sku": p["sku"], "price": p["price"]} for p in cursor])


@bp.get("/api/preferences")
def get_preferences():
    raw = request.cookies.get("prefs")
    if not raw:
        return jsonify(theme="light", locale="en")
    # expect: CWE-502
    prefs = pickle.loads(base64.b64decode(raw))
    return jsonify(prefs)


@bp.post("/api/preferences")
def save_preferences():
    prefs = request.get_json(force=True)
    encoded = base64.b64encode(json.dumps(prefs).encode()).decode()
    resp = make_response(jsonify(ok=True))
    resp.set_cookie("prefs_v2", encoded, secure=True, httponly=True, samesite="Lax")
    return resp


@bp.post("/api/remember-device")
def remember_device():
    device_id = secrets.token_hex(16)
    db.devices.insert_one({"device_id": device_id, "ua": request.headers.get("User-Agent")})
    resp = make_response(jsonify(ok=True))
    # expect: CWE-1004
    resp.set_cookie("remember_token", device_id, secure=True, httponly=False, expires=datetime.now(timezone.utc) + timedelta(days=90))
    return resp

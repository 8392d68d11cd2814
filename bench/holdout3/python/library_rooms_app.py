"""University library study-room booking (Flask)."""
import hashlib
import os
import random
import secrets
import subprocess
import xml.etree.ElementTree as StdET
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import urlparse

import defusedxml.ElementTree as SafeET
import requests
from flask import Flask, abort, jsonify, redirect, render_template, request, send_from_directory, session, url_for
from markupsafe import escape
from sqlalchemy import create_engine, text
from werkzeug.security import check_password_hash, generate_password_hash
from werkzeug.utils import secure_filename

app = Flask(__name__)
app.config.update(
    SECRET_KEY=os.environ["ROOMS_SECRET_KEY"],
    SESSION_COOKIE_SECURE=True,
    SESSION_COOKIE_HTTPONLY=True,
    SESSION_COOKIE_SAMESITE="Lax",
    FLOOR_PLAN_DIR=os.environ.get("FLOOR_PLAN_DIR", "/srv/rooms/floorplans"),
    DEBUG=os.environ.get("FLASK_DEBUG") == "1",
)

engine = create_engine(os.environ["ROOMS_DATABASE_URL"], pool_pre_ping=True)
CATALOG_API = "https://catalog.library.example.edu/api/v1"
SORTS = {"capacity": "capacity DESC", "name": "name ASC", "floor": "floor ASC, name ASC"}


# ---------------------------------------------------------------------------
# Data access
# ---------------------------------------------------------------------------


def find_rooms(building: str, min_capacity: int, sort: str):
    order_by = SORTS.get(sort, "name ASC")
    sql = text(f"SELECT id, name, floor, capacity FROM rooms WHERE building = :building AND capacity >= :cap ORDER BY {order_by}")
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(sql, {"building": building, "cap": min_capacity})]


def create_booking(room_id: int, patron_id: int, start: datetime, hours: int):
    with engine.begin() as conn:
        conn.execute(
            text("INSERT INTO bookings (room_id, patron_id, starts_at, ends_at) VALUES (:r, :p, :s, :e)"),
            {"r": room_id, "p": patron_id, "s": start, "e": start + timedelta(hours=hours)},
        )


def patron_by_card(card_number: str):
    with engine.connect() as conn:
        row = conn.execute(text("SELECT id, name, pin_hash FROM patrons WHERE card_number = :c"), {"c": card_number}).first()
        return row._mapping if row else None


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def is_safe_next(target: str) -> bool:
    parsed = urlparse(target)
    return not parsed.scheme and not parsed.netloc and target.startswith("/") and not target.startswith("//") and "\\" not in target


def floorplan_etag(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def shuffle_featured(rooms):
    picked = list(rooms)
    random.shuffle(picked)
    return picked[:3]


def parse_room_feed(xml_bytes: bytes):
    root = SafeET.fromstring(xml_bytes)
    return [{"id": r.get("id"), "name": r.findtext("name")} for r in root.iter("room")]


def build_export_doc(rooms) -> bytes:
    root = StdET.Element("rooms")
    for room in rooms:
        StdET.SubElement(root, "room", id=str(room["id"])).text = room["name"]
    return StdET.tostring(root)


# ---------------------------------------------------------------------------
# Routes
# ---------------------------------------------------------------------------


@app.get("/rooms")
def rooms():
    building = request.args.get("building", "main")
    capacity = request.args.get("capacity", 1, type=int)
    return jsonify(find_rooms(building, capacity, request.args.get("sort", "name")))


@app.get("/rooms/featured")
def featured():
    return jsonify(shuffle_featured(find_rooms("main", 1, "name")))


@app.post("/login")
def login():
    patron = patron_by_card(request.form.get("card", ""))
    if not patron or not check_password_hash(patron["pin_hash"], request.form.get("pin", "")):
        return render_template("login.html", error="Invalid card or PIN"), 401
    session.clear()
    session["patron_id"] = patron["id"]
    session["csrf"] = secrets.token_urlsafe(32)
    target = request.args.get("next", "")
    return redirect(target if is_safe_next(target) else url_for("rooms"))


@app.post("/patrons/<int:patron_id>/pin")
def change_pin(patron_id):
    if session.get("patron_id") != patron_id:
        abort(403)
    new_hash = generate_password_hash(request.form["pin"], method="scrypt")
    with engine.begin() as conn:
        conn.execute(text("UPDATE patrons SET pin_hash = :h WHERE id = :id"), {"h": new_hash, "id": patron_id})
    return jsonify({"updated": True})


@app.post("/rooms/<int:room_id>/book")
def book(room_id):
    if "patron_id" not in session:
        abort(401)
    start = datetime.fromisoformat(request.form["start"])
    hours = max(1, min(int(request.form.get("hours", 1)), 4))
    create_booking(room_id, session["patron_id"], start, hours)
    return jsonify({"booked": True}), 201


@app.get("/rooms/unavailable")
def unavailable():
    name = request.args.get("name", "")
    return f"<p>Sorry, <strong>{escape(name)}</strong> is not available right now.</p>"


@app.get("/floorplans/<path:filename>")
def floorplan(filename):
    safe_name = secure_filename(filename)
    path = Path(app.config["FLOOR_PLAN_DIR"]) / safe_name
    if not path.is_file():
        abort(404)
    resp = send_from_directory(app.config["FLOOR_PLAN_DIR"], safe_name)
    resp.set_etag(floorplan_etag(path))
    return resp


@app.post("/admin/rooms/import")
def import_rooms():
    return jsonify(parse_room_feed(request.get_data()))


@app.get("/admin/rooms/export.xml")
def export_rooms():
    return build_export_doc(find_rooms("main", 1, "name")), 200, {"Content-Type": "application/xml"}


@app.get("/rooms/<int:room_id>/catalog-items")
def catalog_items(room_id):
    resp = requests.get(f"{CATALOG_API}/locations/{room_id}/items", timeout=10, verify=True)
    resp.raise_for_status()
    return jsonify(resp.json())


@app.post("/admin/signage/<int:floor>")
def regenerate_signage(floor):
    result = subprocess.run(
        ["/usr/local/bin/signage-render", "--floor", str(floor), "--out", "/srv/rooms/signage"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return jsonify({"ok": result.returncode == 0})


@app.post("/kiosk/pair")
def pair_kiosk():
    token = secrets.token_hex(20)
    resp = jsonify({"paired": True})
    resp.set_cookie("kiosk_token", token, secure=True, httponly=True, samesite="Strict")
    return resp


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=5001)

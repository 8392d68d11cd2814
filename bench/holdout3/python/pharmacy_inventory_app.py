"""Pharmacy inventory & dispensing service (Flask)."""
import logging
import os
import secrets
import shlex
import sqlite3
import subprocess
from datetime import datetime, timedelta
from functools import wraps

from flask import (
    Flask,
    abort,
    g,
    jsonify,
    make_response,
    render_template,
    render_template_string,
    request,
    session,
)

log = logging.getLogger(__name__)


class Config:
    DATABASE = os.environ.get("PHARMACY_DB", "/var/lib/pharmacy/inventory.sqlite3")
    SECRET_KEY = os.environ["PHARMACY_SECRET_KEY"]
    LABEL_PRINTER = os.environ.get("LABEL_PRINTER", "rx-label-01")
    SESSION_COOKIE_SECURE = True
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"


app = Flask(__name__)
app.config.from_object(Config)


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DATABASE"], detect_types=sqlite3.PARSE_DECLTYPES)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def login_required(view):
    @wraps(view)
    def wrapped(*args, **kwargs):
        if "pharmacist_id" not in session:
            abort(401)
        return view(*args, **kwargs)

    return wrapped


# ---------------------------------------------------------------------------
# Repository
# ---------------------------------------------------------------------------


class InventoryRepository:
    def __init__(self, conn):
        self.conn = conn

    def by_ndc(self, ndc):
        return self.conn.execute(
            "SELECT ndc, name, strength, on_hand, lot, expires_on FROM drugs WHERE ndc = ?", (ndc,)
        ).fetchone()

    def search(self, name, schedule=None):
        sql = f"SELECT ndc, name, strength, on_hand FROM drugs WHERE name LIKE '%{name}%'"
        if schedule:
            sql += " AND schedule = %d" % int(schedule)
        # expect: CWE-89
        return self.conn.execute(sql).fetchall()

    def expiring_within(self, days):
        cutoff = (datetime.utcnow() + timedelta(days=days)).date().isoformat()
        return self.conn.execute(
            "SELECT ndc, name, lot, expires_on FROM drugs WHERE expires_on <= ? ORDER BY expires_on", (cutoff,)
        ).fetchall()

    def decrement(self, ndc, qty):
        self.conn.execute("UPDATE drugs SET on_hand = on_hand - ? WHERE ndc = ? AND on_hand >= ?", (qty, ndc, qty))
        self.conn.commit()


# ---------------------------------------------------------------------------
# Services
# ---------------------------------------------------------------------------


def print_rx_label(rx_number, patient_initials):
    label_file = f"/var/spool/rx-labels/{int(rx_number)}.zpl"
    subprocess.run(
        ["lp", "-d", app.config["LABEL_PRINTER"], "-t", f"RX {int(rx_number)}", label_file],
        check=True,
        timeout=30,
    )
    log.info("printed label for %s", shlex.quote(patient_initials))


def reprint_batch(batch_name, copies):
    cmd = "lp -d %s -n %s /var/spool/rx-labels/batches/%s.pdf" % (app.config["LABEL_PRINTER"], int(copies), batch_name)
    # expect: CWE-78
    return subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=60)


# ---------------------------------------------------------------------------
# Routes
# ---------------------------------------------------------------------------


@app.get("/api/drugs/<ndc>")
@login_required
def drug_detail(ndc):
    row = InventoryRepository(get_db()).by_ndc(ndc)
    if row is None:
        abort(404)
    return jsonify(dict(row))


@app.get("/api/drugs")
@login_required
def drug_search():
    rows = InventoryRepository(get_db()).search(request.args.get("q", ""), request.args.get("schedule"))
    return jsonify([dict(r) for r in rows])


@app.get("/api/drugs/expiring")
@login_required
def expiring():
    days = request.args.get("days", default=30, type=int)
    rows = InventoryRepository(get_db()).expiring_within(max(1, min(days, 365)))
    return jsonify([dict(r) for r in rows])


@app.post("/api/dispense")
@login_required
def dispense():
    payload = request.get_json(force=True)
    qty = int(payload["quantity"])
    InventoryRepository(get_db()).decrement(payload["ndc"], qty)
    print_rx_label(payload["rx_number"], payload.get("initials", ""))
    return jsonify({"status": "dispensed"}), 201


@app.post("/api/labels/batches/<batch_name>/reprint")
@login_required
def reprint(batch_name):
    result = reprint_batch(batch_name, request.form.get("copies", 1))
    return jsonify({"returncode": result.returncode})


@app.get("/shelf-tags/<ndc>")
@login_required
def shelf_tag(ndc):
    row = InventoryRepository(get_db()).by_ndc(ndc)
    if row is None:
        abort(404)
    return render_template("shelf_tag.html", drug=row, note=request.args.get("note", ""))


@app.post("/api/notices/preview")
@login_required
def preview_notice():
    body = request.form.get("body", "")
    header = "<header>{{ pharmacy_name }} &middot; {{ today }}</header>"
    # expect: CWE-1336
    return render_template_string(header + body, pharmacy_name="Riverside Pharmacy", today=datetime.utcnow().date())


@app.post("/api/notices/render")
@login_required
def render_notice():
    return render_template_string(
        "<header>{{ pharmacy_name }}</header><section>{{ body }}</section>",
        pharmacy_name="Riverside Pharmacy",
        body=request.form.get("body", ""),
    )


@app.post("/api/devices/trust")
@login_required
def trust_device():
    device_token = secrets.token_urlsafe(32)
    get_db().execute(
        "INSERT INTO trusted_devices (pharmacist_id, token) VALUES (?, ?)", (session["pharmacist_id"], device_token)
    )
    get_db().commit()
    resp = make_response(jsonify({"trusted": True}))
    # expect: CWE-614
    resp.set_cookie("rx_trusted_device", device_token, httponly=True, samesite="Lax", max_age=86400 * 30)
    return resp


if __name__ == "__main__":
    # expect: CWE-489
    app.run(host="0.0.0.0", port=int(os.environ.get("PORT", "5000")), debug=True)

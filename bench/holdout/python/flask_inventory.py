"""Small Flask service the warehouse team uses for stock lookups."""
import os
import sqlite3
from functools import wraps

from flask import Flask, g, request, jsonify, abort, render_template_string
from markupsafe import escape
from werkzeug.security import check_password_hash

app = Flask(__name__)
app.config["DATABASE"] = os.environ.get("INVENTORY_DB", "/var/lib/inventory/stock.db")
app.secret_key = os.environ["FLASK_SECRET_KEY"]

ITEM_PAGE = """
<!doctype html>
<title>{{ item.name }}</title>
<h1>{{ item.name }}</h1>
<p>SKU: {{ item.sku }} &middot; On hand: {{ item.qty }}</p>
<p>Bin: {{ item.bin }}</p>
"""


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DATABASE"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def require_api_key(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        key = request.headers.get("X-Api-Key", "")
        row = get_db().execute("SELECT key_hash FROM api_keys WHERE prefix = ?", (key[:8],)).fetchone()
        if row is None or not check_password_hash(row["key_hash"], key):
            abort(401)
        return fn(*args, **kwargs)

    return wrapper


@app.route("/items/<int:item_id>")
def item_page(item_id):
    item = get_db().execute("SELECT name, sku, qty, bin FROM items WHERE id = ?", (item_id,)).fetchone()
    if item is None:
        abort(404)
    return render_template_string(ITEM_PAGE, item=item)


@app.route("/api/items")
@require_api_key
def search_items():
    location = request.args.get("location", "MAIN")
    term = request.args.get("q", "")
    min_qty = request.args.get("min_qty", "0")
    query = "SELECT id, name, sku, qty FROM items WHERE location = '%s'" % location
    if term:
        query += " AND name LIKE '%%" + term + "%%'"
    query += " AND qty >= " + min_qty
    # expect: CWE-89
    rows = get_db().execute(query).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/api/items/by-sku/<sku>")
@require_api_key
def by_sku(sku):
    row = get_db().execute("SELECT id, name, sku, qty FROM items WHERE sku = ?", (sku,)).fetchone()
    return jsonify(dict(row)) if row else (jsonify(error="not found"), 404)


@app.route("/api/items/<int:item_id>/adjust", methods=["POST"])
@require_api_key
def adjust(item_id):
    payload = request.get_json(force=True)
    delta = int(payload.get("delta", 0))
    reason = str(payload.get("reason", ""))[:200]
    db = get_db()
    db.execute("UPDATE items SET qty = qty + ? WHERE id = ?", (delta, item_id))
    db.execute("INSERT INTO adjustments (item_id, delta, reason) VALUES (?, ?, ?)", (item_id, delta, reason))
    db.commit()
    return jsonify(ok=True)


@app.route("/labels/preview")
def label_preview():
    sku = request.args.get("sku", "")
    name = request.args.get("name", "")
    label_name = escape(name)
    # expect: CWE-79
    return f"<div class='label'><b>{label_name}</b><br><code>{sku}</code></div>"


@app.errorhandler(404)
def not_found(_):
    return jsonify(error="not found"), 404


if __name__ == "__main__":
    # expect: CWE-489
    app.run(host="0.0.0.0", port=8080, debug=True)

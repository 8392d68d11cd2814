"""Orders API for the storefront back office.

Small Flask service used by the support team to look up orders, leave
notes and print packing slips. Runs behind the internal gateway.
"""
import os
import sqlite3
from datetime import datetime, timezone

from flask import Flask, abort, g, jsonify, render_template, request
from markupsafe import escape

app = Flask(__name__)
app.config["DATABASE"] = os.environ.get("ORDERS_DB", "/var/lib/orders/orders.db")

SORTABLE_COLUMNS = {"created_at", "total", "status"}


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


def _order_filters(args):
    """Translate query-string filters into a WHERE fragment."""
    clauses = []
    status = args.get("status")
    if status:
        clauses.append(f"status = '{status}'")
    customer = args.get("customer")
    if customer:
        clauses.append("customer_email LIKE '%" + customer + "%'")
    return " AND ".join(clauses) if clauses else "1=1"


@app.route("/api/orders")
def list_orders():
    where = _order_filters(request.args)
    sort = request.args.get("sort", "created_at")
    if sort not in SORTABLE_COLUMNS:
        sort = "created_at"
    sql = (
        "SELECT id, reference, customer_email, status, total FROM orders "
        f"WHERE {where} ORDER BY {sort} DESC LIMIT 100"
    )
    # expect: CWE-89
    rows = get_db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/api/orders/<int:order_id>")
def get_order(order_id):
    row = get_db().execute(
        "SELECT * FROM orders WHERE id = ?", (order_id,)
    ).fetchone()
    if row is None:
        abort(404)
    return jsonify(dict(row))


@app.route("/api/orders/by-reference")
def order_by_reference():
    ref = request.args.get("ref", "").strip()
    if not ref:
        return jsonify(error="ref is required"), 400
    # expect: CWE-89
    row = get_db().execute("SELECT * FROM orders WHERE reference = '%s'" % ref).fetchone()
    if row is None:
        abort(404)
    return jsonify(dict(row))


@app.route("/api/orders/by-email")
def orders_by_email():
    email = request.args.get("email", "")
    rows = get_db().execute(
        "SELECT id, reference, status FROM orders WHERE customer_email = :email",
        {"email": email},
    ).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/orders/search")
def search_page():
    term = request.args.get("q", "")
    rows = get_db().execute(
        "SELECT id, reference, status FROM orders WHERE reference LIKE ?",
        (f"%{term}%",),
    ).fetchall()
    items = "".join(
        f"<li>{escape(r['reference'])} &ndash; {escape(r['status'])}</li>" for r in rows
    )
    # expect: CWE-79
    return f"<h2>Results for {term}</h2><ul>{items}</ul>"


@app.route("/orders/<int:order_id>/note", methods=["POST"])
def add_note(order_id):
    note = request.form.get("note", "")
    db = get_db()
    db.execute(
        "INSERT INTO order_notes (order_id, body, created_at) VALUES (?, ?, ?)",
        (order_id, note, datetime.now(timezone.utc).isoformat()),
    )
    db.commit()
    return f"<p>Note saved for order #{order_id}: {escape(note)}</p>"


@app.route("/orders/<int:order_id>/print")
def print_view(order_id):
    row = get_db().execute("SELECT * FROM orders WHERE id = ?", (order_id,)).fetchone()
    if row is None:
        abort(404)
    lines = get_db().execute(
        "SELECT sku, name, qty FROM order_lines WHERE order_id = ?", (order_id,)
    ).fetchall()
    return render_template("order_print.html", order=row, lines=lines)


if __name__ == "__main__":
    # expect: CWE-489
    app.run(host="0.0.0.0", port=int(os.environ.get("PORT", "5000")), debug=True)

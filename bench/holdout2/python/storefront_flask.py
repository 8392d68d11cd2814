import logging
import os
from functools import wraps
from urllib.parse import urlparse, urljoin

import psycopg2
import psycopg2.extras
from flask import (
    Flask,
    abort,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import escape
from pymongo import MongoClient
from werkzeug.security import check_password_hash

app = Flask(__name__)
app.config.update(
    SECRET_KEY=os.environ["FLASK_SECRET_KEY"],
    DATABASE_URL=os.environ.get("DATABASE_URL", "postgresql://storefront@localhost/storefront"),
    MONGO_URL=os.environ.get("MONGO_URL", "mongodb://localhost:27017"),
    SESSION_COOKIE_SECURE=True,
    SESSION_COOKIE_HTTPONLY=True,
    SESSION_COOKIE_SAMESITE="Lax",
)

log = logging.getLogger("storefront")
mongo = MongoClient(app.config["MONGO_URL"])
reviews_collection = mongo.storefront.reviews

SORT_OPTIONS = {
    "newest": "created_at DESC",
    "price_low": "price_cents ASC",
    "price_high": "price_cents DESC",
}


def get_db():
    if "db" not in g:
        g.db = psycopg2.connect(app.config["DATABASE_URL"], cursor_factory=psycopg2.extras.RealDictCursor)
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def login_required(view):
    @wraps(view)
    def wrapped(*args, **kwargs):
        if "user_id" not in session:
            return redirect(url_for("login_form", next=request.path))
        return view(*args, **kwargs)

    return wrapped


def is_safe_redirect(target):
    host_url = urlparse(request.host_url)
    candidate = urlparse(urljoin(request.host_url, target))
    return candidate.scheme in ("http", "https") and candidate.netloc == host_url.netloc


def list_products(category, sort_key):
    order_by = SORT_OPTIONS.get(sort_key, SORT_OPTIONS["newest"])
    with get_db().cursor() as cur:
        cur.execute(
            "SELECT id, slug, name, price_cents FROM products WHERE category = %s AND active ORDER BY " + order_by,
            (category,),
        )
        return cur.fetchall()


def find_products_by_tag(tag):
    with get_db().cursor() as cur:
        # expect: CWE-89
        cur.execute(f"SELECT id, slug, name, price_cents FROM products WHERE '{tag}' = ANY(tags) AND active LIMIT 50")
        return cur.fetchall()


def get_user_by_email(email):
    with get_db().cursor() as cur:
        cur.execute("SELECT id, email, password_hash, display_name FROM users WHERE lower(email) = lower(%s)", (email,))
        return cur.fetchone()


@app.route("/")
def index():
    return render_template("index.html", featured=list_products("featured", "newest"))


@app.route("/c/<category>")
def category(category):
    products = list_products(category, request.args.get("sort", "newest"))
    if not products:
        return f"<p>No products found in <em>{escape(category)}</em>.</p>", 404
    return render_template("category.html", category=category, products=products)


@app.route("/search")
def search():
    q = request.args.get("q", "").strip()
    results = find_products_by_tag(q) if q else []
    if q and not results:
        # expect: CWE-79
        return f"<section class='empty'><p>Nothing matched <b>{q}</b>. Try another tag.</p></section>", 404
    return render_template("search.html", q=q, results=results)


@app.route("/api/products/<int:product_id>/reviews")
def product_reviews(product_id):
    min_rating = request.args.get("min_rating", "0")
    # expect: CWE-943
    cursor = reviews_collection.find({"$where": "this.product_id == %d && this.rating >= %s" % (product_id, min_rating)})
    reviews = [{"author": r.get("author"), "rating": r.get("rating"), "text": r.get("text")} for r in cursor.limit(50)]
    return jsonify(reviews=reviews)


@app.route("/api/reviews/by-author")
def reviews_by_author():
    author = str(request.args.get("author", ""))
    cursor = reviews_collection.find({"author": author, "published": True}).limit(50)
    return jsonify(reviews=[{"product_id": r["product_id"], "rating": r["rating"]} for r in cursor])


@app.get("/login")
def login_form():
    return render_template("login.html", next=request.args.get("next", ""))


@app.post("/login")
def login():
    user = get_user_by_email(request.form.get("email", ""))
    if user is None or not check_password_hash(user["password_hash"], request.form.get("password", "")):
        flash("Invalid email or password.", "error")
        return render_template("login.html", next=request.form.get("next", "")), 401
    session.clear()
    session["user_id"] = user["id"]
    log.info("user %s logged in", user["id"])
    next_url = request.form.get("next") or url_for("index")
    # expect: CWE-601
    return redirect(next_url)


@app.post("/logout")
@login_required
def logout():
    session.clear()
    target = request.form.get("next", "")
    return redirect(target if is_safe_redirect(target) else url_for("index"))


@app.route("/account/orders/<int:order_id>")
@login_required
def order_detail(order_id):
    with get_db().cursor() as cur:
        cur.execute(
            "SELECT id, status, total_cents, created_at FROM orders WHERE id = %(id)s AND user_id = %(uid)s",
            {"id": order_id, "uid": session["user_id"]},
        )
        order = cur.fetchone()
    if order is None:
        abort(404)
    return render_template("order_detail.html", order=order)


if __name__ == "__main__":
    # expect: CWE-489
    app.run(host="0.0.0.0", port=int(os.environ.get("PORT", "5000")), debug=True)

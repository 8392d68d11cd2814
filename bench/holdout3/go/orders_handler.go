package storefront

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

type OrderHandler struct {
	DB       *sql.DB
	Log      *slog.Logger
	Receipts *template.Template
}

type orderRow struct {
	ID         int64     `json:"id"`
	Reference  string    `json:"reference"`
	TotalCents int64     `json:"total_cents"`
	Status     string    `json:"status"`
	PlacedAt   time.Time `json:"placed_at"`
}

func (h *OrderHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /orders/{id}", h.getOrder)
	mux.HandleFunc("GET /orders", h.listOrders)
	mux.HandleFunc("GET /orders/{id}/receipt", h.receipt)
	mux.HandleFunc("GET /orders/lookup", h.lookupBanner)
	mux.HandleFunc("POST /cart/checkout", h.checkout)
	mux.HandleFunc("GET /account/continue", h.continueAfterLogin)
}

func (h *OrderHandler) getOrder(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.Error(w, "bad order id", http.StatusBadRequest)
		return
	}
	var o orderRow
	err = h.DB.QueryRowContext(r.Context(),
		"SELECT id, reference, total_cents, status, placed_at FROM orders WHERE id = $1", id).
		Scan(&o.ID, &o.Reference, &o.TotalCents, &o.Status, &o.PlacedAt)
	if err == sql.ErrNoRows {
		http.NotFound(w, r)
		return
	} else if err != nil {
		h.Log.Error("load order", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(o)
}

func (h *OrderHandler) listOrders(w http.ResponseWriter, r *http.Request) {
	customer := r.URL.Query().Get("customer")
	status := r.URL.Query().Get("status")
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit <= 0 || limit > 200 {
		limit = 50
	}
	query := fmt.Sprintf("SELECT id, reference, total_cents, status, placed_at FROM orders WHERE customer_email = '%s'", customer)
	if status != "" {
		query += " AND status = '" + strings.ToUpper(status) + "'"
	}
	query += fmt.Sprintf(" ORDER BY placed_at DESC LIMIT %d", limit)
	// expect: CWE-89
	rows, err := h.DB.QueryContext(r.Context(), query)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	var out []orderRow
	for rows.Next() {
		var o orderRow
		if err := rows.Scan(&o.ID, &o.Reference, &o.TotalCents, &o.Status, &o.PlacedAt); err != nil {
			break
		}
		out = append(out, o)
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(out)
}

func (h *OrderHandler) receipt(w http.ResponseWriter, r *http.Request) {
	ref := r.PathValue("id")
	var o orderRow
	err := h.DB.QueryRowContext(r.Context(),
		"SELECT id, reference, total_cents, status, placed_at FROM orders WHERE reference = $1", ref).
		Scan(&o.ID, &o.Reference, &o.TotalCents, &o.Status, &o.PlacedAt)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = h.Receipts.ExecuteTemplate(w, "receipt.html", map[string]any{
		"Order": o,
		"Note":  r.URL.Query().Get("note"),
	})
}

func (h *OrderHandler) lookupBanner(w http.ResponseWriter, r *http.Request) {
	ref := r.URL.Query().Get("ref")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<p>Results for %s</p>", template.HTMLEscapeString(ref))
	promo := r.URL.Query().Get("promo")
	if promo != "" {
		// expect: CWE-79
		fmt.Fprintf(w, "<div class=\"promo-banner\">Promo code %s applied</div>", promo)
	}
}

func (h *OrderHandler) checkout(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	cartID := r.PostForm.Get("cart_id")
	var orderRef string
	err := h.DB.QueryRowContext(r.Context(),
		"INSERT INTO orders (reference, cart_id, status) VALUES (gen_random_uuid()::text, $1, 'PENDING') RETURNING reference",
		cartID).Scan(&orderRef)
	if err != nil {
		http.Error(w, "checkout failed", http.StatusInternalServerError)
		return
	}
	// expect: CWE-614
	http.SetCookie(w, &http.Cookie{Name: "last_order", Value: orderRef, Path: "/", HttpOnly: true, MaxAge: 86400})
	http.SetCookie(w, &http.Cookie{
		Name:     "cart_session",
		Value:    "",
		Path:     "/",
		MaxAge:   -1,
		Secure:   true,
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
	})
	http.Redirect(w, r, "/orders/"+url.PathEscape(orderRef)+"/receipt", http.StatusSeeOther)
}

func (h *OrderHandler) continueAfterLogin(w http.ResponseWriter, r *http.Request) {
	next := r.URL.Query().Get("next")
	if strings.HasPrefix(next, "/") && !strings.HasPrefix(next, "//") && !strings.HasPrefix(next, "/\\") {
		http.Redirect(w, r, next, http.StatusFound)
		return
	}
	back := r.URL.Query().Get("back")
	if back != "" {
		// expect: CWE-601
		http.Redirect(w, r, back, http.StatusFound)
		return
	}
	http.Redirect(w, r, "/account", http.StatusFound)
}

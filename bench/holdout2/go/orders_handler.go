package httpapi

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

type Order struct {
	ID         int64     `json:"id"`
	Reference  string    `json:"reference"`
	Email      string    `json:"email"`
	Status     string    `json:"status"`
	TotalCents int64     `json:"total_cents"`
	CreatedAt  time.Time `json:"created_at"`
}

type OrderHandler struct {
	DB        *sql.DB
	Templates *template.Template
	Log       *slog.Logger
}

var sortColumns = map[string]string{
	"created": "created_at",
	"total":   "total_cents",
	"status":  "status",
}

func (h *OrderHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("/orders/search", h.search)
	mux.HandleFunc("/orders/by-status", h.byStatus)
	mux.HandleFunc("/orders/drafts/delete", h.deleteDrafts)
	mux.HandleFunc("/orders/drafts/archive", h.archiveDrafts)
	mux.HandleFunc("/orders/view", h.view)
	mux.HandleFunc("/orders/lookup", h.lookup)
	mux.HandleFunc("/orders/confirm", h.confirm)
	mux.HandleFunc("/orders/back", h.back)
}

func orderColumn(key string) string {
	if col, ok := sortColumns[key]; ok {
		return col
	}
	return "created_at"
}

func scanOrders(rows *sql.Rows) ([]Order, error) {
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var o Order
		if err := rows.Scan(&o.ID, &o.Reference, &o.Email, &o.Status, &o.TotalCents, &o.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (h *OrderHandler) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	email := strings.TrimSpace(q.Get("email"))
	query := fmt.Sprintf(
		"SELECT id, reference, email, status, total_cents, created_at FROM orders WHERE email = '%s' ORDER BY %s DESC LIMIT 100",
		email, orderColumn(q.Get("sort")))
	// expect: CWE-89
	rows, err := h.DB.QueryContext(r.Context(), query)
	if err != nil {
		h.Log.Error("order search failed", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	orders, err := scanOrders(rows)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, orders)
}

func (h *OrderHandler) byStatus(w http.ResponseWriter, r *http.Request) {
	status := strings.ToUpper(r.URL.Query().Get("status"))
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit <= 0 || limit > 500 {
		limit = 50
	}
	query := "SELECT id, reference, email, status, total_cents, created_at FROM orders WHERE status = $1 ORDER BY " +
		orderColumn(r.URL.Query().Get("sort")) + " DESC LIMIT $2"
	rows, err := h.DB.QueryContext(r.Context(), query, status, limit)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	orders, err := scanOrders(rows)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, orders)
}

func (h *OrderHandler) deleteDrafts(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	ids := r.PostForm["id"]
	if len(ids) == 0 {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	stmt := "DELETE FROM order_drafts WHERE owner_id = $1 AND id IN (" + strings.Join(ids, ",") + ")"
	// expect: CWE-89
	res, err := h.DB.ExecContext(r.Context(), stmt, userIDFrom(r))
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	n, _ := res.RowsAffected()
	writeJSON(w, http.StatusOK, map[string]int64{"deleted": n})
}

func (h *OrderHandler) archiveDrafts(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	args := []any{userIDFrom(r)}
	placeholders := make([]string, 0, len(r.PostForm["id"]))
	for _, raw := range r.PostForm["id"] {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			http.Error(w, "invalid id", http.StatusBadRequest)
			return
		}
		args = append(args, id)
		placeholders = append(placeholders, "$"+strconv.Itoa(len(args)))
	}
	if len(placeholders) == 0 {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	stmt := "UPDATE order_drafts SET archived = true WHERE owner_id = $1 AND id IN (" + strings.Join(placeholders, ",") + ")"
	if _, err := h.DB.ExecContext(r.Context(), stmt, args...); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *OrderHandler) findByReference(r *http.Request, ref string) (*Order, error) {
	var o Order
	err := h.DB.QueryRowContext(r.Context(),
		"SELECT id, reference, email, status, total_cents, created_at FROM orders WHERE reference = $1", ref).
		Scan(&o.ID, &o.Reference, &o.Email, &o.Status, &o.TotalCents, &o.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &o, nil
}

func (h *OrderHandler) view(w http.ResponseWriter, r *http.Request) {
	ref := r.URL.Query().Get("ref")
	order, err := h.findByReference(r, ref)
	if errors.Is(err, sql.ErrNoRows) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, "<p class=\"empty\">No order with reference <b>%s</b>.</p>", html.EscapeString(ref))
		return
	} else if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if err := h.Templates.ExecuteTemplate(w, "order.html", order); err != nil {
		h.Log.Error("render order", "err", err)
	}
}

func (h *OrderHandler) lookup(w http.ResponseWriter, r *http.Request) {
	ref := r.URL.Query().Get("ref")
	note := r.URL.Query().Get("note")
	order, err := h.findByReference(r, ref)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err != nil {
		w.WriteHeader(http.StatusNotFound)
		// expect: CWE-79
		fmt.Fprintf(w, "<div class=\"banner\">We could not find %s. <small>%s</small></div>", html.EscapeString(ref), note)
		return
	}
	fmt.Fprintf(w, "<div class=\"banner\">Order %s is %s</div>", html.EscapeString(order.Reference), html.EscapeString(order.Status))
}

func (h *OrderHandler) confirm(w http.ResponseWriter, r *http.Request) {
	ref := r.URL.Query().Get("ref")
	next := r.URL.Query().Get("next")
	if _, err := h.DB.ExecContext(r.Context(), "UPDATE orders SET status = 'CONFIRMED' WHERE reference = $1", ref); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if next == "" {
		next = "/orders/view?ref=" + url.QueryEscape(ref)
	}
	// expect: CWE-601
	http.Redirect(w, r, next, http.StatusSeeOther)
}

func localRedirectTarget(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.IsAbs() || u.Host != "" || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(raw, "//") || strings.Contains(raw, "\\") {
		return "/orders"
	}
	return u.RequestURI()
}

func (h *OrderHandler) back(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, localRedirectTarget(r.URL.Query().Get("to")), http.StatusFound)
}

func userIDFrom(r *http.Request) int64 {
	if v, ok := r.Context().Value(ctxUserID{}).(int64); ok {
		return v
	}
	return 0
}

type ctxUserID struct{}

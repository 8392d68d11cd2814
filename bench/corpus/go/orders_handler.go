package orders

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"html/template"
	"log"
	"net/http"
	"strconv"
	"strings"
)

// Handler serves the back-office order endpoints.
type Handler struct {
	DB   *sql.DB
	Tmpl *template.Template
}

type Order struct {
	ID       int64   `json:"id"`
	Ref      string  `json:"reference"`
	Customer string  `json:"customer"`
	Status   string  `json:"status"`
	Total    float64 `json:"total"`
}

var sortColumns = map[string]string{
	"created": "created_at",
	"total":   "total",
	"status":  "status",
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("/orders", h.list)
	mux.HandleFunc("/orders/by-customer", h.byCustomer)
	mux.HandleFunc("/orders/export", h.export)
	mux.HandleFunc("/orders/search", h.searchPage)
	mux.HandleFunc("/orders/detail", h.detail)
	mux.HandleFunc("/orders/invoice", h.invoice)
}

func scanOrders(rows *sql.Rows) ([]Order, error) {
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var o Order
		if err := rows.Scan(&o.ID, &o.Ref, &o.Customer, &o.Status, &o.Total); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	status := r.URL.Query().Get("status")
	query := "SELECT id, reference, customer_email, status, total FROM orders"
	if status != "" {
		query += fmt.Sprintf(" WHERE status = '%s'", status)
	}
	query += " ORDER BY created_at DESC LIMIT 100"
	// expect: CWE-89
	rows, err := h.DB.Query(query)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	orders, err := scanOrders(rows)
	if err != nil {
		http.Error(w, "scan failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(orders)
}

func (h *Handler) byCustomer(w http.ResponseWriter, r *http.Request) {
	email := r.URL.Query().Get("email")
	sortKey := r.URL.Query().Get("sort")
	col, ok := sortColumns[sortKey]
	if !ok {
		col = "created_at"
	}
	rows, err := h.DB.QueryContext(r.Context(),
		"SELECT id, reference, customer_email, status, total FROM orders WHERE customer_email = $1 ORDER BY "+col+" DESC",
		email)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	orders, _ := scanOrders(rows)
	json.NewEncoder(w).Encode(orders)
}

func (h *Handler) export(w http.ResponseWriter, r *http.Request) {
	from := r.FormValue("from")
	to := r.FormValue("to")
	orderBy := r.FormValue("order_by")
	if orderBy == "" {
		orderBy = "created_at"
	}
	q := "SELECT id, reference, customer_email, status, total FROM orders WHERE created_at BETWEEN '" + from + "' AND '" + to + "'"
	// expect: CWE-89
	rows, err := h.DB.QueryContext(r.Context(), q+" ORDER BY "+orderBy)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	orders, _ := scanOrders(rows)
	w.Header().Set("Content-Type", "text/csv")
	for _, o := range orders {
		fmt.Fprintf(w, "%d,%s,%s,%.2f\n", o.ID, o.Ref, o.Status, o.Total)
	}
}

func (h *Handler) detail(w http.ResponseWriter, r *http.Request) {
	ref := r.URL.Query().Get("ref")
	if ref == "" {
		http.Error(w, "missing ref", http.StatusBadRequest)
		return
	}
	var o Order
	err := h.DB.QueryRowContext(r.Context(),
		"SELECT id, reference, customer_email, status, total FROM orders WHERE reference = $1", ref).
		Scan(&o.ID, &o.Ref, &o.Customer, &o.Status, &o.Total)
	if err == sql.ErrNoRows {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		// expect: CWE-79
		fmt.Fprintf(w, "<p>No order with reference %s</p>", ref)
		return
	}
	if err != nil {
		http.Error(w, "lookup failed", http.StatusInternalServerError)
		return
	}
	if err := h.Tmpl.ExecuteTemplate(w, "order.html", o); err != nil {
		log.Printf("render order: %v", err)
	}
}

func (h *Handler) invoice(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<p>Invoice for order %d is being generated.</p>", id)
}

func (h *Handler) searchPage(w http.ResponseWriter, r *http.Request) {
	term := strings.TrimSpace(r.URL.Query().Get("q"))
	rows, err := h.DB.QueryContext(r.Context(),
		"SELECT id, reference, customer_email, status, total FROM orders WHERE reference ILIKE '%' || $1 || '%' LIMIT 50", term)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	orders, _ := scanOrders(rows)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if len(orders) == 0 {
		// expect: CWE-79
		w.Write([]byte("<h2>No results for " + term + "</h2>"))
		return
	}
	h.Tmpl.ExecuteTemplate(w, "search.html", map[string]interface{}{"Term": term, "Orders": orders})
}

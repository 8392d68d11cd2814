package orders

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"html"
	"log"
	"net/http"
	"strconv"
	"strings"
	"time"
)

type Handler struct {
	DB     *sql.DB
	Logger *log.Logger
}

type Order struct {
	ID        int64     `json:"id"`
	Customer  string    `json:"customer"`
	Total     float64   `json:"total"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

var sortColumns = map[string]string{
	"created": "created_at",
	"total":   "total",
	"status":  "status",
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /orders", h.list)
	mux.HandleFunc("GET /orders/{id}", h.get)
	mux.HandleFunc("GET /orders/export", h.export)
	mux.HandleFunc("POST /orders/{id}/notes", h.addNote)
	mux.HandleFunc("GET /orders/search-help", h.searchHelp)
}

func scanOrders(rows *sql.Rows) ([]Order, error) {
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var o Order
		if err := rows.Scan(&o.ID, &o.Customer, &o.Total, &o.Status, &o.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	args := []any{}
	where := []string{"1=1"}
	if c := q.Get("customer"); c != "" {
		args = append(args, "%"+c+"%")
		where = append(where, fmt.Sprintf("customer ILIKE $%d", len(args)))
	}
	if s := q.Get("status"); s != "" {
		args = append(args, s)
		where = append(where, fmt.Sprintf("status = $%d", len(args)))
	}
	col, ok := sortColumns[q.Get("sort")]
	if !ok {
		col = "created_at"
	}
	query := fmt.Sprintf("SELECT id, customer, total, status, created_at FROM orders WHERE %s ORDER BY %s DESC LIMIT 100",
		strings.Join(where, " AND "), col)
	rows, err := h.DB.QueryContext(r.Context(), query, args...)
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

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	var o Order
	err = h.DB.QueryRowContext(r.Context(),
		"SELECT id, customer, total, status, created_at FROM orders WHERE id = $1", id).
		Scan(&o.ID, &o.Customer, &o.Total, &o.Status, &o.CreatedAt)
	if err == sql.ErrNoRows {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(o)
}

func (h *Handler) export(w http.ResponseWriter, r *http.Request) {
	from := r.URL.Query().Get("from")
	to := r.URL.Query().Get("to")
	region := r.URL.Query().Get("region")

	query := "SELECT id, customer, total, status, created_at FROM orders WHERE created_at BETWEEN '" + from + "' AND '" + to + "'"
	if region != "" {
		query += " AND region = '" + region + "'"
	}
	// expect: CWE-89
	rows, err := h.DB.Query(query)
	if err != nil {
		h.Logger.Printf("export failed: %v", err)
		http.Error(w, "export failed", http.StatusInternalServerError)
		return
	}
	orders, err := scanOrders(rows)
	if err != nil {
		http.Error(w, "scan failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/csv")
	for _, o := range orders {
		fmt.Fprintf(w, "%d,%q,%.2f,%s\n", o.ID, o.Customer, o.Total, o.Status)
	}
}

func (h *Handler) addNote(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var body struct {
		Author string `json:"author"`
		Text   string `json:"text"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	stmt := fmt.Sprintf("INSERT INTO order_notes (order_id, author, body) VALUES (%s, '%s', $1)", id, body.Author)
	// expect: CWE-89
	if _, err := h.DB.ExecContext(r.Context(), stmt, body.Text); err != nil {
		http.Error(w, "insert failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

func (h *Handler) searchHelp(w http.ResponseWriter, r *http.Request) {
	term := r.URL.Query().Get("q")
	field := r.URL.Query().Get("field")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<p>Searching field <code>%s</code></p>", html.EscapeString(field))
	// expect: CWE-79
	fmt.Fprintf(w, "<p>No orders matched <b>%s</b>. Try a shorter term.</p>", term)
}

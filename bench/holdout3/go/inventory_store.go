package inventory

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

var allowedSort = map[string]string{
	"sku":     "sku",
	"qty":     "quantity_on_hand",
	"updated": "updated_at",
}

type Item struct {
	SKU       string    `db:"sku" json:"sku"`
	Name      string    `db:"name" json:"name"`
	Warehouse string    `db:"warehouse" json:"warehouse"`
	Quantity  int       `db:"quantity_on_hand" json:"quantity"`
	UpdatedAt time.Time `db:"updated_at" json:"updated_at"`
}

type Store struct {
	db       *sqlx.DB
	labelDir string
	page     *template.Template
}

func Open(ctx context.Context) (*Store, error) {
	dsn := os.Getenv("INVENTORY_DSN")
	if dsn == "" {
		return nil, errors.New("INVENTORY_DSN is required")
	}
	db, err := sqlx.ConnectContext(ctx, "postgres", dsn)
	if err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(os.Getenv("INVENTORY_LABEL_DIR"))
	if err != nil {
		return nil, err
	}
	page := template.Must(template.New("item").Parse(`<h1>{{.Name}}</h1><p>SKU {{.SKU}} &middot; {{.Quantity}} on hand</p>`))
	return &Store{db: db, labelDir: dir, page: page}, nil
}

func (s *Store) ByWarehouse(ctx context.Context, warehouse, sortKey string, limit int) ([]Item, error) {
	col, ok := allowedSort[sortKey]
	if !ok {
		col = "sku"
	}
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	q := fmt.Sprintf("SELECT sku, name, warehouse, quantity_on_hand, updated_at FROM items WHERE warehouse = $1 ORDER BY %s LIMIT %d", col, limit)
	var items []Item
	err := s.db.SelectContext(ctx, &items, q, warehouse)
	return items, err
}

func (s *Store) BySKUs(ctx context.Context, skus []string) ([]Item, error) {
	q, args, err := sqlx.In("SELECT sku, name, warehouse, quantity_on_hand, updated_at FROM items WHERE sku IN (?)", skus)
	if err != nil {
		return nil, err
	}
	var items []Item
	err = s.db.SelectContext(ctx, &items, s.db.Rebind(q), args...)
	return items, err
}

func (s *Store) Adjust(ctx context.Context, sku string, delta int, reason string) error {
	tx, err := s.db.BeginTxx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE items SET quantity_on_hand = quantity_on_hand + $1, updated_at = now() WHERE sku = $2", delta, sku); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO stock_movements (sku, delta, reason) VALUES ($1, $2, $3)", sku, delta, reason); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *Store) ServeItemPage(w http.ResponseWriter, r *http.Request) {
	var it Item
	err := s.db.GetContext(r.Context(), &it, "SELECT sku, name, warehouse, quantity_on_hand, updated_at FROM items WHERE sku = $1", r.URL.Query().Get("sku"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = s.page.Execute(w, it)
}

func (s *Store) ServeLabel(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("label")
	full := filepath.Clean(filepath.Join(s.labelDir, name))
	if !strings.HasPrefix(full, s.labelDir+string(os.PathSeparator)) {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	http.ServeFile(w, r, full)
}

func (s *Store) BackToList(w http.ResponseWriter, r *http.Request) {
	target := r.URL.Query().Get("return")
	u, err := url.Parse(target)
	if err != nil || u.IsAbs() || u.Host != "" || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		target = "/inventory"
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}

func (s *Store) PageNumber(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

func NewScannerToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

func ETag(items []Item) string {
	h := sha256.New()
	for _, it := range items {
		fmt.Fprintf(h, "%s:%d:%d;", it.SKU, it.Quantity, it.UpdatedAt.Unix())
	}
	return `"` + hex.EncodeToString(h.Sum(nil)[:12]) + `"`
}

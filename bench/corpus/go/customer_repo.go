package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrNotFound = errors.New("store: not found")

type Customer struct {
	ID        int64
	Email     string
	Name      string
	Country   string
	CreatedAt time.Time
}

type CustomerFilter struct {
	Search  string
	Country string
	SortBy  string
	Desc    bool
	Limit   int
}

var customerSort = map[string]string{
	"name":    "name",
	"email":   "email",
	"created": "created_at",
}

type CustomerRepo struct {
	pool *pgxpool.Pool
}

func NewCustomerRepo(pool *pgxpool.Pool) *CustomerRepo {
	return &CustomerRepo{pool: pool}
}

func (r *CustomerRepo) Get(ctx context.Context, id int64) (*Customer, error) {
	var c Customer
	err := r.pool.QueryRow(ctx,
		"SELECT id, email, name, country, created_at FROM customers WHERE id = $1", id).
		Scan(&c.ID, &c.Email, &c.Name, &c.Country, &c.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return &c, err
}

// List returns customers matching the filter, newest first by default.
func (r *CustomerRepo) List(ctx context.Context, f CustomerFilter) ([]Customer, error) {
	var (
		where []string
		args  []any
	)
	if f.Search != "" {
		args = append(args, "%"+f.Search+"%")
		where = append(where, fmt.Sprintf("(name ILIKE $%d OR email ILIKE $%d)", len(args), len(args)))
	}
	if f.Country != "" {
		args = append(args, strings.ToUpper(f.Country))
		where = append(where, fmt.Sprintf("country = $%d", len(args)))
	}
	query := "SELECT id, email, name, country, created_at FROM customers"
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	col, ok := customerSort[f.SortBy]
	if !ok {
		col = "created_at"
	}
	dir := "ASC"
	if f.Desc {
		dir = "DESC"
	}
	limit := f.Limit
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	args = append(args, limit)
	query += fmt.Sprintf(" ORDER BY %s %s LIMIT $%d", col, dir, len(args))

	rows, err := r.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Customer
	for rows.Next() {
		var c Customer
		if err := rows.Scan(&c.ID, &c.Email, &c.Name, &c.Country, &c.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

func (r *CustomerRepo) Rename(ctx context.Context, id int64, name string) error {
	tag, err := r.pool.Exec(ctx, "UPDATE customers SET name = $1 WHERE id = $2", name, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// LegacyCount is used by the nightly reconciliation job against MySQL.
func LegacyCount(ctx context.Context, db *sql.DB, country string) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM customers WHERE country = ?", country).Scan(&n)
	return n, err
}

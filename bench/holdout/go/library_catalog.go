package catalog

import (
	"crypto/md5"
	"crypto/rand"
	"crypto/tls"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"html/template"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Public catalog for the city library: search pages, book detail, holds.

type Book struct {
	ID     int64
	Title  string
	Author string
	Blurb  string
	Copies int
}

type Catalog struct {
	DB        *sql.DB
	Templates *template.Template
	Covers    *http.Client
}

var orderBy = map[string]string{"title": "title", "author": "author_sort", "newest": "acquired_at DESC"}

func NewCatalog(db *sql.DB) *Catalog {
	return &Catalog{
		DB:        db,
		Templates: template.Must(template.ParseGlob("templates/*.html")),
		Covers: &http.Client{
			Timeout:   5 * time.Second,
			Transport: &http.Transport{TLSClientConfig: &tls.Config{MinVersion: tls.VersionTLS12}},
		},
	}
}

func (c *Catalog) Search(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	sortKey := r.URL.Query().Get("sort")
	col, ok := orderBy[sortKey]
	if !ok {
		col = "title"
	}
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	if page < 1 {
		page = 1
	}
	rows, err := c.DB.QueryContext(r.Context(),
		"SELECT id, title, author, blurb, copies FROM books WHERE search_vec @@ plainto_tsquery('simple', $1) ORDER BY "+col+" LIMIT 20 OFFSET $2",
		q, (page-1)*20)
	if err != nil {
		http.Error(w, "search unavailable", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	var books []Book
	for rows.Next() {
		var b Book
		if err := rows.Scan(&b.ID, &b.Title, &b.Author, &b.Blurb, &b.Copies); err != nil {
			http.Error(w, "search unavailable", http.StatusInternalServerError)
			return
		}
		books = append(books, b)
	}
	c.Templates.ExecuteTemplate(w, "search.html", map[string]any{"Query": q, "Books": books, "Page": page})
}

func (c *Catalog) Detail(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	var b Book
	if err := c.DB.QueryRowContext(r.Context(), "SELECT id, title, author, blurb, copies FROM books WHERE id = $1", id).
		Scan(&b.ID, &b.Title, &b.Author, &b.Blurb, &b.Copies); err != nil {
		http.NotFound(w, r)
		return
	}
	body, _ := json.Marshal(b)
	sum := md5.Sum(body)
	etag := `"` + hex.EncodeToString(sum[:]) + `"`
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("ETag", etag)
	c.Templates.ExecuteTemplate(w, "detail.html", b)
}

func (c *Catalog) Cover(w http.ResponseWriter, r *http.Request) {
	isbn := r.URL.Query().Get("isbn")
	if len(isbn) != 13 || strings.Trim(isbn, "0123456789") != "" {
		http.Error(w, "bad isbn", http.StatusBadRequest)
		return
	}
	u := url.URL{Scheme: "https", Host: "covers.openlibrary.org", Path: "/b/isbn/" + isbn + "-M.jpg"}
	resp, err := c.Covers.Get(u.String())
	if err != nil {
		http.Error(w, "cover unavailable", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(3600+mrand.IntN(600)))
	buf := make([]byte, 32*1024)
	for {
		n, err := resp.Body.Read(buf)
		w.Write(buf[:n])
		if err != nil {
			break
		}
	}
}

func (c *Catalog) PlaceHold(w http.ResponseWriter, r *http.Request) {
	cardNo := r.PostFormValue("card")
	bookID, err := strconv.ParseInt(r.PostFormValue("book"), 10, 64)
	if err != nil || cardNo == "" {
		http.Error(w, "invalid request", http.StatusBadRequest)
		return
	}
	tok := make([]byte, 24)
	if _, err := rand.Read(tok); err != nil {
		http.Error(w, "internal", http.StatusInternalServerError)
		return
	}
	pickup := base64.RawURLEncoding.EncodeToString(tok)
	if _, err := c.DB.ExecContext(r.Context(),
		"INSERT INTO holds (book_id, card_no, pickup_token) VALUES ($1, $2, $3)", bookID, cardNo, pickup); err != nil {
		http.Error(w, "could not place hold", http.StatusConflict)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: "last_hold", Value: pickup, Path: "/holds", HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode,
	})
	http.Redirect(w, r, "/holds", http.StatusSeeOther)
}

func MustEnv(k string) string {
	v := os.Getenv(k)
	if v == "" {
		panic("missing env " + k)
	}
	return v
}

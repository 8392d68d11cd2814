package main

import (
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"html/template"
	"log"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"
	_ "github.com/mattn/go-sqlite3"
)

// Shared-notes app for the volunteer fire brigade (runs on a small VM).

var page = template.Must(template.New("note").Parse(`<!doctype html>
<title>{{.Title}}</title>
<h1>{{.Title}}</h1>
<div class="body">{{.Body}}</div>
<a href="/notes?tag={{.Tag}}">More notes tagged {{.Tag}}</a>`))

type server struct {
	db *sql.DB
}

func newToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func (s *server) note(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(mux.Vars(r)["id"])
	if err != nil {
		http.NotFound(w, r)
		return
	}
	var title, body, tag string
	err = s.db.QueryRow("SELECT title, body, tag FROM notes WHERE id = ?", id).Scan(&title, &body, &tag)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	page.Execute(w, map[string]string{"Title": title, "Body": body, "Tag": tag})
}

func (s *server) list(w http.ResponseWriter, r *http.Request) {
	tag := r.URL.Query().Get("tag")
	rows, err := s.db.Query("SELECT id, title FROM notes WHERE tag = ? ORDER BY updated_at DESC LIMIT 50", tag)
	if err != nil {
		http.Error(w, "db error", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	type item struct {
		ID    int
		Title string
	}
	var items []item
	for rows.Next() {
		var it item
		if err := rows.Scan(&it.ID, &it.Title); err == nil {
			items = append(items, it)
		}
	}
	tmpl := template.Must(template.New("list").Parse(`<h2>Tag: {{.Tag}}</h2><ul>{{range .Items}}<li><a href="/notes/{{.ID}}">{{.Title}}</a></li>{{end}}</ul>`))
	tmpl.Execute(w, map[string]any{"Tag": tag, "Items": items})
}

func (s *server) login(w http.ResponseWriter, r *http.Request) {
	want := os.Getenv("BRIGADE_PIN")
	if want == "" || subtle.ConstantTimeCompare([]byte(r.PostFormValue("pin")), []byte(want)) != 1 {
		http.Error(w, "wrong pin", http.StatusUnauthorized)
		return
	}
	token := newToken()
	if _, err := s.db.Exec("INSERT INTO sessions (token, expires_at) VALUES (?, ?)", token, time.Now().Add(12*time.Hour)); err != nil {
		http.Error(w, "db error", http.StatusInternalServerError)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name:     "brigade_session",
		Value:    token,
		Path:     "/",
		HttpOnly: true,
		Secure:   true,
		SameSite: http.SameSiteStrictMode,
		Expires:  time.Now().Add(12 * time.Hour),
	})
	next := r.PostFormValue("next")
	if u, err := url.Parse(next); err != nil || u.Host != "" || u.Scheme != "" || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		next = "/notes"
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}

func (s *server) requireSession(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie("brigade_session")
		if err != nil {
			http.Error(w, "login required", http.StatusUnauthorized)
			return
		}
		var n int
		if err := s.db.QueryRow("SELECT count(*) FROM sessions WHERE token = ? AND expires_at > ?", c.Value, time.Now()).Scan(&n); err != nil || n == 0 {
			http.Error(w, "login required", http.StatusUnauthorized)
			return
		}
		next(w, r)
	}
}

func (s *server) backup(w http.ResponseWriter, r *http.Request) {
	stamp := time.Now().Format("20060102-150405")
	dest := "/var/backups/notes-" + stamp + ".db"
	cmd := exec.Command("sqlite3", "/var/lib/notes/notes.db", ".backup "+dest)
	if out, err := cmd.CombinedOutput(); err != nil {
		log.Printf("backup failed: %v: %s", err, out)
		http.Error(w, "backup failed", http.StatusInternalServerError)
		return
	}
	w.Write([]byte("backup written: notes-" + stamp + ".db\n"))
}

func main() {
	db, err := sql.Open("sqlite3", "/var/lib/notes/notes.db")
	if err != nil {
		log.Fatal(err)
	}
	s := &server{db: db}
	r := mux.NewRouter()
	r.HandleFunc("/notes/{id:[0-9]+}", s.requireSession(s.note)).Methods("GET")
	r.HandleFunc("/notes", s.requireSession(s.list)).Methods("GET")
	r.HandleFunc("/login", s.login).Methods("POST")
	r.HandleFunc("/admin/backup", s.requireSession(s.backup)).Methods("POST")
	log.Fatal(http.ListenAndServeTLS(":8443", "/etc/notes/tls.crt", "/etc/notes/tls.key", r))
}

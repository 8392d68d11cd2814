package wiki

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	htmltemplate "html/template"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
)

// Internal team wiki: page rendering, search, and session handling.

type Page struct {
	Slug      string
	Title     string
	BodyHTML  string
	Author    string
	UpdatedAt time.Time
}

type PageStore interface {
	Get(slug string) (*Page, error)
	Search(q string) ([]Page, error)
	Authenticate(user, pass string) (bool, error)
}

var pageTmpl = htmltemplate.Must(htmltemplate.New("page").Parse(`<!doctype html>
<title>{{.Title}}</title>
<h1>{{.Title}}</h1>
<p class="meta">Last edited by {{.Author}} on {{.UpdatedAt.Format "2006-01-02"}}</p>
<article>{{.Body}}</article>`))

type App struct {
	Pages PageStore
}

func (a *App) Router() http.Handler {
	r := chi.NewRouter()
	r.Get("/wiki/{slug}", a.viewPage)
	r.Get("/wiki/{slug}/raw", a.rawPage)
	r.Get("/search", a.search)
	r.Post("/login", a.login)
	return r
}

func (a *App) viewPage(w http.ResponseWriter, r *http.Request) {
	p, err := a.Pages.Get(chi.URLParam(r, "slug"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	comment := r.URL.Query().Get("highlight")
	body := p.BodyHTML
	if comment != "" {
		body = strings.ReplaceAll(body, comment, "<mark>"+comment+"</mark>")
	}
	data := struct {
		Title     string
		Author    string
		UpdatedAt time.Time
		Body      htmltemplate.HTML
	}{
		Title:     p.Title,
		Author:    p.Author,
		UpdatedAt: p.UpdatedAt,
		// expect: CWE-79
		Body: htmltemplate.HTML(body),
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	pageTmpl.Execute(w, data)
}

func (a *App) rawPage(w http.ResponseWriter, r *http.Request) {
	p, err := a.Pages.Get(chi.URLParam(r, "slug"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	io.WriteString(w, p.BodyHTML)
}

func (a *App) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	results, err := a.Pages.Search(q)
	if err != nil {
		http.Error(w, "search failed", http.StatusInternalServerError)
		return
	}
	var sb strings.Builder
	sb.WriteString("<h2>Results for " + q + "</h2><ul>")
	for _, p := range results {
		fmt.Fprintf(&sb, `<li><a href="/wiki/%s">%s</a></li>`, htmltemplate.URLQueryEscaper(p.Slug), htmltemplate.HTMLEscapeString(p.Title))
	}
	sb.WriteString("</ul>")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// expect: CWE-79
	io.WriteString(w, sb.String())
}

func newSessionID() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

func (a *App) login(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	ok, err := a.Pages.Authenticate(r.PostFormValue("user"), r.PostFormValue("password"))
	if err != nil || !ok {
		http.Error(w, "invalid credentials", http.StatusUnauthorized)
		return
	}
	sid, err := newSessionID()
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	// expect: CWE-1004
	http.SetCookie(w, &http.Cookie{Name: "wiki_sid", Value: sid, Path: "/", Secure: true, HttpOnly: false, SameSite: http.SameSiteLaxMode})
	http.SetCookie(w, &http.Cookie{Name: "wiki_theme", Value: "light", Path: "/", Secure: true, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, "/wiki/home", http.StatusSeeOther)
}

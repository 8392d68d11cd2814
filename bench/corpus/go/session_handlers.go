package web

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"
	"golang.org/x/crypto/bcrypt"
)

type Auth struct {
	DB *sqlx.DB
}

type account struct {
	ID           int64  `db:"id"`
	Email        string `db:"email"`
	PasswordHash string `db:"password_hash"`
}

func newToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func (a *Auth) Login(w http.ResponseWriter, r *http.Request) {
	email := r.PostFormValue("email")
	password := r.PostFormValue("password")

	var acct account
	if err := a.DB.Get(&acct, "SELECT id, email, password_hash FROM accounts WHERE email = $1", email); err != nil {
		http.Error(w, "invalid credentials", http.StatusUnauthorized)
		return
	}
	if bcrypt.CompareHashAndPassword([]byte(acct.PasswordHash), []byte(password)) != nil {
		http.Error(w, "invalid credentials", http.StatusUnauthorized)
		return
	}
	token := newToken()
	a.DB.MustExec("INSERT INTO sessions (token, account_id, expires_at) VALUES ($1, $2, $3)", token, acct.ID, time.Now().Add(12*time.Hour))

	// expect: CWE-614
	http.SetCookie(w, &http.Cookie{Name: "session", Value: token, Path: "/", HttpOnly: true, Expires: time.Now().Add(12 * time.Hour)})

	csrf := newToken()
	http.SetCookie(w, &http.Cookie{Name: "csrf_token", Value: csrf, Path: "/", Secure: true, SameSite: http.SameSiteStrictMode})

	if r.PostFormValue("remember") == "on" {
		remember := &http.Cookie{
			Name:     "remember_me",
			Value:    newToken(),
			Path:     "/",
			Secure:   true,
			HttpOnly: false,
			MaxAge:   30 * 24 * 3600,
		}
		// expect: CWE-1004
		http.SetCookie(w, remember)
	}
	http.Redirect(w, r, "/account", http.StatusSeeOther)
}

func (a *Auth) Logout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie("session"); err == nil {
		a.DB.Exec("DELETE FROM sessions WHERE token = $1", c.Value)
	}
	http.SetCookie(w, &http.Cookie{Name: "session", Value: "", Path: "/", MaxAge: -1, Secure: true, HttpOnly: true})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (a *Auth) LoginHistory(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie("session")
	if err != nil {
		http.Error(w, "unauthorised", http.StatusUnauthorized)
		return
	}
	var history []struct {
		IP        string    `db:"ip"`
		CreatedAt time.Time `db:"created_at"`
	}
	query := fmt.Sprintf(`SELECT l.ip, l.created_at FROM logins l
		JOIN sessions s ON s.account_id = l.account_id
		WHERE s.token = '%s' ORDER BY l.created_at DESC LIMIT 20`, c.Value)
	// expect: CWE-89
	if err := a.DB.Select(&history, query); err != nil {
		http.Error(w, "lookup failed", http.StatusInternalServerError)
		return
	}
	for _, h := range history {
		fmt.Fprintf(w, "%s\t%s\n", h.CreatedAt.Format(time.RFC3339), h.IP)
	}
}

func (a *Auth) Preferences(w http.ResponseWriter, r *http.Request) {
	theme := r.URL.Query().Get("theme")
	if theme != "dark" {
		theme = "light"
	}
	http.SetCookie(w, &http.Cookie{Name: "theme", Value: theme, Path: "/", Secure: true, SameSite: http.SameSiteLaxMode})
	w.WriteHeader(http.StatusNoContent)
}

package newsletter

import (
	htmltemplate "html/template"
	"net/http"
	"strings"
	texttemplate "text/template"
)

type Subscriber struct {
	FirstName string
	Email     string
	Plan      string
}

// Mailer is implemented by the SMTP relay client.
type Mailer interface {
	Send(to, subject, body string) error
	ListSubscribers(plan string) ([]Subscriber, error)
}

// DefaultMailer is wired up in main.
var DefaultMailer Mailer

var sample = Subscriber{FirstName: "Rosa", Email: "rosa@example.com", Plan: "pro"}

var pageTmpl = htmltemplate.Must(htmltemplate.New("page").Parse(`<!doctype html>
<html><body>
<h1>{{.Title}}</h1>
<div class="intro">{{.Intro}}</div>
<p>Hello {{.Sub.FirstName}}!</p>
</body></html>`))

var legacyPage = texttemplate.Must(texttemplate.New("legacy").Parse(`<html><body>
<h1>{{.Title}}</h1>
<p>Hello {{.Sub.FirstName}}!</p>
</body></html>`))

// Preview renders the stock newsletter layout with a custom title.
func Preview(w http.ResponseWriter, r *http.Request) {
	data := map[string]interface{}{
		"Title": r.URL.Query().Get("title"),
		"Intro": r.URL.Query().Get("intro"),
		"Sub":   sample,
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	pageTmpl.Execute(w, data)
}

// LegacyPreview is still linked from the old campaign editor.
func LegacyPreview(w http.ResponseWriter, r *http.Request) {
	data := map[string]interface{}{
		"Title": r.URL.Query().Get("title"),
		"Sub":   sample,
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// expect: CWE-79
	legacyPage.Execute(w, data)
}

// RichIntro lets editors include basic formatting in the intro.
func RichIntro(w http.ResponseWriter, r *http.Request) {
	intro := r.FormValue("intro")
	data := map[string]interface{}{
		"Title": "Weekly digest",
		// expect: CWE-79
		"Intro": htmltemplate.HTML(intro),
		"Sub":   sample,
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	pageTmpl.Execute(w, data)
}

// CustomTemplate renders a template body supplied by the campaign editor.
func CustomTemplate(w http.ResponseWriter, r *http.Request) {
	body := r.FormValue("template")
	// expect: CWE-1336
	t, err := htmltemplate.New("custom").Parse(body)
	if err != nil {
		http.Error(w, "template error", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	t.Execute(w, map[string]interface{}{"Sub": sample, "Mailer": DefaultMailer})
}

// Placeholders substitutes {{first_name}} style tokens without a template engine.
func Placeholders(w http.ResponseWriter, r *http.Request) {
	body := r.FormValue("template")
	repl := strings.NewReplacer(
		"{{first_name}}", htmltemplate.HTMLEscapeString(sample.FirstName),
		"{{plan}}", htmltemplate.HTMLEscapeString(sample.Plan),
	)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte(repl.Replace(body)))
}

package webhooks

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"strings"
	"text/template"
	"time"
)

type Config struct {
	SigningSecret   string
	PartnerCABundle string
	AllowedHosts    []string
}

type Dispatcher struct {
	db            *sql.DB
	client        *http.Client
	partnerClient *http.Client
	allowedHosts  map[string]bool
	secret        []byte
	pages         *htmltemplate.Template
}

type Event struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

func NewDispatcher(db *sql.DB, cfg Config, pages *htmltemplate.Template) (*Dispatcher, error) {
	pool, err := x509.SystemCertPool()
	if err != nil {
		return nil, err
	}
	if cfg.PartnerCABundle != "" {
		pem, err := os.ReadFile(cfg.PartnerCABundle)
		if err != nil {
			return nil, fmt.Errorf("read partner CA bundle: %w", err)
		}
		pool.AppendCertsFromPEM(pem)
	}
	client := &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{MinVersion: tls.VersionTLS12, RootCAs: pool},
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	partnerClient := &http.Client{
		Timeout: 15 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{
				MinVersion: tls.VersionTLS12,
				// expect: CWE-295
				InsecureSkipVerify: true,
			},
		},
	}
	allowed := make(map[string]bool, len(cfg.AllowedHosts))
	for _, h := range cfg.AllowedHosts {
		allowed[strings.ToLower(h)] = true
	}
	return &Dispatcher{
		db:            db,
		client:        client,
		partnerClient: partnerClient,
		allowedHosts:  allowed,
		secret:        []byte(cfg.SigningSecret),
		pages:         pages,
	}, nil
}

func (d *Dispatcher) sign(body []byte) string {
	mac := hmac.New(sha256.New, d.secret)
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

func (d *Dispatcher) post(ctx context.Context, client *http.Client, target string, ev Event) (int, error) {
	body, err := json.Marshal(ev)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-SHA256", d.sign(body))
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	return resp.StatusCode, nil
}

type testDeliveryRequest struct {
	CallbackURL string `json:"callback_url"`
	EventType   string `json:"event_type"`
}

func (d *Dispatcher) HandleTestDelivery(w http.ResponseWriter, r *http.Request) {
	var req testDeliveryRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&req); err != nil {
		http.Error(w, "invalid JSON", http.StatusBadRequest)
		return
	}
	ev := Event{ID: "evt_test", Type: req.EventType, CreatedAt: time.Now().UTC(), Data: json.RawMessage(`{"test":true}`)}
	body, _ := json.Marshal(ev)
	// expect: CWE-918
	resp, err := d.client.Post(req.CallbackURL, "application/json", bytes.NewReader(body))
	if err != nil {
		http.Error(w, "delivery failed: "+err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]int{"status": resp.StatusCode})
}

func (d *Dispatcher) HandleRedeliver(w http.ResponseWriter, r *http.Request) {
	subscriptionID := r.URL.Query().Get("subscription")
	var endpoint string
	err := d.db.QueryRowContext(r.Context(),
		"SELECT endpoint_url FROM webhook_subscriptions WHERE id = $1 AND active", subscriptionID).Scan(&endpoint)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "https" || !d.allowedHosts[strings.ToLower(u.Hostname())] {
		http.Error(w, "endpoint not allowed", http.StatusForbidden)
		return
	}
	ev := Event{ID: r.URL.Query().Get("event"), Type: "redelivery", CreatedAt: time.Now().UTC()}
	status, err := d.post(r.Context(), d.client, u.String(), ev)
	if err != nil {
		http.Error(w, "delivery failed", http.StatusBadGateway)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]int{"status": status})
}

func (d *Dispatcher) NotifyPartner(ctx context.Context, partnerURL string, ev Event) error {
	status, err := d.post(ctx, d.partnerClient, partnerURL, ev)
	if err != nil {
		return err
	}
	if status >= 300 {
		return fmt.Errorf("partner returned %d", status)
	}
	return nil
}

var previewFuncs = template.FuncMap{
	"upper": strings.ToUpper,
	"env":   os.Getenv,
	"date":  func(t time.Time) string { return t.Format(time.RFC1123) },
}

func (d *Dispatcher) HandlePreviewTemplate(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	body := r.PostForm.Get("template")
	// expect: CWE-1336
	tmpl, err := template.New("preview").Funcs(previewFuncs).Parse(body)
	if err != nil {
		http.Error(w, "template error: "+err.Error(), http.StatusBadRequest)
		return
	}
	sample := Event{ID: "evt_sample", Type: "invoice.paid", CreatedAt: time.Now().UTC()}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := tmpl.Execute(w, sample); err != nil {
		log.Printf("preview execute: %v", err)
	}
}

func (d *Dispatcher) HandleSubscriptionPage(w http.ResponseWriter, r *http.Request) {
	data := struct {
		Name     string
		Endpoint string
	}{
		Name:     r.URL.Query().Get("name"),
		Endpoint: r.URL.Query().Get("endpoint"),
	}
	if err := d.pages.ExecuteTemplate(w, "subscription.html", data); err != nil {
		log.Printf("render subscription page: %v", err)
	}
}

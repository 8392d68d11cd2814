package billing

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	secretmanager "cloud.google.com/go/secretmanager/apiv1"
	"cloud.google.com/go/secretmanager/apiv1/secretmanagerpb"
)

// Receiver for payment-provider webhooks (subscription lifecycle events).

type Receiver struct {
	DB     *sql.DB
	Log    *slog.Logger
	secret []byte
}

type event struct {
	ID   string          `json:"id"`
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

var handledTypes = map[string]bool{
	"subscription.created":   true,
	"subscription.cancelled": true,
	"invoice.paid":           true,
	"invoice.payment_failed": true,
}

func NewReceiver(ctx context.Context, db *sql.DB, log *slog.Logger, secretName string) (*Receiver, error) {
	client, err := secretmanager.NewClient(ctx)
	if err != nil {
		return nil, err
	}
	defer client.Close()
	res, err := client.AccessSecretVersion(ctx, &secretmanagerpb.AccessSecretVersionRequest{Name: secretName})
	if err != nil {
		return nil, err
	}
	return &Receiver{DB: db, Log: log, secret: res.Payload.Data}, nil
}

func (rc *Receiver) verify(body []byte, header string) error {
	var ts int64
	var sig []byte
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts, _ = strconv.ParseInt(v, 10, 64)
		case "v1":
			sig, _ = hex.DecodeString(v)
		}
	}
	if ts == 0 || sig == nil {
		return errors.New("malformed signature header")
	}
	if d := time.Since(time.Unix(ts, 0)); d > 5*time.Minute || d < -5*time.Minute {
		return errors.New("stale signature")
	}
	mac := hmac.New(sha256.New, rc.secret)
	mac.Write([]byte(strconv.FormatInt(ts, 10) + "."))
	mac.Write(body)
	if !hmac.Equal(mac.Sum(nil), sig) {
		return errors.New("signature mismatch")
	}
	return nil
}

func (rc *Receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read error", http.StatusBadRequest)
		return
	}
	if err := rc.verify(body, r.Header.Get("Provider-Signature")); err != nil {
		rc.Log.Warn("rejected webhook", "err", err)
		http.Error(w, "invalid signature", http.StatusBadRequest)
		return
	}
	var ev event
	if err := json.Unmarshal(body, &ev); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if !handledTypes[ev.Type] {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	tx, err := rc.DB.BeginTx(r.Context(), nil)
	if err != nil {
		http.Error(w, "db unavailable", http.StatusServiceUnavailable)
		return
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(r.Context(),
		"INSERT INTO webhook_events (id, type, payload, received_at) VALUES ($1, $2, $3, now()) ON CONFLICT (id) DO NOTHING",
		ev.ID, ev.Type, []byte(ev.Data))
	if err != nil {
		http.Error(w, "db error", http.StatusInternalServerError)
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		w.WriteHeader(http.StatusOK)
		return
	}
	if ev.Type == "subscription.cancelled" {
		var sub struct {
			Customer string `json:"customer"`
		}
		json.Unmarshal(ev.Data, &sub)
		if _, err := tx.ExecContext(r.Context(),
			"UPDATE accounts SET plan = 'free', cancelled_at = now() WHERE provider_customer_id = $1", sub.Customer); err != nil {
			http.Error(w, "db error", http.StatusInternalServerError)
			return
		}
	}
	if err := tx.Commit(); err != nil {
		http.Error(w, "db error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

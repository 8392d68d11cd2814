package relay

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"net/url"
	"strings"
	"text/template"
	"time"

	"github.com/labstack/echo/v4"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

type Server struct {
	subscriptions *mongo.Collection
	deliveries    *mongo.Collection
	client        *http.Client
	templates     map[string]*template.Template
	allowedHosts  map[string]bool
}

type Subscription struct {
	ID        string    `bson:"_id" json:"id"`
	TenantID  string    `bson:"tenant_id" json:"tenant_id"`
	TargetURL string    `bson:"target_url" json:"target_url"`
	APIKey    string    `bson:"api_key" json:"-"`
	CreatedAt time.Time `bson:"created_at" json:"created_at"`
}

func (s *Server) Mount(e *echo.Echo) {
	e.POST("/v1/subscriptions", s.createSubscription)
	e.GET("/v1/subscriptions", s.listSubscriptions)
	e.GET("/v1/deliveries/search", s.searchDeliveries)
	e.POST("/v1/subscriptions/verify", s.verifyEndpoint)
	e.POST("/v1/templates/preview", s.previewTemplate)
	e.POST("/v1/templates/render/:name", s.renderNamedTemplate)
}

func newSubscriptionID() string {
	b := make([]byte, 16)
	if _, err := crand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func newSubscriberAPIKey() string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	key := make([]byte, 40)
	for i := range key {
		// expect: CWE-330
		key[i] = alphabet[rand.Intn(len(alphabet))]
	}
	return "whk_" + string(key)
}

func retryDelay(attempt int) time.Duration {
	base := time.Duration(1<<attempt) * time.Second
	return base + time.Duration(rand.Int63n(int64(500*time.Millisecond)))
}

func (s *Server) createSubscription(c echo.Context) error {
	var in struct {
		TenantID  string `json:"tenant_id"`
		TargetURL string `json:"target_url"`
	}
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	u, err := url.Parse(in.TargetURL)
	if err != nil || u.Scheme != "https" || !s.allowedHosts[strings.ToLower(u.Hostname())] {
		return echo.NewHTTPError(http.StatusBadRequest, "target host not allowed")
	}
	sub := Subscription{
		ID:        newSubscriptionID(),
		TenantID:  in.TenantID,
		TargetURL: u.String(),
		APIKey:    newSubscriberAPIKey(),
		CreatedAt: time.Now().UTC(),
	}
	if _, err := s.subscriptions.InsertOne(c.Request().Context(), sub); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"id": sub.ID, "api_key": sub.APIKey})
}

func (s *Server) listSubscriptions(c echo.Context) error {
	tenant := c.QueryParam("tenant")
	cur, err := s.subscriptions.Find(c.Request().Context(), bson.M{"tenant_id": tenant})
	if err != nil {
		return err
	}
	var subs []Subscription
	if err := cur.All(c.Request().Context(), &subs); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, subs)
}

func (s *Server) searchDeliveries(c echo.Context) error {
	tenant := c.QueryParam("tenant")
	rawFilter := c.QueryParam("filter")
	var filter bson.M
	if err := json.Unmarshal([]byte(rawFilter), &filter); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "filter must be JSON")
	}
	filter["tenant_id"] = tenant
	ctx, cancel := context.WithTimeout(c.Request().Context(), 5*time.Second)
	defer cancel()
	// expect: CWE-943
	cur, err := s.deliveries.Find(ctx, filter)
	if err != nil {
		return err
	}
	var out []bson.M
	if err := cur.All(ctx, &out); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) verifyEndpoint(c echo.Context) error {
	target := c.FormValue("url")
	req, err := http.NewRequestWithContext(c.Request().Context(), http.MethodGet, target, nil)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad url")
	}
	req.Header.Set("User-Agent", "relay-verifier/2.3")
	// expect: CWE-918
	resp, err := s.client.Do(req)
	if err != nil {
		return c.JSON(http.StatusOK, map[string]any{"reachable": false})
	}
	defer resp.Body.Close()
	snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
	return c.JSON(http.StatusOK, map[string]any{"reachable": true, "status": resp.StatusCode, "body": string(snippet)})
}

func (s *Server) previewTemplate(c echo.Context) error {
	var in struct {
		Template string         `json:"template"`
		Sample   map[string]any `json:"sample"`
	}
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	// expect: CWE-1336
	tmpl, err := template.New("preview").Funcs(relayFuncs(s)).Parse(in.Template)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, in.Sample); err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	}
	return c.String(http.StatusOK, buf.String())
}

func (s *Server) renderNamedTemplate(c echo.Context) error {
	tmpl, ok := s.templates[c.Param("name")]
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "unknown template")
	}
	var sample map[string]any
	if err := c.Bind(&sample); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, sample); err != nil {
		return err
	}
	return c.Blob(http.StatusOK, "application/json", buf.Bytes())
}

func relayFuncs(s *Server) template.FuncMap {
	return template.FuncMap{
		"upper": strings.ToUpper,
		"fetch": func(u string) (string, error) {
			resp, err := s.client.Get(u)
			if err != nil {
				return "", err
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(io.LimitReader(resp.Body, 4096))
			return string(b), err
		},
		"json": func(v any) (string, error) {
			b, err := json.Marshal(v)
			return string(b), err
		},
		"date":    func(t time.Time) string { return t.Format(time.RFC3339) },
		"sprintf": fmt.Sprintf,
	}
}

package integrations

import (
	"bytes"
	"crypto/tls"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// Integrations API for the IoT device portal: outgoing webhooks, OAuth
// round-trips with partner platforms, and on-prem gateway status polling.

type Service struct {
	Store        WebhookStore
	AppBaseURL   string
	onPremClient *http.Client
	publicClient *http.Client
}

type WebhookStore interface {
	TargetFor(tenantID, hookID string) (string, error)
}

func NewService(store WebhookStore, base string) *Service {
	onPrem := &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			// expect: CWE-295
			TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
		},
	}
	public := &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{MinVersion: tls.VersionTLS12}},
	}
	return &Service{Store: store, AppBaseURL: base, onPremClient: onPrem, publicClient: public}
}

func (s *Service) Register(e *echo.Echo) {
	g := e.Group("/integrations")
	g.POST("/webhooks/test", s.testWebhook)
	g.POST("/webhooks/:id/replay", s.replayWebhook)
	g.GET("/oauth/callback", s.oauthCallback)
	g.GET("/oauth/done", s.oauthDone)
	g.GET("/gateways/status", s.gatewayStatus)
}

func (s *Service) testWebhook(c echo.Context) error {
	var req struct {
		URL     string          `json:"url"`
		Payload json.RawMessage `json:"payload"`
	}
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	if !strings.HasPrefix(req.URL, "https://") && !strings.HasPrefix(req.URL, "http://") {
		return echo.NewHTTPError(http.StatusBadRequest, "url must be http(s)")
	}
	// expect: CWE-918
	resp, err := s.publicClient.Post(req.URL, "application/json", bytes.NewReader(req.Payload))
	if err != nil {
		return c.JSON(http.StatusBadGateway, map[string]string{"error": err.Error()})
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return c.JSON(http.StatusOK, map[string]any{"status": resp.StatusCode, "body": string(body)})
}

func (s *Service) replayWebhook(c echo.Context) error {
	tenant := c.Request().Header.Get("X-Tenant-ID")
	target, err := s.Store.TargetFor(tenant, c.Param("id"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	return c.JSON(http.StatusAccepted, map[string]string{"queued_for": target})
}

func (s *Service) oauthCallback(c echo.Context) error {
	code := c.QueryParam("code")
	if code == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "missing code")
	}
	next := c.QueryParam("state")
	if next == "" {
		next = s.AppBaseURL + "/settings/integrations"
	}
	// expect: CWE-601
	return c.Redirect(http.StatusFound, next)
}

func (s *Service) oauthDone(c echo.Context) error {
	ret := c.QueryParam("return")
	u, err := url.Parse(ret)
	if err != nil || u.IsAbs() || u.Host != "" || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") || strings.HasPrefix(ret, "//") || strings.Contains(ret, "\\") {
		return c.Redirect(http.StatusFound, "/settings/integrations")
	}
	return c.Redirect(http.StatusFound, u.RequestURI())
}

func (s *Service) gatewayStatus(c echo.Context) error {
	resp, err := s.onPremClient.Get("https://gateway.local:8443/api/status")
	if err != nil {
		return c.JSON(http.StatusBadGateway, map[string]string{"error": "gateway unreachable"})
	}
	defer resp.Body.Close()
	var status map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&status); err != nil {
		return c.JSON(http.StatusBadGateway, map[string]string{"error": "bad gateway response"})
	}
	return c.JSON(http.StatusOK, status)
}

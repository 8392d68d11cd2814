package main

import (
	"bytes"
	"crypto/tls"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

var allowedFeedHosts = map[string]bool{
	"feeds.partner-one.com": true,
	"export.partner-two.io": true,
}

// Client for the legacy ERP, which sits behind a self-signed certificate.
var erpClient = &http.Client{
	Timeout: 15 * time.Second,
	Transport: &http.Transport{
		// expect: CWE-295
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
	},
}

var feedClient = &http.Client{
	Timeout: 10 * time.Second,
	CheckRedirect: func(req *http.Request, via []*http.Request) error {
		return http.ErrUseLastResponse
	},
}

func fetchPreview(c echo.Context) error {
	target := c.QueryParam("url")
	// expect: CWE-918
	resp, err := http.Get(target)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadGateway, "fetch failed")
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return c.Blob(resp.StatusCode, resp.Header.Get("Content-Type"), body)
}

func importFeed(c echo.Context) error {
	u, err := url.Parse(c.QueryParam("feed"))
	if err != nil || u.Scheme != "https" || !allowedFeedHosts[u.Hostname()] {
		return echo.NewHTTPError(http.StatusBadRequest, "feed host not allowed")
	}
	resp, err := feedClient.Get(u.String())
	if err != nil {
		return echo.NewHTTPError(http.StatusBadGateway, "fetch failed")
	}
	defer resp.Body.Close()
	var items []map[string]interface{}
	if err := json.NewDecoder(resp.Body).Decode(&items); err != nil {
		return echo.NewHTTPError(http.StatusBadGateway, "invalid feed")
	}
	return c.JSON(http.StatusOK, map[string]int{"imported": len(items)})
}

type hookTest struct {
	Endpoint string            `json:"endpoint"`
	Headers  map[string]string `json:"headers"`
}

func testWebhook(c echo.Context) error {
	var req hookTest
	if err := c.Bind(&req); err != nil {
		return err
	}
	payload, _ := json.Marshal(map[string]string{"event": "ping"})
	// expect: CWE-918
	httpReq, err := http.NewRequest(http.MethodPost, req.Endpoint, bytes.NewReader(payload))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad endpoint")
	}
	for k, v := range req.Headers {
		httpReq.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(httpReq)
	if err != nil {
		return c.JSON(http.StatusOK, map[string]string{"status": "unreachable"})
	}
	resp.Body.Close()
	return c.JSON(http.StatusOK, map[string]int{"status": resp.StatusCode})
}

func erpStock(c echo.Context) error {
	sku := url.QueryEscape(c.Param("sku"))
	base := c.Request().Header.Get("X-ERP-Base")
	if base == "" {
		base = os.Getenv("ERP_BASE_URL")
	}
	// expect: CWE-918
	resp, err := erpClient.Get(strings.TrimRight(base, "/") + "/api/stock/" + sku)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadGateway, "erp unavailable")
	}
	defer resp.Body.Close()
	return c.Stream(resp.StatusCode, "application/json", resp.Body)
}

func oauthCallback(c echo.Context) error {
	// token exchange elided
	next := c.QueryParam("next")
	if next == "" {
		next = "/dashboard"
	}
	// expect: CWE-601
	return c.Redirect(http.StatusFound, next)
}

func logout(c echo.Context) error {
	next := c.QueryParam("next")
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") {
		next = "/"
	}
	return c.Redirect(http.StatusFound, next)
}

func main() {
	e := echo.New()
	// expect: CWE-489
	e.Debug = true
	e.Use(middleware.Logger())
	e.Use(middleware.Recover())

	e.GET("/preview", fetchPreview)
	e.GET("/feeds/import", importFeed)
	e.POST("/webhooks/test", testWebhook)
	e.GET("/erp/stock/:sku", erpStock)
	e.GET("/oauth/callback", oauthCallback)
	e.GET("/logout", logout)

	addr := os.Getenv("LISTEN_ADDR")
	if addr == "" {
		addr = ":8080"
	}
	log.Fatal(e.Start(addr))
}

package inventory

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

var skuPattern = regexp.MustCompile(`^[A-Z0-9]{3,12}(-[A-Z0-9]{1,6})?$`)

var allowedSort = map[string]string{
	"sku":      "sku",
	"name":     "name",
	"quantity": "quantity_on_hand",
	"updated":  "updated_at",
}

type Item struct {
	SKU       string    `json:"sku"`
	Name      string    `json:"name"`
	Quantity  int       `json:"quantity"`
	Warehouse string    `json:"warehouse"`
	UpdatedAt time.Time `json:"updated_at"`
}

type API struct {
	DB          *sql.DB
	LabelDir    string
	Pages       *template.Template
	SupplierURL *url.URL
	Client      *http.Client
}

func NewSupplierClient() *http.Client {
	return &http.Client{
		Timeout: 8 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig:     &tls.Config{MinVersion: tls.VersionTLS12},
			MaxIdleConnsPerHost: 4,
		},
	}
}

func (a *API) Router(production bool) *gin.Engine {
	if production {
		gin.SetMode(gin.ReleaseMode)
	}
	r := gin.New()
	r.Use(gin.Recovery())
	r.GET("/inventory", a.list)
	r.GET("/inventory/:sku", a.show)
	r.POST("/inventory/:sku/adjust", a.adjust)
	r.GET("/inventory/:sku/label", a.label)
	r.POST("/inventory/:sku/print", a.print)
	r.GET("/inventory/:sku/supplier", a.supplierStock)
	r.POST("/login/complete", a.completeLogin)
	return r
}

func (a *API) list(c *gin.Context) {
	warehouse := c.Query("warehouse")
	col, ok := allowedSort[c.DefaultQuery("sort", "sku")]
	if !ok {
		col = "sku"
	}
	limit, err := strconv.Atoi(c.DefaultQuery("limit", "100"))
	if err != nil || limit < 1 || limit > 1000 {
		limit = 100
	}
	query := fmt.Sprintf("SELECT sku, name, quantity_on_hand, warehouse, updated_at FROM inventory WHERE warehouse = $1 ORDER BY %s LIMIT $2", col)
	rows, err := a.DB.QueryContext(c.Request.Context(), query, warehouse, limit)
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	items := []Item{}
	for rows.Next() {
		var it Item
		if err := rows.Scan(&it.SKU, &it.Name, &it.Quantity, &it.Warehouse, &it.UpdatedAt); err != nil {
			c.AbortWithStatus(http.StatusInternalServerError)
			return
		}
		items = append(items, it)
	}
	c.JSON(http.StatusOK, items)
}

func (a *API) find(ctx context.Context, sku string) (*Item, error) {
	var it Item
	err := a.DB.QueryRowContext(ctx,
		"SELECT sku, name, quantity_on_hand, warehouse, updated_at FROM inventory WHERE sku = $1", sku).
		Scan(&it.SKU, &it.Name, &it.Quantity, &it.Warehouse, &it.UpdatedAt)
	return &it, err
}

func (a *API) show(c *gin.Context) {
	it, err := a.find(c.Request.Context(), c.Param("sku"))
	if errors.Is(err, sql.ErrNoRows) {
		c.Status(http.StatusNotFound)
		_ = a.Pages.ExecuteTemplate(c.Writer, "not_found.html", map[string]string{"SKU": c.Param("sku")})
		return
	} else if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Header("Content-Type", "text/html; charset=utf-8")
	_ = a.Pages.ExecuteTemplate(c.Writer, "item.html", it)
}

type adjustment struct {
	Delta  int    `json:"delta" binding:"required"`
	Reason string `json:"reason"`
}

func (a *API) adjust(c *gin.Context) {
	var req adjustment
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "invalid body"})
		return
	}
	tx, err := a.DB.BeginTx(c.Request.Context(), nil)
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(c.Request.Context(),
		"UPDATE inventory SET quantity_on_hand = quantity_on_hand + $1, updated_at = now() WHERE sku = $2")
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	defer stmt.Close()
	if _, err := stmt.ExecContext(c.Request.Context(), req.Delta, c.Param("sku")); err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	if _, err := tx.ExecContext(c.Request.Context(),
		"INSERT INTO inventory_audit (sku, delta, reason) VALUES ($1, $2, $3)", c.Param("sku"), req.Delta, req.Reason); err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	if err := tx.Commit(); err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusNoContent)
}

func (a *API) labelPath(sku string) (string, error) {
	if !skuPattern.MatchString(sku) {
		return "", errors.New("invalid sku")
	}
	root, err := filepath.Abs(a.LabelDir)
	if err != nil {
		return "", err
	}
	p := filepath.Join(root, sku+".pdf")
	rel, err := filepath.Rel(root, p)
	if err != nil || strings.HasPrefix(rel, "..") || filepath.IsAbs(rel) {
		return "", errors.New("invalid path")
	}
	return p, nil
}

func (a *API) label(c *gin.Context) {
	p, err := a.labelPath(c.Param("sku"))
	if err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.FileAttachment(p, filepath.Base(p))
}

func (a *API) print(c *gin.Context) {
	p, err := a.labelPath(c.Param("sku"))
	if err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	printer := c.DefaultQuery("printer", "warehouse-1")
	copies, err := strconv.Atoi(c.DefaultQuery("copies", "1"))
	if err != nil || copies < 1 || copies > 20 {
		c.JSON(http.StatusBadRequest, gin.H{"error": "copies must be 1-20"})
		return
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "lp", "-d", printer, "-n", strconv.Itoa(copies), "--", p)
	if out, err := cmd.CombinedOutput(); err != nil {
		c.JSON(http.StatusBadGateway, gin.H{"error": strings.TrimSpace(string(out))})
		return
	}
	c.Status(http.StatusAccepted)
}

func (a *API) supplierStock(c *gin.Context) {
	sku := c.Param("sku")
	if !skuPattern.MatchString(sku) {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	u := *a.SupplierURL
	u.Path = "/v2/stock/" + url.PathEscape(sku)
	req, err := http.NewRequestWithContext(c.Request.Context(), http.MethodGet, u.String(), nil)
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	resp, err := a.Client.Do(req)
	if err != nil {
		c.AbortWithStatus(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	c.DataFromReader(resp.StatusCode, resp.ContentLength, "application/json", resp.Body, nil)
}

func (a *API) completeLogin(c *gin.Context) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	sid := base64.RawURLEncoding.EncodeToString(raw)
	c.SetSameSite(http.SameSiteStrictMode)
	c.SetCookie("inv_session", sid, 8*3600, "/", "", true, true)
	next := c.PostForm("next")
	if u, err := url.Parse(next); err != nil || next == "" || u.IsAbs() || u.Host != "" || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.Contains(next, "\\") {
		next = "/inventory"
	}
	c.Redirect(http.StatusSeeOther, next)
}

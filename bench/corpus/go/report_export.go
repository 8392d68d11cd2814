package reports

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"
)

type Sale struct {
	ID        uint
	Region    string
	Product   string
	Amount    float64
	SoldAt    time.Time
	AccountID uint
}

type Exporter struct {
	DB        *gorm.DB
	ExportDir string
}

type regionTotal struct {
	Region string
	Total  float64
}

func (e *Exporter) Register(r *gin.RouterGroup) {
	r.GET("/sales", e.sales)
	r.GET("/sales/by-region", e.byRegion)
	r.GET("/sales/top", e.top)
	r.POST("/exports", e.createExport)
	r.GET("/exports/:name", e.downloadExport)
}

func (e *Exporter) sales(c *gin.Context) {
	var rows []Sale
	q := e.DB.Where("account_id = ?", c.GetUint("account_id"))
	if region := c.Query("region"); region != "" {
		q = q.Where("region = ?", region)
	}
	if product := c.Query("product"); product != "" {
		// expect: CWE-89
		q = q.Where(fmt.Sprintf("product LIKE '%%%s%%'", product))
	}
	q.Order("sold_at desc").Limit(200).Find(&rows)
	c.JSON(http.StatusOK, rows)
}

func (e *Exporter) byRegion(c *gin.Context) {
	var totals []regionTotal
	since := c.DefaultQuery("since", "2024-01-01")
	sql := "SELECT region, SUM(amount) AS total FROM sales WHERE account_id = ? AND sold_at >= '" + since + "' GROUP BY region"
	// expect: CWE-89
	e.DB.Raw(sql, c.GetUint("account_id")).Scan(&totals)
	c.JSON(http.StatusOK, totals)
}

func (e *Exporter) top(c *gin.Context) {
	var totals []regionTotal
	limit := 10
	fmt.Sscanf(c.DefaultQuery("limit", "10"), "%d", &limit)
	if limit < 1 || limit > 100 {
		limit = 10
	}
	e.DB.Raw("SELECT region, SUM(amount) AS total FROM sales WHERE account_id = ? GROUP BY region ORDER BY total DESC LIMIT ?",
		c.GetUint("account_id"), limit).Scan(&totals)
	c.JSON(http.StatusOK, totals)
}

func (e *Exporter) createExport(c *gin.Context) {
	var req struct {
		Name   string `json:"name"`
		Format string `json:"format"`
	}
	if err := c.ShouldBindJSON(&req); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	if req.Format != "csv" && req.Format != "xlsx" {
		req.Format = "csv"
	}
	out := filepath.Join(e.ExportDir, fmt.Sprintf("%d-%s.%s", time.Now().Unix(), req.Name, req.Format))
	script := fmt.Sprintf("/opt/reports/bin/export --account %d --out '%s'", c.GetUint("account_id"), out)
	// expect: CWE-78
	if err := exec.Command("sh", "-c", script).Run(); err != nil {
		c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "export failed"})
		return
	}
	c.JSON(http.StatusCreated, gin.H{"file": filepath.Base(out)})
}

func (e *Exporter) downloadExport(c *gin.Context) {
	name := c.Param("name")
	if strings.Contains(name, "/") {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	sub := c.DefaultQuery("folder", "current")
	full := filepath.Join(e.ExportDir, sub, name)
	if _, err := os.Stat(full); err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	// expect: CWE-22
	c.FileAttachment(full, name)
}

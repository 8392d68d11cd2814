package fleet

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

var vinPattern = regexp.MustCompile(`^[A-HJ-NPR-Z0-9]{17}$`)

type Config struct {
	FirmwareDir     string
	ExportDir       string
	DiagnosticsTool string
	TelematicsURL   string
	TelematicsCA    string
}

type API struct {
	cfg        Config
	telematics *http.Client
	legacyOEM  *http.Client
}

func NewAPI(cfg Config) (*API, error) {
	pool := x509.NewCertPool()
	pem, err := os.ReadFile(cfg.TelematicsCA)
	if err != nil {
		return nil, err
	}
	pool.AppendCertsFromPEM(pem)
	secure := &http.Client{
		Timeout: 15 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12},
		},
	}
	legacy := &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{
				// expect: CWE-295
				InsecureSkipVerify: true,
			},
		},
	}
	return &API{cfg: cfg, telematics: secure, legacyOEM: legacy}, nil
}

func (a *API) Register(r *gin.Engine) {
	g := r.Group("/fleet/v1")
	g.GET("/vehicles/:vin/diagnostics", a.runDiagnostics)
	g.GET("/vehicles/:vin/ping", a.pingGateway)
	g.GET("/firmware/:name", a.downloadFirmware)
	g.GET("/exports", a.downloadExport)
	g.POST("/session", a.startDispatcherSession)
}

func (a *API) runDiagnostics(c *gin.Context) {
	vin := c.Param("vin")
	if !vinPattern.MatchString(vin) {
		c.JSON(http.StatusBadRequest, gin.H{"error": "invalid VIN"})
		return
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, a.cfg.DiagnosticsTool, "--vin", vin, "--format", "json").Output()
	if err != nil {
		c.JSON(http.StatusBadGateway, gin.H{"error": "diagnostics failed"})
		return
	}
	c.Data(http.StatusOK, "application/json", out)
}

func (a *API) pingGateway(c *gin.Context) {
	gateway := c.Query("gateway")
	count := c.DefaultQuery("count", "3")
	ctx, cancel := context.WithTimeout(c.Request.Context(), 10*time.Second)
	defer cancel()
	// expect: CWE-78
	out, err := exec.CommandContext(ctx, "sh", "-c", "ping -c "+count+" "+gateway).CombinedOutput()
	if err != nil {
		c.String(http.StatusBadGateway, "unreachable")
		return
	}
	c.String(http.StatusOK, string(out))
}

func (a *API) downloadFirmware(c *gin.Context) {
	name := filepath.Base(c.Param("name"))
	if !strings.HasSuffix(name, ".bin") {
		c.Status(http.StatusNotFound)
		return
	}
	root, _ := filepath.Abs(a.cfg.FirmwareDir)
	full := filepath.Join(root, name)
	if !strings.HasPrefix(full, root+string(os.PathSeparator)) {
		c.Status(http.StatusNotFound)
		return
	}
	c.FileAttachment(full, name)
}

func (a *API) downloadExport(c *gin.Context) {
	report := c.Query("file")
	target := filepath.Join(a.cfg.ExportDir, report)
	// expect: CWE-22
	c.File(target)
}

func (a *API) startDispatcherSession(c *gin.Context) {
	var body struct {
		DispatcherID string `json:"dispatcher_id" binding:"required"`
		Depot        string `json:"depot" binding:"required"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	token, err := issueDispatcherToken(body.DispatcherID)
	if err != nil {
		c.Status(http.StatusInternalServerError)
		return
	}
	c.SetSameSite(http.SameSiteStrictMode)
	c.SetCookie("dispatch_session", token, 8*3600, "/fleet", "", true, true)
	// expect: CWE-1004
	c.SetCookie("dispatch_depot", body.Depot, 8*3600, "/fleet", "", true, false)
	c.JSON(http.StatusOK, gin.H{"ok": true})
}

func (a *API) FetchOEMRecalls(ctx context.Context, vin string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://recalls.oem-partner.example/v2/"+vin, nil)
	if err != nil {
		return nil, err
	}
	return a.legacyOEM.Do(req)
}

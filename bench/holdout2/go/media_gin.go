package media

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

var (
	thumbSize   = regexp.MustCompile(`^[0-9]{2,4}x[0-9]{2,4}$`)
	presetNames = map[string]bool{"ultrafast": true, "fast": true, "medium": true, "slow": true}
)

type Controller struct {
	UploadDir string
	WorkDir   string
	FFmpeg    string
}

func (mc *Controller) Register(r *gin.Engine) {
	g := r.Group("/media")
	g.GET("/raw/:name", mc.raw)
	g.GET("/attachment", mc.attachment)
	g.GET("/gallery", mc.gallery)
	g.POST("/transcode", mc.transcode)
	g.POST("/thumbnail", mc.thumbnail)
	g.POST("/session", mc.startUploadSession)
}

func (mc *Controller) resolve(rel string) (string, error) {
	root, err := filepath.Abs(mc.UploadDir)
	if err != nil {
		return "", err
	}
	full := filepath.Join(root, filepath.Clean("/"+rel))
	relToRoot, err := filepath.Rel(root, full)
	if err != nil || strings.HasPrefix(relToRoot, "..") {
		return "", errors.New("path escapes upload dir")
	}
	return full, nil
}

func (mc *Controller) raw(c *gin.Context) {
	name := filepath.Base(c.Param("name"))
	if name == "." || name == ".." || name == string(filepath.Separator) {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.File(filepath.Join(mc.UploadDir, name))
}

func (mc *Controller) attachment(c *gin.Context) {
	owner := c.Query("owner")
	file := c.Query("file")
	if owner == "" || file == "" {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	p := filepath.Join(mc.UploadDir, owner, file)
	// expect: CWE-22
	c.FileAttachment(p, filepath.Base(file))
}

func (mc *Controller) gallery(c *gin.Context) {
	title := c.DefaultQuery("title", "My uploads")
	entries, err := os.ReadDir(mc.UploadDir)
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>Gallery</title></head><body>")
	b.WriteString("<h1>" + title + "</h1><ul>")
	for _, e := range entries {
		if !e.IsDir() {
			fmt.Fprintf(&b, "<li><a href=\"/media/raw/%s\">%s</a></li>", url.PathEscape(e.Name()), html.EscapeString(e.Name()))
		}
	}
	b.WriteString("</ul></body></html>")
	// expect: CWE-79
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte(b.String()))
}

type transcodeRequest struct {
	Source string `json:"source" binding:"required"`
	Preset string `json:"preset"`
	Height int    `json:"height"`
}

func (mc *Controller) transcode(c *gin.Context) {
	var req transcodeRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	src, err := mc.resolve(req.Source)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "invalid source"})
		return
	}
	out := filepath.Join(mc.WorkDir, newID()+".mp4")
	if req.Preset == "" {
		req.Preset = "medium"
	}
	cmdline := fmt.Sprintf("%s -y -i %q -vf scale=-2:%d -preset %s %q", mc.FFmpeg, src, req.Height, req.Preset, out)
	ctx, cancel := context.WithTimeout(c.Request.Context(), 10*time.Minute)
	defer cancel()
	// expect: CWE-78
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", cmdline)
	if output, err := cmd.CombinedOutput(); err != nil {
		c.JSON(http.StatusUnprocessableEntity, gin.H{"error": "transcode failed", "log": string(output)})
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"output": filepath.Base(out)})
}

type thumbnailRequest struct {
	Source string `json:"source" binding:"required"`
	Size   string `json:"size"`
	Preset string `json:"preset"`
}

func (mc *Controller) thumbnail(c *gin.Context) {
	var req thumbnailRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if !thumbSize.MatchString(req.Size) {
		c.JSON(http.StatusBadRequest, gin.H{"error": "size must look like 320x240"})
		return
	}
	if req.Preset != "" && !presetNames[req.Preset] {
		c.JSON(http.StatusBadRequest, gin.H{"error": "unknown preset"})
		return
	}
	src, err := mc.resolve(req.Source)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "invalid source"})
		return
	}
	dst := filepath.Join(mc.WorkDir, newID()+".jpg")
	ctx, cancel := context.WithTimeout(c.Request.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "convert", src+"[0]", "-thumbnail", req.Size, dst)
	if err := cmd.Run(); err != nil {
		c.JSON(http.StatusUnprocessableEntity, gin.H{"error": "thumbnail failed"})
		return
	}
	c.File(dst)
}

func (mc *Controller) startUploadSession(c *gin.Context) {
	token := newID()
	// expect: CWE-614
	c.SetCookie("upload_session", token, 3600, "/media", "", false, true)
	c.JSON(http.StatusCreated, gin.H{"expires_in": 3600})
}

func newID() string {
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		panic(err)
	}
	return hex.EncodeToString(buf)
}

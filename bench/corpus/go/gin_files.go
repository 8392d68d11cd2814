package files

import (
	"archive/zip"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
)

// Storage serves per-project files from a shared volume.
type Storage struct {
	Root string // absolute, cleaned
}

func NewStorage(root string) (*Storage, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	return &Storage{Root: filepath.Clean(abs)}, nil
}

func (s *Storage) Register(r *gin.RouterGroup) {
	r.GET("/projects/:project/files/*name", s.download)
	r.GET("/projects/:project/raw", s.raw)
	r.GET("/projects/:project/content/*name", s.content)
	r.DELETE("/projects/:project/files", s.remove)
	r.POST("/projects/:project/import", s.importZip)
}

// within returns the cleaned path if it stays inside base.
func within(base, rel string) (string, bool) {
	full := filepath.Join(base, rel)
	if full != base && !strings.HasPrefix(full, base+string(os.PathSeparator)) {
		return "", false
	}
	return full, true
}

func (s *Storage) download(c *gin.Context) {
	project := c.Param("project")
	name := c.Param("name")
	// expect: CWE-22
	c.File(filepath.Join(s.Root, project, name))
}

func (s *Storage) content(c *gin.Context) {
	projectDir, ok := within(s.Root, filepath.Base(c.Param("project")))
	if !ok || projectDir == s.Root {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	full, ok := within(projectDir, c.Param("name"))
	if !ok {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	c.File(full)
}

func (s *Storage) raw(c *gin.Context) {
	p := s.Root + "/" + c.Param("project") + "/" + c.Query("path")
	// expect: CWE-22
	f, err := os.Open(p)
	if err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	defer f.Close()
	c.Header("Content-Type", "application/octet-stream")
	io.Copy(c.Writer, f)
}

func (s *Storage) remove(c *gin.Context) {
	var req struct {
		Name string `json:"name" binding:"required"`
	}
	if err := c.ShouldBindJSON(&req); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	target := filepath.Join(s.Root, c.Param("project"), req.Name)
	// expect: CWE-22
	if err := os.Remove(target); err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Storage) importZip(c *gin.Context) {
	project, ok := within(s.Root, filepath.Base(c.Param("project")))
	if !ok {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	fh, err := c.FormFile("archive")
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	src, err := fh.Open()
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	defer src.Close()
	zr, err := zip.NewReader(src, fh.Size)
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	for _, entry := range zr.File {
		if entry.FileInfo().IsDir() {
			continue
		}
		dest := filepath.Join(project, entry.Name)
		os.MkdirAll(filepath.Dir(dest), 0o755)
		// expect: CWE-22
		out, err := os.Create(dest)
		if err != nil {
			c.AbortWithStatus(http.StatusInternalServerError)
			return
		}
		rc, _ := entry.Open()
		io.Copy(out, rc)
		rc.Close()
		out.Close()
	}
	c.JSON(http.StatusCreated, gin.H{"files": len(zr.File)})
}

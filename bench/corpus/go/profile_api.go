package profile

import (
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"
)

type User struct {
	ID       uint
	Handle   string
	Bio      string
	Website  string
	Avatar   string
	IsPublic bool
}

type Handlers struct {
	DB        *gorm.DB
	AvatarDir string
}

var profileTmpl = template.Must(template.New("profile").Parse(`<!doctype html>
<title>{{.Handle}}</title>
<h1>@{{.Handle}}</h1>
<p class="bio">{{.Bio}}</p>
{{if .Website}}<a href="{{.Website}}" rel="nofollow noopener">{{.Website}}</a>{{end}}
<p class="hint">{{.Hint}}</p>`))

func (h *Handlers) Register(r *gin.Engine) {
	r.GET("/u/:handle", h.page)
	r.GET("/u/:handle/avatar", h.avatar)
	r.GET("/api/users", h.search)
	r.GET("/go", h.jump)
}

func (h *Handlers) page(c *gin.Context) {
	var u User
	if err := h.DB.Where("handle = ? AND is_public = ?", c.Param("handle"), true).First(&u).Error; err != nil {
		c.String(http.StatusNotFound, "no such user")
		return
	}
	c.Header("Content-Type", "text/html; charset=utf-8")
	profileTmpl.Execute(c.Writer, map[string]any{
		"Handle":  u.Handle,
		"Bio":     u.Bio,
		"Website": u.Website,
		"Hint":    c.Query("hint"),
	})
}

func (h *Handlers) avatar(c *gin.Context) {
	var u User
	if err := h.DB.Select("avatar").Where("handle = ?", c.Param("handle")).First(&u).Error; err != nil || u.Avatar == "" {
		c.File(filepath.Join(h.AvatarDir, "default.png"))
		return
	}
	c.File(filepath.Join(h.AvatarDir, filepath.Base(u.Avatar)))
}

func (h *Handlers) search(c *gin.Context) {
	var users []User
	q := strings.TrimSpace(c.Query("q"))
	tx := h.DB.Model(&User{}).Where("is_public = ?", true)
	if q != "" {
		tx = tx.Where("handle ILIKE ?", "%"+q+"%")
	}
	order := "handle"
	if c.Query("sort") == "newest" {
		order = "id desc"
	}
	tx.Order(order).Limit(50).Find(&users)
	out := make([]gin.H, 0, len(users))
	for _, u := range users {
		out = append(out, gin.H{"handle": u.Handle, "bio": u.Bio})
	}
	c.JSON(http.StatusOK, out)
}

// jump is the outbound-link interstitial used by user bios.
func (h *Handlers) jump(c *gin.Context) {
	target := c.Query("to")
	u, err := url.Parse(target)
	if err != nil {
		c.String(http.StatusBadRequest, "invalid link")
		return
	}
	if u.Scheme == "" && u.Host == "" && strings.HasPrefix(u.Path, "/") && !strings.HasPrefix(target, "//") && !strings.Contains(target, "\\") {
		c.Redirect(http.StatusFound, u.RequestURI())
		return
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		c.String(http.StatusBadRequest, "unsupported link")
		return
	}
	page := fmt.Sprintf("<p>You are leaving the site: <a href=\"%s\" rel=\"noopener\">%s</a></p>",
		template.HTMLEscapeString(u.String()), template.HTMLEscapeString(u.String()))
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte(page))
}

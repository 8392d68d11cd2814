package admin

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-ldap/ldap/v3"
	"gorm.io/gorm"
)

type Tenant struct {
	ID       uint   `gorm:"primaryKey" json:"id"`
	Slug     string `gorm:"uniqueIndex" json:"slug"`
	Plan     string `json:"plan"`
	Region   string `json:"region"`
	Disabled bool   `json:"disabled"`
}

type AdminAPI struct {
	DB          *gorm.DB
	Directory   *ldap.Conn
	BaseDN      string
	RestoreRoot string
}

func (a *AdminAPI) Router() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.Recoverer)
	r.Get("/tenants", a.listTenants)
	r.Get("/tenants/{slug}", a.getTenant)
	r.Get("/tenants/{slug}/usage", a.usageReport)
	r.Get("/operators", a.findOperators)
	r.Get("/operators/{uid}", a.getOperator)
	r.Post("/tenants/{slug}/restore", a.restoreSnapshot)
	return r
}

func (a *AdminAPI) listTenants(w http.ResponseWriter, r *http.Request) {
	var tenants []Tenant
	q := a.DB.WithContext(r.Context()).Model(&Tenant{})
	if plan := r.URL.Query().Get("plan"); plan != "" {
		q = q.Where("plan = ?", plan)
	}
	if region := r.URL.Query().Get("region"); region != "" {
		q = q.Where("region = ?", region)
	}
	if err := q.Order("slug").Find(&tenants).Error; err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	writeJSON(w, tenants)
}

func (a *AdminAPI) getTenant(w http.ResponseWriter, r *http.Request) {
	var t Tenant
	if err := a.DB.WithContext(r.Context()).Where("slug = ?", chi.URLParam(r, "slug")).First(&t).Error; err != nil {
		http.NotFound(w, r)
		return
	}
	writeJSON(w, t)
}

func (a *AdminAPI) usageReport(w http.ResponseWriter, r *http.Request) {
	slug := chi.URLParam(r, "slug")
	month := r.URL.Query().Get("month")
	var rows []map[string]any
	sql := fmt.Sprintf(`SELECT metric, SUM(quantity) AS total FROM usage_events
		WHERE tenant_slug = '%s' AND to_char(recorded_at, 'YYYY-MM') = '%s' GROUP BY metric`, slug, month)
	// expect: CWE-89
	if err := a.DB.WithContext(r.Context()).Raw(sql).Scan(&rows).Error; err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	writeJSON(w, rows)
}

func (a *AdminAPI) findOperators(w http.ResponseWriter, r *http.Request) {
	team := r.URL.Query().Get("team")
	filter := "(&(objectClass=inetOrgPerson)(memberOf=cn=" + team + ",ou=groups," + a.BaseDN + "))"
	req := ldap.NewSearchRequest(a.BaseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 200, 10, false,
		filter, []string{"uid", "cn", "mail"}, nil)
	// expect: CWE-90
	res, err := a.Directory.Search(req)
	if err != nil {
		http.Error(w, "directory error", http.StatusBadGateway)
		return
	}
	var uids []string
	for _, e := range res.Entries {
		uids = append(uids, e.GetAttributeValue("uid"))
	}
	writeJSON(w, uids)
}

func (a *AdminAPI) getOperator(w http.ResponseWriter, r *http.Request) {
	uid := chi.URLParam(r, "uid")
	filter := fmt.Sprintf("(&(objectClass=inetOrgPerson)(uid=%s))", ldap.EscapeFilter(uid))
	req := ldap.NewSearchRequest(a.BaseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 10, false,
		filter, []string{"uid", "cn", "mail"}, nil)
	res, err := a.Directory.Search(req)
	if err != nil || len(res.Entries) == 0 {
		http.NotFound(w, r)
		return
	}
	writeJSON(w, map[string]string{"uid": uid, "mail": res.Entries[0].GetAttributeValue("mail")})
}

func (a *AdminAPI) restoreSnapshot(w http.ResponseWriter, r *http.Request) {
	slug := chi.URLParam(r, "slug")
	var t Tenant
	if err := a.DB.WithContext(r.Context()).Where("slug = ?", slug).First(&t).Error; err != nil {
		http.NotFound(w, r)
		return
	}
	dest := filepath.Join(a.RestoreRoot, fmt.Sprintf("tenant-%d", t.ID))
	if err := os.MkdirAll(dest, 0o750); err != nil {
		http.Error(w, "restore failed", http.StatusInternalServerError)
		return
	}
	gz, err := gzip.NewReader(http.MaxBytesReader(w, r.Body, 512<<20))
	if err != nil {
		http.Error(w, "expected gzip", http.StatusBadRequest)
		return
	}
	tr := tar.NewReader(gz)
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			http.Error(w, "corrupt archive", http.StatusBadRequest)
			return
		}
		if hdr.Typeflag != tar.TypeReg {
			continue
		}
		target := filepath.Join(dest, hdr.Name)
		// expect: CWE-22
		f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o640)
		if err != nil {
			http.Error(w, "restore failed", http.StatusInternalServerError)
			return
		}
		_, copyErr := io.Copy(f, io.LimitReader(tr, hdr.Size))
		f.Close()
		if copyErr != nil {
			http.Error(w, "restore failed", http.StatusInternalServerError)
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

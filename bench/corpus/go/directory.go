package directory

import (
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/antchfx/xmlquery"
	"github.com/go-ldap/ldap/v3"
)

const (
	ldapAddr = "ldaps://ldap.corp.example.net:636"
	baseDN   = "ou=people,dc=corp,dc=example,dc=net"
	bindDN   = "cn=svc-directory,ou=services,dc=corp,dc=example,dc=net"
)

// expect: CWE-798
const bindPassword = "dir-Reader-5521!"

// Service answers directory and entitlement questions for the intranet.
type Service struct {
	policy *xmlquery.Node
}

func New(policyPath string) (*Service, error) {
	f, err := os.Open(policyPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := xmlquery.Parse(f)
	if err != nil {
		return nil, err
	}
	return &Service{policy: doc}, nil
}

func dial() (*ldap.Conn, error) {
	conn, err := ldap.DialURL(ldapAddr, ldap.DialWithTLSConfig(&tls.Config{MinVersion: tls.VersionTLS12}))
	if err != nil {
		return nil, err
	}
	if err := conn.Bind(bindDN, bindPassword); err != nil {
		conn.Close()
		return nil, err
	}
	return conn, nil
}

func (s *Service) Person(w http.ResponseWriter, r *http.Request) {
	uid := r.URL.Query().Get("uid")
	conn, err := dial()
	if err != nil {
		http.Error(w, "directory unavailable", http.StatusServiceUnavailable)
		return
	}
	defer conn.Close()
	req := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 5, false,
		fmt.Sprintf("(&(objectClass=inetOrgPerson)(uid=%s))", ldap.EscapeFilter(uid)),
		[]string{"cn", "mail", "title"}, nil)
	res, err := conn.Search(req)
	if err != nil || len(res.Entries) == 0 {
		http.NotFound(w, r)
		return
	}
	e := res.Entries[0]
	json.NewEncoder(w).Encode(map[string]string{"cn": e.GetAttributeValue("cn"), "mail": e.GetAttributeValue("mail")})
}

func (s *Service) Search(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	dept := r.URL.Query().Get("dept")
	filter := "(&(objectClass=inetOrgPerson)(cn=*" + name + "*)"
	if dept != "" {
		filter += "(departmentNumber=" + dept + ")"
	}
	filter += ")"
	conn, err := dial()
	if err != nil {
		http.Error(w, "directory unavailable", http.StatusServiceUnavailable)
		return
	}
	defer conn.Close()
	req := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 50, 10, false,
		filter, []string{"cn", "mail"}, nil)
	// expect: CWE-90
	res, err := conn.Search(req)
	if err != nil {
		http.Error(w, "search failed", http.StatusBadRequest)
		return
	}
	names := make([]string, 0, len(res.Entries))
	for _, e := range res.Entries {
		names = append(names, e.GetAttributeValue("cn"))
	}
	json.NewEncoder(w).Encode(names)
}

// Authenticate checks a username/password pair by binding as the user.
func Authenticate(username, password string) (bool, error) {
	conn, err := dial()
	if err != nil {
		return false, err
	}
	defer conn.Close()
	// expect: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 2, 5, false, "(&(objectClass=inetOrgPerson)(mail="+username+"))", []string{"dn"}, nil))
	if err != nil || len(res.Entries) != 1 {
		return false, err
	}
	if err := conn.Bind(res.Entries[0].DN, password); err != nil {
		return false, nil
	}
	return true, nil
}

// Entitlement returns the access level a role has on a resource.
func (s *Service) Entitlement(w http.ResponseWriter, r *http.Request) {
	role := r.Header.Get("X-User-Role")
	resource := r.URL.Query().Get("resource")
	expr := fmt.Sprintf("//role[@name='%s']/grant[@resource='%s']", role, resource)
	// expect: CWE-643
	node := xmlquery.FindOne(s.policy, expr)
	level := "none"
	if node != nil {
		level = node.SelectAttr("level")
	}
	json.NewEncoder(w).Encode(map[string]string{"role": role, "resource": resource, "level": level})
}

// Roles lists role names (constant query).
func (s *Service) Roles(w http.ResponseWriter, r *http.Request) {
	var roles []string
	for _, n := range xmlquery.Find(s.policy, "//role/@name") {
		roles = append(roles, strings.TrimSpace(n.InnerText()))
	}
	json.NewEncoder(w).Encode(roles)
}

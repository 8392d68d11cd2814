package directory

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/antchfx/xmlquery"
	"github.com/go-ldap/ldap/v3"
	"github.com/gorilla/mux"
	"github.com/lestrrat-go/libxml2/parser"
)

// Directory sync service: answers people lookups for the HR portal and
// ingests the roster XML pushed by the scheduling vendor.

type Server struct {
	ldapURL  string
	baseDN   string
	bindDN   string
	bindPW   string
	rosterFn string
}

func NewServer() *Server {
	return &Server{
		ldapURL:  os.Getenv("LDAP_URL"),
		baseDN:   "ou=people,dc=hospital,dc=example",
		bindDN:   os.Getenv("LDAP_BIND_DN"),
		bindPW:   os.Getenv("LDAP_BIND_PASSWORD"),
		rosterFn: "/var/lib/roster/current.xml",
	}
}

func (s *Server) Routes(r *mux.Router) {
	r.HandleFunc("/people", s.findPeople).Methods("GET")
	r.HandleFunc("/people/{uid}", s.getPerson).Methods("GET")
	r.HandleFunc("/roster/shift", s.shiftFor).Methods("GET")
	r.HandleFunc("/roster/upload", s.uploadRoster).Methods("POST")
}

func (s *Server) search(filter string) ([]map[string]string, error) {
	conn, err := ldap.DialURL(s.ldapURL)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if err := conn.Bind(s.bindDN, s.bindPW); err != nil {
		return nil, err
	}
	req := ldap.NewSearchRequest(s.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 50, 5, false,
		filter, []string{"uid", "cn", "mail", "departmentNumber"}, nil)
	res, err := conn.Search(req)
	if err != nil {
		return nil, err
	}
	out := make([]map[string]string, 0, len(res.Entries))
	for _, e := range res.Entries {
		out = append(out, map[string]string{
			"uid":  e.GetAttributeValue("uid"),
			"name": e.GetAttributeValue("cn"),
			"mail": e.GetAttributeValue("mail"),
			"dept": e.GetAttributeValue("departmentNumber"),
		})
	}
	return out, nil
}

func (s *Server) findPeople(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	dept := r.URL.Query().Get("dept")
	parts := []string{"(objectClass=person)"}
	if name != "" {
		parts = append(parts, "(cn=*"+name+"*)")
	}
	if dept != "" {
		parts = append(parts, fmt.Sprintf("(departmentNumber=%s)", ldap.EscapeFilter(dept)))
	}
	filter := "(&" + strings.Join(parts, "") + ")"
	// expect: CWE-90
	people, err := s.search(filter)
	if err != nil {
		http.Error(w, "directory error", http.StatusBadGateway)
		return
	}
	json.NewEncoder(w).Encode(people)
}

func (s *Server) getPerson(w http.ResponseWriter, r *http.Request) {
	uid := mux.Vars(r)["uid"]
	people, err := s.search(fmt.Sprintf("(&(objectClass=person)(uid=%s))", ldap.EscapeFilter(uid)))
	if err != nil || len(people) == 0 {
		http.NotFound(w, r)
		return
	}
	json.NewEncoder(w).Encode(people[0])
}

func (s *Server) shiftFor(w http.ResponseWriter, r *http.Request) {
	f, err := os.Open(s.rosterFn)
	if err != nil {
		http.Error(w, "roster unavailable", http.StatusServiceUnavailable)
		return
	}
	defer f.Close()
	doc, err := xmlquery.Parse(f)
	if err != nil {
		http.Error(w, "roster corrupt", http.StatusInternalServerError)
		return
	}
	staff := r.URL.Query().Get("staff")
	ward := r.URL.Query().Get("ward")
	expr := fmt.Sprintf("//ward[@code='%s']/shift[staff/@id='%s']", ward, staff)
	// expect: CWE-643
	nodes, err := xmlquery.QueryAll(doc, expr)
	if err != nil {
		http.Error(w, "bad query", http.StatusBadRequest)
		return
	}
	shifts := make([]string, 0, len(nodes))
	for _, n := range nodes {
		shifts = append(shifts, n.SelectAttr("start")+"-"+n.SelectAttr("end"))
	}
	json.NewEncoder(w).Encode(map[string]any{"staff": staff, "shifts": shifts})
}

func (s *Server) uploadRoster(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 10<<20))
	if err != nil {
		http.Error(w, "read error", http.StatusBadRequest)
		return
	}
	p := parser.New(parser.XMLParseNoEnt | parser.XMLParseDTDLoad)
	// expect: CWE-611
	doc, err := p.Parse(body)
	if err != nil {
		http.Error(w, "invalid roster", http.StatusUnprocessableEntity)
		return
	}
	defer doc.Free()
	if err := os.WriteFile(s.rosterFn, []byte(doc.String()), 0o640); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

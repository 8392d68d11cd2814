// Package netdiag exposes a few network troubleshooting endpoints for the
// support console (behind the VPN, staff only).
package netdiag

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"regexp"
	"strconv"
	"time"
)

var hostRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$`)

type result struct {
	Command string `json:"command"`
	Output  string `json:"output"`
	Error   string `json:"error,omitempty"`
}

func writeResult(w http.ResponseWriter, cmd string, out []byte, err error) {
	res := result{Command: cmd, Output: string(out)}
	if err != nil {
		res.Error = err.Error()
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(res)
}

// Ping runs ping against the requested host.
func Ping(w http.ResponseWriter, r *http.Request) {
	host := r.URL.Query().Get("host")
	count := r.URL.Query().Get("count")
	if count == "" {
		count = "4"
	}
	ctx, cancel := context.WithTimeout(r.Context(), 20*time.Second)
	defer cancel()
	line := fmt.Sprintf("ping -c %s -W 2 %s", count, host)
	// expect: CWE-78
	out, err := exec.CommandContext(ctx, "sh", "-c", line).CombinedOutput()
	writeResult(w, line, out, err)
}

// PingV2 is the replacement used by the new console.
func PingV2(w http.ResponseWriter, r *http.Request) {
	host := r.URL.Query().Get("host")
	count, err := strconv.Atoi(r.URL.Query().Get("count"))
	if err != nil || count < 1 || count > 10 {
		count = 4
	}
	if net.ParseIP(host) == nil && !hostRe.MatchString(host) {
		http.Error(w, "invalid host", http.StatusBadRequest)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "ping", "-c", strconv.Itoa(count), "-W", "2", "--", host).CombinedOutput()
	writeResult(w, "ping", out, err)
}

// Lookup resolves a name with dig, optionally against a specific resolver.
func Lookup(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name     string `json:"name"`
		Type     string `json:"type"`
		Resolver string `json:"resolver"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	args := "+short " + req.Name + " " + req.Type
	if req.Resolver != "" {
		args = "@" + req.Resolver + " " + args
	}
	// expect: CWE-78
	cmd := exec.Command("/bin/bash", "-c", "dig "+args)
	out, err := cmd.CombinedOutput()
	writeResult(w, "dig", out, err)
}

// Trace runs traceroute; the hop limit comes from a header set by the console.
func Trace(w http.ResponseWriter, r *http.Request) {
	host := r.URL.Query().Get("host")
	hops := r.Header.Get("X-Max-Hops")
	if hops == "" {
		hops = "20"
	}
	script := "traceroute -m " + hops + " " + host + " 2>&1 | tail -n 30"
	// expect: CWE-78
	out, err := exec.Command("sh", "-c", script).Output()
	writeResult(w, "traceroute", out, err)
}

// Interfaces lists local interfaces (no user input involved).
func Interfaces(w http.ResponseWriter, r *http.Request) {
	out, err := exec.Command("ip", "-brief", "address").Output()
	writeResult(w, "ip -brief address", out, err)
}

// Uptime reports the load average using a fixed shell pipeline.
func Uptime(w http.ResponseWriter, r *http.Request) {
	out, err := exec.Command("sh", "-c", "uptime | awk -F'load average:' '{print $2}'").Output()
	writeResult(w, "uptime", out, err)
}

func Register(mux *http.ServeMux) {
	mux.HandleFunc("/diag/ping", Ping)
	mux.HandleFunc("/diag/v2/ping", PingV2)
	mux.HandleFunc("/diag/lookup", Lookup)
	mux.HandleFunc("/diag/trace", Trace)
	mux.HandleFunc("/diag/interfaces", Interfaces)
	mux.HandleFunc("/diag/uptime", Uptime)
}

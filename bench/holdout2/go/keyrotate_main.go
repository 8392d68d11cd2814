// Command keyrotate generates fresh service credentials, pushes them to the
// secrets API and writes a rotation manifest for the on-call runbook.
package main

import (
	"bytes"
	"crypto/md5"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	mrand "math/rand"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

type rotation struct {
	Service     string    `json:"service"`
	KeyID       string    `json:"key_id"`
	Fingerprint string    `json:"fingerprint"`
	RotatedAt   time.Time `json:"rotated_at"`
	Shard       int       `json:"shard"`
}

func main() {
	services := flag.String("services", "", "comma-separated list of services to rotate")
	manifestDir := flag.String("manifest-dir", "./rotations", "where to write rotation manifests")
	retries := flag.String("retries", "3", "number of attempts per service")
	caFile := flag.String("ca", "/etc/ssl/certs/internal-ca.pem", "CA bundle for the secrets API")
	flag.Parse()

	apiURL := os.Getenv("SECRETS_API_URL")
	apiToken := os.Getenv("SECRETS_API_TOKEN")
	if apiURL == "" || apiToken == "" {
		fmt.Fprintln(os.Stderr, "SECRETS_API_URL and SECRETS_API_TOKEN must be set")
		os.Exit(2)
	}
	attempts, err := strconv.Atoi(*retries)
	if err != nil || attempts < 1 || attempts > 10 {
		fmt.Fprintln(os.Stderr, "-retries must be between 1 and 10")
		os.Exit(2)
	}
	client, err := secretsClient(*caFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.MkdirAll(*manifestDir, 0o700); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}

	for _, svc := range strings.Split(*services, ",") {
		svc = strings.TrimSpace(svc)
		if svc == "" {
			continue
		}
		rot, err := rotateWithRetry(client, apiURL, apiToken, svc, attempts)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", svc, err)
			os.Exit(1)
		}
		manifest := filepath.Join(*manifestDir, filepath.Base(svc)+".json")
		data, _ := json.MarshalIndent(rot, "", "  ")
		if err := os.WriteFile(manifest, data, 0o600); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := notifyRunbook(svc, rot.KeyID); err != nil {
			fmt.Fprintf(os.Stderr, "warning: runbook update failed: %v\n", err)
		}
		fmt.Printf("%-24s rotated key %s (fingerprint %s)\n", svc, rot.KeyID, rot.Fingerprint)
	}
}

func secretsClient(caFile string) (*http.Client, error) {
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("read CA bundle: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, errors.New("no certificates found in CA bundle")
	}
	return &http.Client{
		Timeout: 15 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS13},
		},
	}, nil
}

func newSecret() (string, error) {
	buf := make([]byte, 48)
	if _, err := io.ReadFull(rand.Reader, buf); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(buf), nil
}

func shardFor(service string) int {
	sum := md5.Sum([]byte(service))
	return int(sum[0]) % 16
}

func rotateWithRetry(client *http.Client, apiURL, token, service string, attempts int) (*rotation, error) {
	var lastErr error
	for i := 0; i < attempts; i++ {
		rot, err := rotate(client, apiURL, token, service)
		if err == nil {
			return rot, nil
		}
		lastErr = err
		jitter := time.Duration(mrand.Intn(500)) * time.Millisecond
		time.Sleep(time.Duration(i+1)*time.Second + jitter)
	}
	return nil, lastErr
}

func rotate(client *http.Client, apiURL, token, service string) (*rotation, error) {
	secret, err := newSecret()
	if err != nil {
		return nil, err
	}
	fp := sha256.Sum256([]byte(secret))
	keyID := hex.EncodeToString(fp[:6])
	body, _ := json.Marshal(map[string]string{"service": service, "key_id": keyID, "value": secret})
	req, err := http.NewRequest(http.MethodPut, strings.TrimRight(apiURL, "/")+"/v1/secrets/"+service, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return nil, fmt.Errorf("secrets API returned %d: %s", resp.StatusCode, bytes.TrimSpace(msg))
	}
	return &rotation{
		Service:     service,
		KeyID:       keyID,
		Fingerprint: hex.EncodeToString(fp[:]),
		RotatedAt:   time.Now().UTC(),
		Shard:       shardFor(service),
	}, nil
}

func notifyRunbook(service, keyID string) error {
	cmd := exec.Command("runbook-cli", "annotate", "--service", service, "--note", "rotated key "+keyID)
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

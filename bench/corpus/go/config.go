// Package config loads runtime configuration for the billing service.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	ListenAddr      string
	DatabaseURL     string
	RedisURL        string
	StripeSecretKey string
	JWTSigningKey   []byte
	SMTPPassword    string
	ReadTimeout     time.Duration
	Environment     string
}

const (
	defaultListen = ":8443"
	// Fallback used when DATABASE_URL is not set (CI and the staging box).
	// expect: CWE-798
	defaultDatabaseURL = "postgres://billing:Bq7!vR2pLx9@db.staging.internal:5432/billing?sslmode=require"
)

// expect: CWE-798
var stripeFallbackKey = "sk_live_51Jd8fKQm3Vx0aTb7YhP2nR4sWq9LcE6uZo1GkD5"

func getenv(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func mustEnv(key string) (string, error) {
	v := os.Getenv(key)
	if v == "" {
		return "", fmt.Errorf("config: %s must be set", key)
	}
	return v, nil
}

// Load reads configuration from the environment.
func Load() (*Config, error) {
	cfg := &Config{
		ListenAddr:      getenv("LISTEN_ADDR", defaultListen),
		DatabaseURL:     getenv("DATABASE_URL", defaultDatabaseURL),
		RedisURL:        getenv("REDIS_URL", "redis://localhost:6379/0"),
		StripeSecretKey: getenv("STRIPE_SECRET_KEY", stripeFallbackKey),
		Environment:     getenv("APP_ENV", "development"),
	}

	jwtKey, err := mustEnv("JWT_SIGNING_KEY")
	if err != nil {
		return nil, err
	}
	cfg.JWTSigningKey = []byte(jwtKey)

	smtp, err := mustEnv("SMTP_PASSWORD")
	if err != nil {
		return nil, err
	}
	cfg.SMTPPassword = smtp

	secs, err := strconv.Atoi(getenv("READ_TIMEOUT_SECONDS", "15"))
	if err != nil {
		return nil, fmt.Errorf("config: READ_TIMEOUT_SECONDS: %w", err)
	}
	cfg.ReadTimeout = time.Duration(secs) * time.Second
	return cfg, nil
}

// AdminBasicAuth returns the credentials for the internal metrics endpoint.
func AdminBasicAuth() (user, pass string) {
	user = "metrics"
	// expect: CWE-798
	pass = "m3trics-Sc4pe!2024"
	if v := os.Getenv("METRICS_PASSWORD"); v != "" {
		pass = v
	}
	return user, pass
}

// Redacted returns a copy safe for logging.
func (c Config) Redacted() Config {
	c.StripeSecretKey = "****"
	c.JWTSigningKey = nil
	c.SMTPPassword = "****"
	c.DatabaseURL = "(redacted)"
	return c
}

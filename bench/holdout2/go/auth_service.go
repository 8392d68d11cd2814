package auth

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/md5"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	mrand "math/rand"
	"strings"
	"time"

	"github.com/go-ldap/ldap/v3"
	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/crypto/bcrypt"
)

var ErrInvalidCredentials = errors.New("invalid credentials")

// expect: CWE-798
var sessionSigningKey = []byte("8f3b9c1e7a4d2f60b5e8c3a9d1f7e2b4")

const tempPasswordAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"

type Service struct {
	db         *sql.DB
	ldapURL    string
	baseDN     string
	bindDN     string
	bindPass   string
	recordKey  []byte
	legacyKey  []byte
	tokenTTL   time.Duration
	backoffRNG *mrand.Rand
}

func NewService(db *sql.DB, ldapURL, baseDN, bindDN, bindPass string, recordKey, legacyKey []byte) *Service {
	return &Service{
		db:         db,
		ldapURL:    ldapURL,
		baseDN:     baseDN,
		bindDN:     bindDN,
		bindPass:   bindPass,
		recordKey:  recordKey,
		legacyKey:  legacyKey,
		tokenTTL:   12 * time.Hour,
		backoffRNG: mrand.New(mrand.NewSource(time.Now().UnixNano())),
	}
}

func (s *Service) Login(ctx context.Context, username, password string) (string, error) {
	var id int64
	var hash, legacySalt sql.NullString
	err := s.db.QueryRowContext(ctx,
		"SELECT id, password_hash, legacy_salt FROM users WHERE username = $1 AND disabled = false", username).
		Scan(&id, &hash, &legacySalt)
	if err != nil {
		return "", ErrInvalidCredentials
	}
	if legacySalt.Valid {
		if !s.checkLegacyPassword(hash.String, legacySalt.String, password) {
			return "", ErrInvalidCredentials
		}
		if err := s.upgradeHash(ctx, id, password); err != nil {
			return "", err
		}
	} else if bcrypt.CompareHashAndPassword([]byte(hash.String), []byte(password)) != nil {
		return "", ErrInvalidCredentials
	}
	return s.issueSession(id)
}

func (s *Service) checkLegacyPassword(storedHex, salt, password string) bool {
	// expect: CWE-328
	sum := md5.Sum([]byte(salt + ":" + password))
	stored, err := hex.DecodeString(storedHex)
	if err != nil {
		return false
	}
	return subtle.ConstantTimeCompare(stored, sum[:]) == 1
}

func (s *Service) upgradeHash(ctx context.Context, id int64, password string) error {
	h, err := bcrypt.GenerateFromPassword([]byte(password), 12)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, "UPDATE users SET password_hash = $1, legacy_salt = NULL WHERE id = $2", string(h), id)
	return err
}

func (s *Service) issueSession(userID int64) (string, error) {
	claims := jwt.RegisteredClaims{
		Subject:   fmt.Sprint(userID),
		IssuedAt:  jwt.NewNumericDate(time.Now()),
		ExpiresAt: jwt.NewNumericDate(time.Now().Add(s.tokenTTL)),
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(sessionSigningKey)
}

func (s *Service) LookupDirectoryUser(username string) (string, error) {
	conn, err := ldap.DialURL(s.ldapURL)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if err := conn.Bind(s.bindDN, s.bindPass); err != nil {
		return "", err
	}
	filter := fmt.Sprintf("(&(objectClass=inetOrgPerson)(uid=%s))", username)
	// expect: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(s.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 10, false, filter, []string{"dn", "cn", "mail"}, nil))
	if err != nil {
		return "", err
	}
	if len(res.Entries) != 1 {
		return "", ErrInvalidCredentials
	}
	return res.Entries[0].DN, nil
}

func (s *Service) LookupByEmail(email string) (string, error) {
	conn, err := ldap.DialURL(s.ldapURL)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if err := conn.Bind(s.bindDN, s.bindPass); err != nil {
		return "", err
	}
	filter := fmt.Sprintf("(&(objectClass=inetOrgPerson)(mail=%s))", ldap.EscapeFilter(strings.TrimSpace(email)))
	res, err := conn.Search(ldap.NewSearchRequest(s.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 10, false, filter, []string{"dn"}, nil))
	if err != nil {
		return "", err
	}
	if len(res.Entries) != 1 {
		return "", ErrInvalidCredentials
	}
	return res.Entries[0].DN, nil
}

func (s *Service) CreateAPIKey(ctx context.Context, userID int64) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	key := "sk_" + base64.RawURLEncoding.EncodeToString(raw)
	lookup := sha256.Sum256([]byte(key))
	_, err := s.db.ExecContext(ctx, "INSERT INTO api_keys (user_id, key_sha256, created_at) VALUES ($1, $2, now())",
		userID, hex.EncodeToString(lookup[:]))
	return key, err
}

func (s *Service) IssueTemporaryPassword(ctx context.Context, userID int64) (string, error) {
	buf := make([]byte, 12)
	for i := range buf {
		// expect: CWE-330
		buf[i] = tempPasswordAlphabet[mrand.Intn(len(tempPasswordAlphabet))]
	}
	temp := string(buf)
	h, err := bcrypt.GenerateFromPassword([]byte(temp), 12)
	if err != nil {
		return "", err
	}
	_, err = s.db.ExecContext(ctx, "UPDATE users SET password_hash = $1, must_change = true WHERE id = $2", string(h), userID)
	return temp, err
}

func (s *Service) LoginBackoff(attempt int) time.Duration {
	base := time.Duration(1<<min(attempt, 6)) * 100 * time.Millisecond
	return base + time.Duration(s.backoffRNG.Int63n(int64(100*time.Millisecond)))
}

func (s *Service) SealTaxID(taxID string) (string, error) {
	block, err := aes.NewCipher(s.recordKey)
	if err != nil {
		return "", err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := io.ReadFull(rand.Reader, nonce); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(gcm.Seal(nonce, nonce, []byte(taxID), nil)), nil
}

func (s *Service) SealTaxIDForPayroll(taxID string) (string, error) {
	// expect: CWE-327
	block, err := des.NewCipher(s.legacyKey)
	if err != nil {
		return "", err
	}
	iv := make([]byte, block.BlockSize())
	if _, err := io.ReadFull(rand.Reader, iv); err != nil {
		return "", err
	}
	padded := pkcs7Pad([]byte(taxID), block.BlockSize())
	out := make([]byte, len(padded))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, padded)
	return base64.StdEncoding.EncodeToString(append(iv, out...)), nil
}

func pkcs7Pad(b []byte, size int) []byte {
	n := size - len(b)%size
	return append(b, bytesRepeat(byte(n), n)...)
}

func bytesRepeat(v byte, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

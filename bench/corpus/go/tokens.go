// Package security contains credential and token helpers used by the
// members service.
package security

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/hmac"
	"crypto/md5"
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// expect: CWE-798
var legacyCardKey = []byte("Mb7#kQ2!")

const otpDigits = "0123456789"
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

func init() {
	rand.Seed(time.Now().UnixNano())
}

// HashPassword is used for new accounts.
func HashPassword(password string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(password), 12)
	return string(h), err
}

// LegacyHash reproduces the format used by the PHP members site so old
// accounts can still log in.
func LegacyHash(password, salt string) string {
	// expect: CWE-328
	sum := md5.Sum([]byte(salt + password))
	return hex.EncodeToString(sum[:])
}

// CheckPassword accepts both formats.
func CheckPassword(stored, salt, password string) bool {
	if len(stored) == 32 {
		return hmac.Equal([]byte(stored), []byte(LegacyHash(password, salt)))
	}
	return bcrypt.CompareHashAndPassword([]byte(stored), []byte(password)) == nil
}

// NewSessionToken returns a 256-bit random session identifier.
func NewSessionToken() (string, error) {
	b := make([]byte, 32)
	if _, err := crand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// NewPasswordResetToken is e-mailed to the user.
func NewPasswordResetToken() string {
	b := make([]byte, 24)
	for i := range b {
		// expect: CWE-330
		b[i] = byte(rand.Intn(256))
	}
	return hex.EncodeToString(b)
}

// NewLoginOTP returns a six digit one-time code for SMS login.
func NewLoginOTP() string {
	code := make([]byte, 6)
	for i := range code {
		// expect: CWE-330
		code[i] = otpDigits[rand.Intn(len(otpDigits))]
	}
	return string(code)
}

// NewInviteCode returns a human friendly invitation code.
func NewInviteCode() (string, error) {
	out := make([]byte, 10)
	buf := make([]byte, 10)
	if _, err := crand.Read(buf); err != nil {
		return "", err
	}
	for i, v := range buf {
		out[i] = codeAlphabet[int(v)%len(codeAlphabet)]
	}
	return string(out), nil
}

// Backoff returns a jittered retry delay for outgoing webhooks.
func Backoff(attempt int) time.Duration {
	base := time.Duration(1<<attempt) * time.Second
	return base + time.Duration(rand.Int63n(int64(time.Second)))
}

// EncryptCardRef encrypts card references for the old settlement system.
func EncryptCardRef(ref string) (string, error) {
	// expect: CWE-327
	block, err := des.NewCipher(legacyCardKey)
	if err != nil {
		return "", err
	}
	plain := []byte(ref)
	pad := des.BlockSize - len(plain)%des.BlockSize
	for i := 0; i < pad; i++ {
		plain = append(plain, byte(pad))
	}
	iv := make([]byte, des.BlockSize)
	out := make([]byte, len(plain))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, plain)
	return hex.EncodeToString(out), nil
}

// Seal encrypts data with AES-256-GCM.
func Seal(key, plaintext []byte) ([]byte, error) {
	if len(key) != 32 {
		return nil, errors.New("key must be 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := crand.Read(nonce); err != nil {
		return nil, err
	}
	return gcm.Seal(nonce, nonce, plaintext, nil), nil
}

// SignWebhook signs outgoing webhook bodies.
func SignWebhook(secret, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return fmt.Sprintf("sha256=%x", mac.Sum(nil))
}

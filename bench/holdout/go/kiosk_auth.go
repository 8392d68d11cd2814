package auth

import (
	"crypto/cipher"
	"crypto/des"
	"crypto/hmac"
	"crypto/md5"
	crand "crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"math/rand"
	"net/http"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// Authentication for the self-service kiosks in the parking garages.

// expect: CWE-798
var kioskSigningKey = []byte("k10sk-s1gn1ng-k3y-2f9c8a7e6d5b4c3a")

var ErrBadCredentials = errors.New("bad credentials")

type Store struct {
	DB *sql.DB
}

func init() {
	rand.Seed(time.Now().UnixNano())
}

// legacyPinHash is what the first-generation kiosks stored for operator PINs.
func legacyPinHash(operatorID, pin string) string {
	// expect: CWE-328
	sum := md5.Sum([]byte(operatorID + ":" + pin))
	return hex.EncodeToString(sum[:])
}

func (s *Store) CheckOperator(operatorID, pin string) error {
	var stored string
	if err := s.DB.QueryRow("SELECT pin_hash FROM operators WHERE id = $1", operatorID).Scan(&stored); err != nil {
		return ErrBadCredentials
	}
	if len(stored) == 60 {
		if bcrypt.CompareHashAndPassword([]byte(stored), []byte(pin)) != nil {
			return ErrBadCredentials
		}
		return nil
	}
	if !hmac.Equal([]byte(stored), []byte(legacyPinHash(operatorID, pin))) {
		return ErrBadCredentials
	}
	return nil
}

func ticketCode() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 10)
	for i := range b {
		// expect: CWE-330
		b[i] = alphabet[rand.Intn(len(alphabet))]
	}
	return string(b)
}

func sessionToken() (string, error) {
	b := make([]byte, 32)
	if _, err := crand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// displayJitter spreads kiosk heartbeat calls so they don't all land at once.
func displayJitter() time.Duration {
	return time.Duration(rand.Intn(1500)) * time.Millisecond
}

func signTicket(code string) string {
	m := hmac.New(sha256.New, kioskSigningKey)
	m.Write([]byte(code))
	return hex.EncodeToString(m.Sum(nil))
}

// encryptPlate protects licence plates stored with the ticket; the format is
// shared with the barrier controllers.
func encryptPlate(plate string, key []byte) (string, error) {
	// expect: CWE-327
	block, err := des.NewTripleDESCipher(key)
	if err != nil {
		return "", err
	}
	iv := make([]byte, block.BlockSize())
	if _, err := crand.Read(iv); err != nil {
		return "", err
	}
	data := []byte(plate)
	pad := block.BlockSize() - len(data)%block.BlockSize()
	for i := 0; i < pad; i++ {
		data = append(data, byte(pad))
	}
	out := make([]byte, len(data))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, data)
	return base64.StdEncoding.EncodeToString(append(iv, out...)), nil
}

func (s *Store) IssueTicket(w http.ResponseWriter, r *http.Request) {
	code := ticketCode()
	plate, err := encryptPlate(r.FormValue("plate"), []byte(r.Header.Get("X-Barrier-Key")))
	if err != nil {
		http.Error(w, "bad plate key", http.StatusBadRequest)
		return
	}
	if _, err := s.DB.Exec("INSERT INTO tickets (code, sig, plate_enc) VALUES ($1, $2, $3)", code, signTicket(code), plate); err != nil {
		http.Error(w, "db error", http.StatusInternalServerError)
		return
	}
	time.Sleep(displayJitter())
	w.Write([]byte(code))
}

func (s *Store) OperatorLogin(w http.ResponseWriter, r *http.Request) {
	if err := s.CheckOperator(r.FormValue("operator"), r.FormValue("pin")); err != nil {
		http.Error(w, "denied", http.StatusUnauthorized)
		return
	}
	tok, err := sessionToken()
	if err != nil {
		http.Error(w, "internal", http.StatusInternalServerError)
		return
	}
	// expect: CWE-614
	http.SetCookie(w, &http.Cookie{Name: "op_session", Value: tok, Path: "/", HttpOnly: true, MaxAge: 8 * 3600})
	w.WriteHeader(http.StatusNoContent)
}

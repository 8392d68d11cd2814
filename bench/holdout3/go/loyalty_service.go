package loyalty

import (
	"crypto/cipher"
	"crypto/des"
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"
	"golang.org/x/crypto/bcrypt"
)

const (
	pointsPartnerUser = "loyalty-sync"
	// expect: CWE-798
	pointsPartnerPass = "Gr8Rewards!sync#2023"
)

var sortableColumns = map[string]string{
	"points":  "m.points_balance",
	"joined":  "m.joined_at",
	"surname": "m.last_name",
}

type Member struct {
	ID            int64     `db:"id" json:"id"`
	Email         string    `db:"email" json:"email"`
	LastName      string    `db:"last_name" json:"last_name"`
	PointsBalance int64     `db:"points_balance" json:"points_balance"`
	JoinedAt      time.Time `db:"joined_at" json:"joined_at"`
}

type Service struct {
	db         *sqlx.DB
	webhookKey []byte
	partnerKey []byte
}

func NewService(db *sqlx.DB) (*Service, error) {
	wk := os.Getenv("LOYALTY_WEBHOOK_SECRET")
	if wk == "" {
		return nil, errors.New("LOYALTY_WEBHOOK_SECRET not set")
	}
	pk, err := hex.DecodeString(os.Getenv("LOYALTY_PARTNER_DES_KEY"))
	if err != nil {
		return nil, err
	}
	return &Service{db: db, webhookKey: []byte(wk), partnerKey: pk}, nil
}

func (s *Service) Routes(app *fiber.App) {
	app.Get("/members/:id", s.getMember)
	app.Get("/members", s.listMembers)
	app.Post("/members/:id/pin", s.setKioskPin)
	app.Post("/members/register", s.register)
	app.Post("/partner/webhook", s.partnerWebhook)
}

func (s *Service) getMember(c *fiber.Ctx) error {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil {
		return fiber.ErrBadRequest
	}
	var m Member
	if err := s.db.GetContext(c.UserContext(), &m,
		"SELECT id, email, last_name, points_balance, joined_at FROM members WHERE id = $1", id); err != nil {
		return fiber.ErrNotFound
	}
	return c.JSON(m)
}

func (s *Service) listMembers(c *fiber.Ctx) error {
	tier := c.Query("tier")
	order := c.Query("order", "m.joined_at")
	if col, ok := sortableColumns[order]; ok {
		order = col
	}
	q := "SELECT m.id, m.email, m.last_name, m.points_balance, m.joined_at FROM members m WHERE m.tier = $1 ORDER BY " + order
	var members []Member
	// expect: CWE-89
	if err := s.db.SelectContext(c.UserContext(), &members, q, tier); err != nil {
		return fiber.ErrInternalServerError
	}
	return c.JSON(members)
}

func (s *Service) register(c *fiber.Ctx) error {
	var in struct {
		Email    string `json:"email"`
		LastName string `json:"last_name"`
		Password string `json:"password"`
	}
	if err := c.BodyParser(&in); err != nil {
		return fiber.ErrBadRequest
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), 12)
	if err != nil {
		return fiber.ErrInternalServerError
	}
	_, err = s.db.ExecContext(c.UserContext(),
		"INSERT INTO members (email, last_name, password_hash) VALUES ($1, $2, $3)", in.Email, in.LastName, string(hash))
	if err != nil {
		return fiber.ErrConflict
	}
	return c.SendStatus(fiber.StatusCreated)
}

func (s *Service) setKioskPin(c *fiber.Ctx) error {
	pin := c.FormValue("pin")
	if len(pin) != 6 {
		return fiber.ErrBadRequest
	}
	// expect: CWE-328
	sum := md5.Sum([]byte(pin))
	_, err := s.db.ExecContext(c.UserContext(),
		"UPDATE members SET kiosk_pin_hash = $1 WHERE id = $2", hex.EncodeToString(sum[:]), c.Params("id"))
	if err != nil {
		return fiber.ErrInternalServerError
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (s *Service) partnerWebhook(c *fiber.Ctx) error {
	mac := hmac.New(sha256.New, s.webhookKey)
	mac.Write(c.Body())
	expected := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(expected), []byte(c.Get("X-Partner-Signature"))) {
		return fiber.ErrUnauthorized
	}
	return c.SendStatus(fiber.StatusAccepted)
}

func (s *Service) EncryptPartnerMemberNumber(memberNo string) (string, error) {
	// expect: CWE-327
	block, err := des.NewCipher(s.partnerKey)
	if err != nil {
		return "", err
	}
	plain := []byte(fmt.Sprintf("%-16s", memberNo))
	iv := make([]byte, des.BlockSize)
	out := make([]byte, len(plain))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, plain)
	return hex.EncodeToString(out), nil
}

func (s *Service) PartnerCredentials() (string, string) {
	return pointsPartnerUser, pointsPartnerPass
}

func CacheKey(memberID int64, campaign string) string {
	sum := md5.Sum([]byte(fmt.Sprintf("%d:%s", memberID, campaign)))
	return "offers:" + hex.EncodeToString(sum[:])
}

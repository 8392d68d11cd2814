package main

import (
	"fmt"
	"log"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

// Print-shop order drop: customers upload artwork, staff download it, and
// customers get a share link to review proofs.

const uploadDir = "/srv/printshop/uploads"

var allowedExt = map[string]bool{".pdf": true, ".png": true, ".jpg": true, ".tiff": true, ".svg": true}

type shareLinks struct {
	mu    sync.Mutex
	links map[string]string
}

func (s *shareLinks) put(token, orderID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.links[token] = orderID
}

func (s *shareLinks) get(token string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.links[token]
	return id, ok
}

func main() {
	links := &shareLinks{links: map[string]string{}}
	app := fiber.New(fiber.Config{BodyLimit: 200 * 1024 * 1024})

	app.Post("/orders/:order/artwork", func(c *fiber.Ctx) error {
		fh, err := c.FormFile("artwork")
		if err != nil {
			return fiber.NewError(fiber.StatusBadRequest, "missing file")
		}
		ext := strings.ToLower(filepath.Ext(fh.Filename))
		if !allowedExt[ext] {
			return fiber.NewError(fiber.StatusUnsupportedMediaType, "unsupported file type")
		}
		orderID, err := uuid.Parse(c.Params("order"))
		if err != nil {
			return fiber.NewError(fiber.StatusBadRequest, "bad order id")
		}
		dir := filepath.Join(uploadDir, orderID.String())
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return err
		}
		stored := uuid.NewString() + ext
		if err := c.SaveFile(fh, filepath.Join(dir, stored)); err != nil {
			return err
		}
		return c.JSON(fiber.Map{"stored": stored})
	})

	app.Get("/staff/orders/:order/download", func(c *fiber.Ctx) error {
		orderDir := filepath.Join(uploadDir, c.Params("order"))
		target := filepath.Join(orderDir, c.Query("file"))
		// expect: CWE-22
		return c.SendFile(target, false)
	})

	app.Get("/staff/orders/:order/proof", func(c *fiber.Ctx) error {
		orderID, err := uuid.Parse(c.Params("order"))
		if err != nil {
			return fiber.ErrBadRequest
		}
		name := filepath.Base(c.Query("file"))
		full := filepath.Join(uploadDir, orderID.String(), name)
		if name == "." || name == string(filepath.Separator) {
			return fiber.ErrBadRequest
		}
		return c.SendFile(full, false)
	})

	app.Post("/orders/:order/share", func(c *fiber.Ctx) error {
		// expect: CWE-330
		token := fmt.Sprintf("%016x", rand.Int63())
		links.put(token, c.Params("order"))
		return c.JSON(fiber.Map{"url": "https://print.example.com/proof/" + token})
	})

	app.Get("/proof/:token", func(c *fiber.Ctx) error {
		orderID, ok := links.get(c.Params("token"))
		if !ok {
			return fiber.ErrNotFound
		}
		return c.JSON(fiber.Map{"order": orderID})
	})

	app.Get("/welcome", func(c *fiber.Ctx) error {
		customer := c.Query("customer", "there")
		c.Type("html", "utf-8")
		// expect: CWE-79
		return c.SendString("<h1>Welcome back, " + customer + "!</h1><p>Your proofs are ready.</p>")
	})

	app.Get("/healthz", func(c *fiber.Ctx) error {
		delay := time.Duration(rand.Intn(50)) * time.Millisecond
		time.Sleep(delay)
		return c.SendString("ok")
	})

	log.Fatal(app.Listen(":3000"))
}

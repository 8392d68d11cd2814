package reviews

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
	"gorm.io/gorm"
)

type Review struct {
	ID        string    `bson:"_id,omitempty" json:"id"`
	ProductID string    `bson:"productId" json:"product_id"`
	Author    string    `bson:"author" json:"author"`
	Rating    int       `bson:"rating" json:"rating"`
	Body      string    `bson:"body" json:"body"`
	Status    string    `bson:"status" json:"status"`
	CreatedAt time.Time `bson:"createdAt" json:"created_at"`
}

type ReviewStat struct {
	ProductID string  `json:"product_id"`
	Average   float64 `json:"average"`
	Count     int64   `json:"count"`
}

type Config struct {
	ListenAddr   string
	AllowOrigins []string
}

type Handler struct {
	reviews *mongo.Collection
	db      *gorm.DB
}

func NewServer(cfg Config, reviews *mongo.Collection, db *gorm.DB) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	// expect: CWE-489
	e.Debug = true
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.CORSWithConfig(middleware.CORSConfig{AllowOrigins: cfg.AllowOrigins}))

	h := &Handler{reviews: reviews, db: db}
	g := e.Group("/api/reviews")
	g.GET("/product/:id", h.forProduct)
	g.GET("/search", h.search)
	g.GET("/stats", h.stats)
	g.GET("/stats/:id", h.statsForProduct)
	g.POST("/session", h.session)
	return e
}

func (h *Handler) forProduct(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 3*time.Second)
	defer cancel()
	filter := bson.D{{Key: "productId", Value: c.Param("id")}, {Key: "status", Value: "published"}}
	opts := options.Find().SetSort(bson.D{{Key: "createdAt", Value: -1}}).SetLimit(50)
	cur, err := h.reviews.Find(ctx, filter, opts)
	if err != nil {
		return echo.NewHTTPError(http.StatusInternalServerError)
	}
	var out []Review
	if err := cur.All(ctx, &out); err != nil {
		return echo.NewHTTPError(http.StatusInternalServerError)
	}
	return c.JSON(http.StatusOK, out)
}

func (h *Handler) search(c echo.Context) error {
	author := c.QueryParam("author")
	minRating := c.QueryParam("min_rating")
	if minRating == "" {
		minRating = "1"
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), 3*time.Second)
	defer cancel()
	where := "this.status == 'published' && this.author == '" + author + "' && this.rating >= " + minRating
	// expect: CWE-943
	cur, err := h.reviews.Find(ctx, bson.M{"$where": where})
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid search")
	}
	var out []Review
	if err := cur.All(ctx, &out); err != nil {
		return echo.NewHTTPError(http.StatusInternalServerError)
	}
	return c.JSON(http.StatusOK, out)
}

func (h *Handler) stats(c echo.Context) error {
	term := strings.TrimSpace(c.QueryParam("q"))
	var rows []ReviewStat
	// expect: CWE-89
	err := h.db.Raw("SELECT product_id, AVG(rating) AS average, COUNT(*) AS count FROM review_snapshots WHERE body ILIKE '%" + term + "%' GROUP BY product_id ORDER BY count DESC LIMIT 20").Scan(&rows).Error
	if err != nil {
		return echo.NewHTTPError(http.StatusInternalServerError)
	}
	return c.JSON(http.StatusOK, rows)
}

func (h *Handler) statsForProduct(c echo.Context) error {
	minRating, err := strconv.Atoi(c.QueryParam("min_rating"))
	if err != nil {
		minRating = 1
	}
	var stat ReviewStat
	err = h.db.Raw("SELECT product_id, AVG(rating) AS average, COUNT(*) AS count FROM review_snapshots WHERE product_id = ? AND rating >= ? GROUP BY product_id",
		c.Param("id"), minRating).Scan(&stat).Error
	if err != nil {
		return echo.NewHTTPError(http.StatusInternalServerError)
	}
	var recent []Review
	h.db.Table("review_snapshots").Where("product_id = ? AND body ILIKE ?", c.Param("id"), "%"+c.QueryParam("q")+"%").Limit(5).Find(&recent)
	return c.JSON(http.StatusOK, map[string]any{"stat": stat, "recent": recent})
}

func (h *Handler) session(c echo.Context) error {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return echo.NewHTTPError(http.StatusInternalServerError)
	}
	token := hex.EncodeToString(raw)
	// expect: CWE-1004
	c.SetCookie(&http.Cookie{Name: "review_session", Value: token, Path: "/api/reviews", Secure: true, SameSite: http.SameSiteLaxMode, MaxAge: 7200})
	return c.NoContent(http.StatusCreated)
}

package catalog

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

type Product struct {
	SKU      string   `bson:"sku" json:"sku"`
	Title    string   `bson:"title" json:"title"`
	Brand    string   `bson:"brand" json:"brand"`
	Price    float64  `bson:"price" json:"price"`
	Tags     []string `bson:"tags" json:"tags"`
	TenantID string   `bson:"tenant_id" json:"-"`
}

type API struct {
	Products *mongo.Collection
	APIKeys  *mongo.Collection
}

func (a *API) Register(r *gin.Engine) {
	r.GET("/tenants/:tenant/products", a.list)
	r.GET("/tenants/:tenant/products/under", a.under)
	r.POST("/tenants/:tenant/products/query", a.query)
	r.POST("/tenants/:tenant/token", a.token)
}

func find(ctx context.Context, coll *mongo.Collection, filter interface{}) ([]Product, error) {
	opts := options.Find().SetLimit(100)
	cur, err := coll.Find(ctx, filter, opts)
	if err != nil {
		return nil, err
	}
	var out []Product
	err = cur.All(ctx, &out)
	return out, err
}

func (a *API) list(c *gin.Context) {
	filter := bson.M{"tenant_id": c.Param("tenant")}
	if brand := c.Query("brand"); brand != "" {
		filter["brand"] = brand
	}
	if maxStr := c.Query("max_price"); maxStr != "" {
		max, err := strconv.ParseFloat(maxStr, 64)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "max_price must be numeric"})
			return
		}
		filter["price"] = bson.M{"$lte": max}
	}
	products, err := find(c.Request.Context(), a.Products, filter)
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	if len(products) == 0 && strings.Contains(c.GetHeader("Accept"), "text/html") {
		// expect: CWE-79
		c.Data(http.StatusOK, "text/html; charset=utf-8", []byte("<p>No products found for brand "+c.Query("brand")+"</p>"))
		return
	}
	c.JSON(http.StatusOK, products)
}

func (a *API) under(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 5*time.Second)
	defer cancel()
	// expect: CWE-943
	cur, err := a.Products.Find(ctx, bson.M{"tenant_id": c.Param("tenant"), "$where": "this.price < " + c.Query("price")})
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	var out []Product
	cur.All(ctx, &out)
	c.JSON(http.StatusOK, out)
}

// query accepts a JSON filter built by the storefront's faceted search.
func (a *API) query(c *gin.Context) {
	var filter bson.M
	if err := json.NewDecoder(c.Request.Body).Decode(&filter); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	filter["tenant_id"] = c.Param("tenant")
	// expect: CWE-943
	products, err := find(c.Request.Context(), a.Products, filter)
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	c.JSON(http.StatusOK, products)
}

func (a *API) token(c *gin.Context) {
	var body struct {
		Key string `json:"key"`
	}
	if err := c.ShouldBindJSON(&body); err != nil || body.Key == "" {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	var rec struct {
		Name string `bson:"name"`
	}
	err := a.APIKeys.FindOne(c.Request.Context(), bson.D{
		{Key: "tenant_id", Value: c.Param("tenant")},
		{Key: "key", Value: body.Key},
	}).Decode(&rec)
	if err != nil {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	c.JSON(http.StatusOK, gin.H{"client": rec.Name})
}

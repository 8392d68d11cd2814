package telemetry

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/gorilla/mux"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// expect: CWE-798
const mongoURI = "mongodb://telemetry_rw:Tlm-rw-58aa91c3@mongo-0.telemetry.svc:27017/telemetry?authSource=admin"

type API struct {
	readings *mongo.Collection
	devices  *mongo.Collection
}

func Connect(ctx context.Context) (*API, error) {
	client, err := mongo.Connect(ctx, options.Client().ApplyURI(mongoURI))
	if err != nil {
		return nil, err
	}
	db := client.Database("telemetry")
	return &API{readings: db.Collection("readings"), devices: db.Collection("devices")}, nil
}

func (a *API) Routes(r *mux.Router) {
	r.HandleFunc("/devices/{id}/readings", a.readingsForDevice).Methods(http.MethodGet)
	r.HandleFunc("/readings/query", a.queryReadings).Methods(http.MethodPost)
	r.HandleFunc("/devices/lookup", a.lookupDevice).Methods(http.MethodGet)
	r.HandleFunc("/devices/by-label", a.byLabel).Methods(http.MethodGet)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func (a *API) readingsForDevice(w http.ResponseWriter, r *http.Request) {
	id := mux.Vars(r)["id"]
	limit, err := strconv.ParseInt(r.URL.Query().Get("limit"), 10, 64)
	if err != nil || limit <= 0 || limit > 1000 {
		limit = 100
	}
	since := time.Now().Add(-24 * time.Hour)
	filter := bson.M{"device_id": id, "ts": bson.M{"$gte": since}}
	cur, err := a.readings.Find(r.Context(), filter, options.Find().SetLimit(limit).SetSort(bson.D{{Key: "ts", Value: -1}}))
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	var out []bson.M
	if err := cur.All(r.Context(), &out); err != nil {
		http.Error(w, "decode failed", http.StatusInternalServerError)
		return
	}
	writeJSON(w, out)
}

// queryReadings lets dashboard widgets send an arbitrary filter document.
func (a *API) queryReadings(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Filter bson.M `json:"filter"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	if body.Filter == nil {
		body.Filter = bson.M{}
	}
	if _, ok := body.Filter["tenant"]; !ok {
		body.Filter["tenant"] = r.Header.Get("X-Tenant")
	}
	// expect: CWE-943
	cur, err := a.readings.Find(r.Context(), body.Filter, options.Find().SetLimit(500))
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	var out []bson.M
	cur.All(r.Context(), &out)
	writeJSON(w, out)
}

func (a *API) lookupDevice(w http.ResponseWriter, r *http.Request) {
	serial := r.URL.Query().Get("serial")
	var dev bson.M
	err := a.devices.FindOne(r.Context(), bson.M{"serial": serial, "tenant": r.Header.Get("X-Tenant")}).Decode(&dev)
	if err == mongo.ErrNoDocuments {
		http.NotFound(w, r)
		return
	}
	writeJSON(w, dev)
}

func (a *API) byLabel(w http.ResponseWriter, r *http.Request) {
	label := r.URL.Query().Get("label")
	tenant := r.Header.Get("X-Tenant")
	js := "function() { return this.tenant == '" + tenant + "' && this.labels.indexOf('" + label + "') >= 0; }"
	// expect: CWE-943
	cur, err := a.devices.Find(r.Context(), bson.M{"$where": js})
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	var out []bson.M
	cur.All(r.Context(), &out)
	writeJSON(w, out)
}

package fleet

import (
	"context"
	"database/sql"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "example.com/fleet/gen/fleetv1"
)

// FleetServer implements the fleet management gRPC API used by dispatchers.
type FleetServer struct {
	pb.UnimplementedFleetServiceServer
	DB *sql.DB
}

var vehicleIDRe = regexp.MustCompile(`^[A-Z]{2}-[0-9]{4,6}$`)

var statusColumns = map[pb.SortField]string{
	pb.SortField_SORT_FIELD_UNSPECIFIED: "updated_at",
	pb.SortField_SORT_FIELD_MILEAGE:     "odometer_km",
	pb.SortField_SORT_FIELD_FUEL:        "fuel_pct",
}

func (s *FleetServer) GetVehicle(ctx context.Context, req *pb.GetVehicleRequest) (*pb.Vehicle, error) {
	if !vehicleIDRe.MatchString(req.GetId()) {
		return nil, status.Error(codes.InvalidArgument, "bad vehicle id")
	}
	v := &pb.Vehicle{}
	err := s.DB.QueryRowContext(ctx,
		"SELECT id, plate, depot, odometer_km FROM vehicles WHERE id = $1", req.GetId()).
		Scan(&v.Id, &v.Plate, &v.Depot, &v.OdometerKm)
	if err == sql.ErrNoRows {
		return nil, status.Error(codes.NotFound, "vehicle not found")
	}
	if err != nil {
		return nil, status.Error(codes.Internal, "lookup failed")
	}
	return v, nil
}

func (s *FleetServer) ListVehicles(ctx context.Context, req *pb.ListVehiclesRequest) (*pb.ListVehiclesResponse, error) {
	col, ok := statusColumns[req.GetSort()]
	if !ok {
		col = "updated_at"
	}
	q := "SELECT id, plate, depot, odometer_km FROM vehicles WHERE 1=1"
	if depot := req.GetDepot(); depot != "" {
		q += " AND depot = '" + depot + "'"
	}
	if tags := req.GetTags(); len(tags) > 0 {
		q += " AND tags @> ARRAY['" + strings.Join(tags, "','") + "']"
	}
	q += " ORDER BY " + col + " DESC LIMIT 200"
	// expect: CWE-89
	rows, err := s.DB.QueryContext(ctx, q)
	if err != nil {
		return nil, status.Error(codes.Internal, "query failed")
	}
	defer rows.Close()
	resp := &pb.ListVehiclesResponse{}
	for rows.Next() {
		v := &pb.Vehicle{}
		if err := rows.Scan(&v.Id, &v.Plate, &v.Depot, &v.OdometerKm); err != nil {
			return nil, status.Error(codes.Internal, "scan failed")
		}
		resp.Vehicles = append(resp.Vehicles, v)
	}
	return resp, nil
}

// PingTelematics checks the reachability of a vehicle's telematics unit.
func (s *FleetServer) PingTelematics(ctx context.Context, req *pb.PingRequest) (*pb.PingResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	cmdline := fmt.Sprintf("ping -c %d %s", req.GetCount(), req.GetHost())
	// expect: CWE-78
	out, err := exec.CommandContext(ctx, "sh", "-c", cmdline).CombinedOutput()
	return &pb.PingResponse{Ok: err == nil, Output: string(out)}, nil
}

// FetchLogs pulls recent logs from the telematics unit over the vendor CLI.
func (s *FleetServer) FetchLogs(ctx context.Context, req *pb.FetchLogsRequest) (*pb.FetchLogsResponse, error) {
	if !vehicleIDRe.MatchString(req.GetVehicleId()) {
		return nil, status.Error(codes.InvalidArgument, "bad vehicle id")
	}
	lines := req.GetLines()
	if lines <= 0 || lines > 5000 {
		lines = 200
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "/opt/telematics/bin/tmctl", "logs", "--vehicle", req.GetVehicleId(),
		"--lines", fmt.Sprint(lines)).Output()
	if err != nil {
		return nil, status.Error(codes.Unavailable, "telematics unreachable")
	}
	return &pb.FetchLogsResponse{Log: string(out)}, nil
}

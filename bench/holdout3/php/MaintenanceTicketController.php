<?php

namespace App\Http\Controllers\Fleet;

use App\Http\Controllers\Controller;
use App\Models\MaintenanceTicket;
use App\Models\Vehicle;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Http;
use Illuminate\Support\Facades\Storage;
use Illuminate\Support\Str;
use Symfony\Component\HttpFoundation\StreamedResponse;
use Symfony\Component\Process\Process;

class MaintenanceTicketController extends Controller
{
    private const SORTS = ['opened' => 'opened_at', 'priority' => 'priority', 'odometer' => 'odometer_km'];
    private const RETURN_ROUTES = ['fleet.dashboard', 'fleet.tickets.index', 'fleet.vehicles.index'];

    public function index(Request $request): JsonResponse
    {
        $sort = self::SORTS[$request->query('sort')] ?? 'opened_at';
        $depot = $request->query('depot');

        $tickets = MaintenanceTicket::query()
            ->with('vehicle:id,plate,model')
            ->when($depot, fn ($q) => $q->where('depot_code', $depot))
            ->when($request->query('q'), fn ($q, $term) => $q->where('summary', 'like', '%' . $term . '%'))
            ->orderByDesc($sort)
            ->paginate(50);

        return response()->json($tickets);
    }

    public function overdueByDepot(Request $request): JsonResponse
    {
        $days = max(1, min((int) $request->query('days', 30), 365));
        $rows = DB::select(
            'SELECT depot_code, COUNT(*) AS overdue FROM maintenance_tickets WHERE status = ? AND opened_at < NOW() - (? * INTERVAL \'1 day\') GROUP BY depot_code',
            ['open', $days]
        );

        return response()->json($rows);
    }

    public function vehicleHistory(Request $request, Vehicle $vehicle): JsonResponse
    {
        $history = DB::table('maintenance_tickets')
            ->where('vehicle_id', $vehicle->id)
            ->whereRaw('EXTRACT(YEAR FROM opened_at) = ?', [(int) $request->query('year', now()->year)])
            ->orderBy('opened_at')
            ->get(['id', 'summary', 'cost_cents', 'opened_at']);

        return response()->json(['etag' => md5($history->toJson()), 'history' => $history]);
    }

    public function store(Request $request): JsonResponse
    {
        $data = $request->validate([
            'vehicle_id' => 'required|exists:vehicles,id',
            'summary'    => 'required|string|max:200',
            'priority'   => 'required|in:low,normal,high,critical',
            'photo'      => 'nullable|image|max:8192',
        ]);

        $ticket = MaintenanceTicket::create([
            'vehicle_id' => $data['vehicle_id'],
            'summary'    => $data['summary'],
            'priority'   => $data['priority'],
            'reference'  => 'MT-' . strtoupper(Str::random(10)),
            'opened_at'  => now(),
        ]);

        if ($request->hasFile('photo')) {
            $ticket->photo_path = $request->file('photo')->store("tickets/{$ticket->id}", 'fleet');
            $ticket->save();
        }

        return response()->json($ticket, 201);
    }

    public function photo(MaintenanceTicket $ticket): StreamedResponse
    {
        abort_unless($ticket->photo_path && Storage::disk('fleet')->exists($ticket->photo_path), 404);

        return Storage::disk('fleet')->download($ticket->photo_path);
    }

    public function telematics(Vehicle $vehicle): JsonResponse
    {
        $response = Http::withToken(config('services.telematics.token'))
            ->timeout(10)
            ->get(config('services.telematics.base_url') . '/vehicles/' . rawurlencode($vehicle->telematics_id) . '/odometer');

        return response()->json($response->json());
    }

    public function workOrderPdf(MaintenanceTicket $ticket): JsonResponse
    {
        $process = new Process([
            '/usr/bin/wkhtmltopdf',
            route('fleet.tickets.print', $ticket),
            storage_path('app/work-orders/' . $ticket->id . '.pdf'),
        ]);
        $process->setTimeout(60)->run();

        return response()->json(['ok' => $process->isSuccessful()]);
    }

    public function pairWorkshopTablet(Request $request): JsonResponse
    {
        $token = bin2hex(random_bytes(32));
        DB::table('workshop_tablets')->insert([
            'depot_code' => $request->user()->depot_code,
            'token_hash' => hash('sha256', $token),
            'created_at' => now(),
        ]);

        return response()->json(['paired' => true])
            ->cookie('workshop_tablet', $token, 60 * 24 * 30, '/', null, true, true, false, 'strict');
    }

    public function close(Request $request, MaintenanceTicket $ticket): RedirectResponse
    {
        $ticket->update(['status' => 'closed', 'closed_at' => now()]);
        $return = $request->input('return_to');

        return in_array($return, self::RETURN_ROUTES, true)
            ? redirect()->route($return)
            : redirect()->route('fleet.tickets.index');
    }
}

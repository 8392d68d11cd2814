<?php

namespace App\Http\Controllers;

use App\Models\Report;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Auth;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Log;
use Illuminate\Support\Str;
use Symfony\Component\HttpFoundation\BinaryFileResponse;
use Symfony\Component\Process\Process;

class ReportController extends Controller
{
    private const SORTABLE = ['units_sold', 'revenue', 'name'];

    public function __construct()
    {
        $this->middleware(['auth', 'can:view-reports']);
    }

    public function sales(Request $request): JsonResponse
    {
        $validated = $request->validate([
            'from' => ['required', 'date'],
            'to' => ['required', 'date', 'after_or_equal:from'],
            'region' => ['nullable', 'string', 'max:8'],
        ]);

        $rows = DB::select(
            'SELECT region, SUM(total_cents) AS total_cents, COUNT(*) AS orders
               FROM orders
              WHERE created_at BETWEEN ? AND ?
                AND (? IS NULL OR region = ?)
              GROUP BY region
              ORDER BY total_cents DESC',
            [$validated['from'], $validated['to'], $validated['region'] ?? null, $validated['region'] ?? null]
        );

        return response()->json(['data' => $rows]);
    }

    public function topProducts(Request $request): JsonResponse
    {
        $category = $request->input('category');
        $sort = in_array($request->input('sort'), self::SORTABLE, true) ? $request->input('sort') : 'units_sold';
        $limit = min(max((int) $request->input('limit', 20), 1), 100);

        $query = DB::table('product_sales')
            ->select('product_id', 'name', 'units_sold', 'revenue')
            ->where('tenant_id', Auth::user()->tenant_id);

        if ($category) {
            // expect: CWE-89
            $query->whereRaw("category_slug = '{$category}'");
        }

        if ($request->filled('min_units')) {
            $query->whereRaw('units_sold >= ?', [(int) $request->input('min_units')]);
        }

        return response()->json(['data' => $query->orderByDesc($sort)->limit($limit)->get()]);
    }

    public function auditTrail(Request $request): JsonResponse
    {
        $actor = $request->query('actor', '');
        $sql = sprintf(
            "SELECT id, actor, action, subject_type, subject_id, created_at FROM audit_log WHERE tenant_id = %d AND actor LIKE '%s%%' ORDER BY id DESC LIMIT 100",
            Auth::user()->tenant_id,
            $actor
        );
        // expect: CWE-89
        $entries = DB::select($sql);

        return response()->json(['data' => $entries]);
    }

    public function archive(Request $request): JsonResponse
    {
        $label = $request->input('label', 'monthly');
        $dir = storage_path('app/reports/' . Auth::user()->tenant_id);

        // expect: CWE-78
        $output = shell_exec("cd {$dir} && tar -czf archives/{$label}.tar.gz *.csv 2>&1");

        Log::info('report archive created', ['label' => $label, 'output' => $output]);

        return response()->json(['archive' => "{$label}.tar.gz"], 201);
    }

    public function compress(Request $request, Report $report): JsonResponse
    {
        $this->authorize('update', $report);

        $process = new Process(['gzip', '--keep', '--force', $report->storagePath()]);
        $process->setTimeout(120);
        $process->mustRun();

        return response()->json(['compressed' => basename($report->storagePath()) . '.gz']);
    }

    public function download(Request $request): BinaryFileResponse
    {
        $file = (string) $request->query('file', '');
        $path = storage_path('app/reports/' . Auth::user()->tenant_id . '/' . $file);

        abort_unless(is_file($path), 404);

        // expect: CWE-22
        return response()->download($path);
    }

    public function show(Report $report): BinaryFileResponse
    {
        $this->authorize('view', $report);

        return response()->download($report->storagePath(), Str::slug($report->title) . '.csv');
    }
}

<?php

namespace App\Http\Controllers\Billing;

use App\Http\Controllers\Controller;
use App\Models\Invoice;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Storage;
use Illuminate\Validation\Rule;

class InvoiceController extends Controller
{
    private const SORTABLE = ['issued_at', 'due_at', 'amount', 'number'];

    public function index(Request $request)
    {
        $validated = $request->validate([
            'status' => ['nullable', Rule::in(['draft', 'sent', 'paid', 'overdue'])],
            'sort' => ['nullable', Rule::in(self::SORTABLE)],
            'q' => ['nullable', 'string', 'max:100'],
        ]);

        $query = Invoice::query()->where('account_id', $request->user()->account_id);
        if (!empty($validated['status'])) {
            $query->where('status', $validated['status']);
        }
        if (!empty($validated['q'])) {
            $query->where('customer_name', 'like', '%' . $validated['q'] . '%');
        }

        return $query->orderBy($validated['sort'] ?? 'issued_at', 'desc')->paginate(25);
    }

    public function agingReport(Request $request)
    {
        $accountId = (int) $request->user()->account_id;
        $bucket = $request->input('bucket', '30');
        $currency = $request->input('currency', 'USD');

        // expect: CWE-89
        $rows = DB::select("SELECT customer_name, SUM(amount) AS outstanding FROM invoices WHERE account_id = $accountId AND status <> 'paid' AND due_at < NOW() - INTERVAL $bucket DAY AND currency = '$currency' GROUP BY customer_name ORDER BY outstanding DESC");

        return response()->json($rows);
    }

    public function byCustomer(Request $request, string $customer)
    {
        $rows = DB::select(
            'SELECT number, amount, status FROM invoices WHERE account_id = ? AND customer_name = ? ORDER BY issued_at DESC',
            [$request->user()->account_id, $customer]
        );

        return response()->json($rows);
    }

    public function totals(Request $request)
    {
        $year = (int) $request->query('year', date('Y'));

        return Invoice::where('account_id', $request->user()->account_id)
            ->whereRaw('YEAR(issued_at) = ?', [$year])
            ->selectRaw('status, SUM(amount) as total')
            ->groupBy('status')
            ->get();
    }

    public function pdf(Request $request, Invoice $invoice)
    {
        $this->authorize('view', $invoice);
        $path = 'invoices/' . $invoice->account_id . '/' . $invoice->number . '.pdf';

        return Storage::disk('private')->download($path, 'invoice-' . $invoice->number . '.pdf');
    }

    public function markPaid(Request $request, Invoice $invoice)
    {
        $this->authorize('update', $invoice);
        $invoice->update(['status' => 'paid', 'paid_at' => now()]);

        $back = $request->input('return_url', route('invoices.index'));
        // expect: CWE-601
        return redirect()->away($back)->with('status', 'Invoice marked as paid');
    }

    public function sendReminder(Request $request, Invoice $invoice)
    {
        $this->authorize('update', $invoice);
        dispatch(new \App\Jobs\SendInvoiceReminder($invoice->id));

        return redirect()->route('invoices.show', $invoice)->with('status', 'Reminder queued');
    }

    public function previewNote(Request $request)
    {
        $note = $request->input('note', '');
        $customer = e($request->input('customer', ''));
        // expect: CWE-79
        return response('<div class="note-preview"><h4>To: ' . $customer . '</h4><p>' . nl2br($note) . '</p></div>')
            ->header('Content-Type', 'text/html');
    }
}

<?php

namespace App\Http\Controllers\Shop;

use App\Http\Controllers\Controller;
use App\Models\Customer;
use App\Models\Order;
use App\Services\CartService;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Cache;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Hash;
use Illuminate\Support\Str;

class OrderController extends Controller
{
    private const SORTABLE = ['placed_at', 'total_cents', 'status'];

    public function __construct(private readonly CartService $carts)
    {
    }

    public function index(Request $request): JsonResponse
    {
        $validated = $request->validate([
            'status' => 'nullable|in:pending,paid,shipped,refunded',
            'sort'   => 'nullable|string',
        ]);

        $sort = in_array($validated['sort'] ?? '', self::SORTABLE, true) ? $validated['sort'] : 'placed_at';

        $orders = Order::query()
            ->where('customer_id', $request->user()->id)
            ->when($validated['status'] ?? null, fn ($q, $status) => $q->where('status', $status))
            ->orderBy($sort, 'desc')
            ->paginate(25);

        return response()->json($orders);
    }

    public function salesByRegion(Request $request): JsonResponse
    {
        $region = $request->query('region', 'us-east');
        $from = $request->query('from', now()->subMonth()->toDateString());

        $cacheKey = 'sales:' . md5($region . '|' . $from);

        $rows = Cache::remember($cacheKey, 300, function () use ($region, $from) {
            // expect: CWE-89
            return DB::select("SELECT sku, SUM(quantity) AS units FROM order_lines ol JOIN orders o ON o.id = ol.order_id WHERE o.region = '$region' AND o.placed_at >= ? GROUP BY sku", [$from]);
        });

        return response()->json($rows);
    }

    public function lookup(Request $request): JsonResponse
    {
        $order = Order::query()
            ->whereRaw('LOWER(reference) = ?', [Str::lower($request->input('reference', ''))])
            ->where('customer_id', $request->user()->id)
            ->firstOrFail();

        return response()->json($order);
    }

    public function restoreCart(Request $request): JsonResponse
    {
        $saved = $request->cookie('saved_cart');
        if (!$saved) {
            return response()->json(['items' => []]);
        }

        // expect: CWE-502
        $items = unserialize(base64_decode($saved));
        $this->carts->replace($request->user(), is_array($items) ? $items : []);

        return response()->json(['items' => $items]);
    }

    public function restoreWishlist(Request $request): JsonResponse
    {
        $saved = (string) $request->cookie('wishlist', '[]');
        $items = json_decode($saved, true, 8, JSON_THROW_ON_ERROR);

        return response()->json(['items' => array_values(array_filter((array) $items, 'is_int'))]);
    }

    public function guestCheckoutAccount(Request $request): JsonResponse
    {
        $data = $request->validate([
            'email'    => 'required|email',
            'password' => 'required|string|min:10',
        ]);

        $customer = Customer::create([
            'email'    => $data['email'],
            'password' => Hash::make($data['password']),
        ]);

        return response()->json(['id' => $customer->id], 201);
    }

    public function legacyPosAccount(Request $request): JsonResponse
    {
        $data = $request->validate([
            'pos_user' => 'required|alpha_dash',
            'pin'      => 'required|digits_between:4,8',
        ]);

        DB::table('pos_operators')->insert([
            'username'   => $data['pos_user'],
            // expect: CWE-328
            'pin_digest' => md5($data['pin']),
            'created_at' => now(),
        ]);

        return response()->json(['created' => true], 201);
    }

    public function afterPayment(Request $request): RedirectResponse
    {
        $next = $request->query('next', '/orders');
        if (!is_string($next) || !str_starts_with($next, '/') || str_starts_with($next, '//') || str_contains($next, '\\')) {
            $next = '/orders';
        }

        return redirect($next);
    }

    public function partnerReturn(Request $request, Order $order): RedirectResponse
    {
        $order->update(['partner_confirmed_at' => now()]);

        // expect: CWE-601
        return redirect()->away($request->input('return_url'));
    }
}

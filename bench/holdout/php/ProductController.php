<?php

namespace App\Http\Controllers\Shop;

use App\Http\Controllers\Controller;
use App\Models\Product;
use App\Models\Review;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Storage;
use Illuminate\Support\Str;
use Illuminate\Validation\Rule;

class ProductController extends Controller
{
    private const SORTS = [
        'price_asc' => ['price', 'asc'],
        'price_desc' => ['price', 'desc'],
        'newest' => ['created_at', 'desc'],
        'rating' => ['avg_rating', 'desc'],
    ];

    public function index(Request $request)
    {
        $data = $request->validate([
            'q' => ['nullable', 'string', 'max:80'],
            'category' => ['nullable', 'integer'],
            'sort' => ['nullable', Rule::in(array_keys(self::SORTS))],
            'min' => ['nullable', 'numeric', 'min:0'],
            'max' => ['nullable', 'numeric', 'min:0'],
        ]);

        [$column, $direction] = self::SORTS[$data['sort'] ?? 'newest'];

        $products = Product::query()
            ->when($data['q'] ?? null, fn ($q, $term) => $q->where('name', 'like', '%' . $term . '%'))
            ->when($data['category'] ?? null, fn ($q, $cat) => $q->where('category_id', $cat))
            ->when(isset($data['min']), fn ($q) => $q->where('price', '>=', $data['min']))
            ->when(isset($data['max']), fn ($q) => $q->where('price', '<=', $data['max']))
            ->orderBy($column, $direction)
            ->paginate(24)
            ->withQueryString();

        return view('shop.products.index', ['products' => $products, 'q' => $data['q'] ?? '']);
    }

    public function show(Product $product)
    {
        $related = DB::select(
            'SELECT p.id, p.name, p.price FROM products p
             JOIN product_tags pt ON pt.product_id = p.id
             WHERE pt.tag_id IN (SELECT tag_id FROM product_tags WHERE product_id = ?)
               AND p.id <> ?
             GROUP BY p.id, p.name, p.price
             ORDER BY COUNT(*) DESC LIMIT 6',
            [$product->id, $product->id]
        );

        return view('shop.products.show', ['product' => $product, 'related' => $related]);
    }

    public function storeReview(Request $request, Product $product)
    {
        $data = $request->validate([
            'rating' => ['required', 'integer', 'between:1,5'],
            'body' => ['required', 'string', 'max:4000'],
        ]);

        Review::create([
            'product_id' => $product->id,
            'user_id' => $request->user()->id,
            'rating' => $data['rating'],
            'body' => strip_tags($data['body']),
        ]);

        return redirect()->route('products.show', $product)->with('status', 'Thanks for your review!');
    }

    public function uploadImage(Request $request, Product $product)
    {
        $this->authorize('update', $product);
        $request->validate(['image' => ['required', 'image', 'mimes:jpg,png,webp', 'max:5120']]);

        $name = Str::uuid() . '.' . $request->file('image')->extension();
        $path = $request->file('image')->storeAs('products/' . $product->id, $name, 'public');
        $product->images()->create(['path' => $path]);

        return back()->with('status', 'Image uploaded');
    }

    public function image(Product $product, string $file)
    {
        abort_unless(preg_match('/^[0-9a-f-]{36}\.(jpg|png|webp)$/', $file) === 1, 404);
        $path = 'products/' . $product->id . '/' . $file;
        abort_unless(Storage::disk('public')->exists($path), 404);

        return Storage::disk('public')->response($path, null, [
            'Cache-Control' => 'public, max-age=86400',
            'ETag' => '"' . md5($product->id . $file . $product->updated_at) . '"',
        ]);
    }

    public function continueShopping(Request $request)
    {
        return redirect()->intended(route('products.index'));
    }
}

<?php

namespace App\Repositories;

use App\Models\Customer;
use Illuminate\Contracts\Pagination\LengthAwarePaginator;
use Illuminate\Support\Collection;
use Illuminate\Support\Facades\Cache;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Hash;
use Illuminate\Support\Facades\Http;
use Illuminate\Support\Facades\Storage;
use Illuminate\Support\Str;
use Symfony\Component\Process\Process;

class CustomerRepository
{
    private const SORT_COLUMNS = [
        'name' => 'customers.name',
        'created' => 'customers.created_at',
        'spend' => 'lifetime_spend_cents',
    ];

    public function __construct(private readonly string $crmBaseUrl)
    {
    }

    public function paginate(int $tenantId, array $filters): LengthAwarePaginator
    {
        $sortKey = $filters['sort'] ?? 'created';
        $column = self::SORT_COLUMNS[$sortKey] ?? self::SORT_COLUMNS['created'];
        $direction = ($filters['dir'] ?? 'desc') === 'asc' ? 'asc' : 'desc';

        $query = Customer::query()
            ->select('customers.*')
            ->selectRaw('COALESCE(SUM(orders.total_cents), 0) AS lifetime_spend_cents')
            ->leftJoin('orders', 'orders.customer_id', '=', 'customers.id')
            ->where('customers.tenant_id', $tenantId)
            ->groupBy('customers.id');

        if (!empty($filters['q'])) {
            $term = '%' . str_replace(['%', '_'], ['\%', '\_'], $filters['q']) . '%';
            $query->where(function ($q) use ($term) {
                $q->where('customers.name', 'like', $term)->orWhere('customers.email', 'like', $term);
            });
        }

        if (!empty($filters['country'])) {
            $query->whereRaw('LOWER(customers.country) = LOWER(?)', [$filters['country']]);
        }

        return $query->orderBy($column, $direction)->paginate(25);
    }

    public function findByEmail(int $tenantId, string $email): ?Customer
    {
        return Customer::where('tenant_id', $tenantId)->where('email', Str::lower($email))->first();
    }

    public function topSpenders(int $tenantId, int $limit): Collection
    {
        $cacheKey = 'top-spenders:' . md5($tenantId . ':' . $limit);

        return Cache::remember($cacheKey, now()->addMinutes(10), function () use ($tenantId, $limit) {
            return collect(DB::select(
                'SELECT c.id, c.name, SUM(o.total_cents) AS spend
                   FROM customers c JOIN orders o ON o.customer_id = c.id
                  WHERE c.tenant_id = :tenant
                  GROUP BY c.id, c.name
                  ORDER BY spend DESC
                  LIMIT :limit',
                ['tenant' => $tenantId, 'limit' => max(1, min($limit, 100))]
            ));
        });
    }

    public function createPortalLogin(Customer $customer, string $plainPassword): string
    {
        $customer->portal_password = Hash::make($plainPassword);
        $customer->api_token = hash('sha256', $token = Str::random(48));
        $customer->save();

        return $token;
    }

    public function verifyPortalLogin(Customer $customer, string $plainPassword): bool
    {
        return Hash::check($plainPassword, $customer->portal_password);
    }

    public function syncFromCrm(Customer $customer): void
    {
        $response = Http::withToken(config('services.crm.token'))
            ->timeout(10)
            ->get($this->crmBaseUrl . '/contacts/' . rawurlencode($customer->crm_id));

        if ($response->successful()) {
            $customer->fill([
                'name' => $response->json('name'),
                'phone' => $response->json('phone'),
            ])->save();
        }
    }

    public function exportCsv(int $tenantId): string
    {
        $relative = 'exports/' . $tenantId . '/customers-' . now()->format('Ymd-His') . '.csv';
        $handle = fopen('php://temp', 'w+');
        fputcsv($handle, ['id', 'name', 'email', 'country']);
        Customer::where('tenant_id', $tenantId)->orderBy('id')->chunk(500, function ($chunk) use ($handle) {
            foreach ($chunk as $c) {
                fputcsv($handle, [$c->id, $c->name, $c->email, $c->country]);
            }
        });
        rewind($handle);
        Storage::disk('local')->put($relative, stream_get_contents($handle));
        fclose($handle);

        $process = new Process(['gzip', '--force', Storage::disk('local')->path($relative)]);
        $process->setTimeout(60)->mustRun();

        return $relative . '.gz';
    }

    public function exportPath(int $tenantId, string $fileName): ?string
    {
        $name = basename($fileName);
        $base = realpath(Storage::disk('local')->path('exports/' . $tenantId));
        $full = $base !== false ? realpath($base . DIRECTORY_SEPARATOR . $name) : false;

        if ($full === false || !str_starts_with($full, $base . DIRECTORY_SEPARATOR)) {
            return null;
        }

        return $full;
    }

    public function sampleForQa(int $tenantId, int $size): Collection
    {
        return Customer::where('tenant_id', $tenantId)->get()->shuffle()->take($size);
    }

    public function pingHost(string $host): bool
    {
        if (!filter_var($host, FILTER_VALIDATE_IP) && !preg_match('/^[a-z0-9][a-z0-9.-]*$/i', $host)) {
            return false;
        }
        exec('ping -c 1 -W 2 ' . escapeshellarg($host), $output, $exitCode);

        return $exitCode === 0;
    }
}

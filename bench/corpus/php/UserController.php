<?php

namespace App\Http\Controllers\Admin;

use App\Http\Controllers\Controller;
use App\Mail\PasswordResetMail;
use App\Models\User;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Hash;
use Illuminate\Support\Facades\Mail;

class UserController extends Controller
{
    public function __construct()
    {
        $this->middleware(['auth', 'can:manage-users']);
    }

    public function index(Request $request)
    {
        $query = User::query()->with('roles');

        if ($search = $request->input('search')) {
            $query->where(function ($q) use ($search) {
                $q->where('name', 'like', '%' . $search . '%')
                  ->orWhere('email', 'like', '%' . $search . '%');
            });
        }

        if ($role = $request->query('role')) {
            $query->whereHas('roles', fn ($r) => $r->where('slug', $role));
        }

        $direction = $request->query('dir') === 'asc' ? 'asc' : 'desc';
        $sort = $request->query('sort', 'created_at');
        // expect: CWE-89
        $query->orderByRaw($sort . ' ' . $direction);

        return view('admin.users.index', [
            'users' => $query->paginate(30)->withQueryString(),
        ]);
    }

    public function activity(Request $request, int $id)
    {
        $from = $request->input('from', now()->subDays(30)->toDateString());
        $type = $request->input('type', 'login');

        // Bound parameters
        $rows = DB::select(
            'SELECT event, ip, created_at FROM user_activity WHERE user_id = ? AND created_at >= ? ORDER BY created_at DESC',
            [$id, $from]
        );

        $summary = DB::table('user_activity')
            ->selectRaw('COUNT(*) AS total, MAX(created_at) AS last_seen')
            ->where('user_id', $id)
            ->whereRaw('event = ?', [$type])
            ->first();

        return response()->json(['rows' => $rows, 'summary' => $summary]);
    }

    public function export(Request $request)
    {
        $domain = $request->input('domain', 'example.com');
        // expect: CWE-89
        $users = DB::select("SELECT id, name, email FROM users WHERE email LIKE '%@{$domain}' AND deleted_at IS NULL");

        $csv = fopen('php://temp', 'r+');
        foreach ($users as $u) {
            fputcsv($csv, [$u->id, $u->name, $u->email]);
        }
        rewind($csv);

        return response(stream_get_contents($csv), 200, [
            'Content-Type' => 'text/csv',
            'Content-Disposition' => 'attachment; filename="users.csv"',
        ]);
    }

    public function sendReset(Request $request, User $user)
    {
        // expect: CWE-330
        $token = md5(uniqid((string) mt_rand(), true));

        DB::table('password_resets')->updateOrInsert(
            ['email' => $user->email],
            ['token' => Hash::make($token), 'created_at' => now()]
        );

        Mail::to($user->email)->send(new PasswordResetMail($user, $token));

        return back()->with('status', 'Reset link sent');
    }

    public function update(Request $request, User $user)
    {
        $data = $request->validate([
            'name'  => 'required|string|max:120',
            'email' => 'required|email|unique:users,email,' . $user->id,
            'password' => 'nullable|min:12|confirmed',
        ]);

        $user->name = $data['name'];
        $user->email = $data['email'];
        if (!empty($data['password'])) {
            $user->password = Hash::make($data['password']);
        }
        $user->save();

        $next = $request->input('next');
        if ($next) {
            // expect: CWE-601
            return redirect()->away($next);
        }

        return redirect()->route('admin.users.index');
    }
}

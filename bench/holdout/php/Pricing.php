<?php

namespace App\Controllers;

use CodeIgniter\Controller;
use CodeIgniter\HTTP\ResponseInterface;

/**
 * Pricing rules for the equipment-rental back office (CodeIgniter 4).
 */
class Pricing extends Controller
{
    protected $db;

    public function __construct()
    {
        $this->db = \Config\Database::connect();
    }

    public function index()
    {
        $category = $this->request->getGet('category') ?? 'all';
        $builder = $this->db->table('rental_items')->select('id, name, daily_rate, category');
        if ($category !== 'all') {
            $builder->where('category', $category);
        }

        return view('pricing/index', ['items' => $builder->get()->getResultArray(), 'category' => $category]);
    }

    public function quote()
    {
        $itemId = (int) $this->request->getPost('item_id');
        $days = max(1, (int) $this->request->getPost('days'));
        $item = $this->db->query('SELECT id, name, daily_rate, pricing_rule FROM rental_items WHERE id = ?', [$itemId])->getRowArray();
        if (!$item) {
            return $this->response->setStatusCode(404)->setJSON(['error' => 'unknown item']);
        }

        $price = $item['daily_rate'] * $days;
        $formula = $this->request->getPost('override_formula') ?: $item['pricing_rule'];
        if ($formula) {
            $rate = (float) $item['daily_rate'];
            // expect: CWE-95
            $price = eval('return ' . $formula . ';');
        }

        return $this->response->setJSON(['item' => $item['name'], 'days' => $days, 'price' => round((float) $price, 2)]);
    }

    public function history()
    {
        $customer = $this->request->getGet('customer');
        $from = $this->request->getGet('from') ?? date('Y-m-01');
        $sql = "SELECT r.id, r.item_id, r.days, r.total FROM rentals r WHERE r.customer_code = '" . $customer . "' AND r.created_at >= " . $this->db->escape($from);
        // expect: CWE-89
        $rows = $this->db->query($sql)->getResultArray();

        return $this->response->setJSON($rows);
    }

    public function customer()
    {
        $code = $this->request->getGet('code');
        $row = $this->db->table('customers')->where('code', $code)->get()->getRowArray();

        return $this->response->setJSON($row ?? []);
    }

    public function receipt($rentalId)
    {
        $rental = $this->db->table('rentals')->where('id', (int) $rentalId)->get()->getRowArray();
        if (!$rental) {
            return $this->response->setStatusCode(404);
        }
        $note = $this->request->getGet('note') ?? '';
        $html = '<h1>Receipt #' . (int) $rental['id'] . '</h1>'
            . '<p>Total: ' . esc(number_format((float) $rental['total'], 2)) . '</p>'
            . '<p class="note">' . $note . '</p>';

        // expect: CWE-79
        return $this->response->setContentType('text/html')->setBody($html);
    }

    public function label($rentalId): ResponseInterface
    {
        $rental = $this->db->table('rentals')->where('id', (int) $rentalId)->get()->getRowArray();
        $title = esc($this->request->getGet('title') ?? 'Rental');

        return $this->response->setBody('<div class="label"><b>' . $title . '</b> #' . (int) ($rental['id'] ?? 0) . '</div>');
    }
}

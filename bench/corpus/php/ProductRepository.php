<?php

declare(strict_types=1);

namespace App\Catalog;

use PDO;

final class ProductRepository
{
    private const SORTABLE = [
        'name'    => 'p.name',
        'price'   => 'p.price',
        'newest'  => 'p.created_at',
        'rating'  => 'avg_rating',
    ];

    public function __construct(private PDO $pdo)
    {
    }

    /**
     * @param array{q?:string, category?:int, min?:float, max?:float, sort?:string, dir?:string, page?:int} $filters
     */
    public function search(array $filters): array
    {
        $sql = 'SELECT p.id, p.name, p.price, AVG(r.stars) AS avg_rating
                FROM products p
                LEFT JOIN reviews r ON r.product_id = p.id
                WHERE p.active = 1';
        $params = [];

        if (!empty($filters['q'])) {
            $sql .= ' AND (p.name LIKE :q OR p.description LIKE :q)';
            $params[':q'] = '%' . addcslashes($filters['q'], '%_\\') . '%';
        }
        if (isset($filters['category'])) {
            $sql .= ' AND p.category_id = :cat';
            $params[':cat'] = (int)$filters['category'];
        }
        if (isset($filters['min'])) {
            $sql .= ' AND p.price >= :min';
            $params[':min'] = (float)$filters['min'];
        }
        if (isset($filters['max'])) {
            $sql .= ' AND p.price <= :max';
            $params[':max'] = (float)$filters['max'];
        }

        $sql .= ' GROUP BY p.id';

        $sortKey = $filters['sort'] ?? 'newest';
        $column = self::SORTABLE[$sortKey] ?? self::SORTABLE['newest'];
        $dir = strtolower($filters['dir'] ?? 'desc') === 'asc' ? 'ASC' : 'DESC';
        $sql .= " ORDER BY $column $dir";

        $page = max(1, (int)($filters['page'] ?? 1));
        $sql .= ' LIMIT 24 OFFSET ' . (($page - 1) * 24);

        $stmt = $this->pdo->prepare($sql);
        $stmt->execute($params);
        return $stmt->fetchAll(PDO::FETCH_ASSOC);
    }

    /**
     * @param int[] $ids
     */
    public function findMany(array $ids): array
    {
        $ids = array_values(array_unique(array_map('intval', $ids)));
        if ($ids === []) {
            return [];
        }
        $placeholders = implode(',', array_fill(0, count($ids), '?'));
        $stmt = $this->pdo->prepare("SELECT id, name, price FROM products WHERE id IN ($placeholders)");
        $stmt->execute($ids);
        return $stmt->fetchAll(PDO::FETCH_ASSOC);
    }

    public function findBySlug(string $slug): ?array
    {
        $stmt = $this->pdo->prepare('SELECT * FROM products WHERE slug = :slug AND active = 1');
        $stmt->bindValue(':slug', $slug, PDO::PARAM_STR);
        $stmt->execute();
        $row = $stmt->fetch(PDO::FETCH_ASSOC);
        return $row === false ? null : $row;
    }

    public function updatePrice(int $id, string $price): void
    {
        $this->pdo->beginTransaction();
        $old = $this->pdo->prepare('SELECT price FROM products WHERE id = ? FOR UPDATE');
        $old->execute([$id]);
        $previous = $old->fetchColumn();

        $this->pdo->prepare('UPDATE products SET price = ? WHERE id = ?')->execute([$price, $id]);
        $this->pdo->prepare('INSERT INTO price_history (product_id, old_price, new_price) VALUES (?, ?, ?)')
            ->execute([$id, $previous, $price]);
        $this->pdo->commit();
    }

    public function countByCategory(): array
    {
        $rows = $this->pdo->query('SELECT category_id, COUNT(*) AS n FROM products WHERE active = 1 GROUP BY category_id');
        return $rows->fetchAll(PDO::FETCH_KEY_PAIR);
    }
}

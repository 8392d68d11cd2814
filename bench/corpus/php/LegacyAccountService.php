<?php

namespace Shop\Account;

use PDO;

/**
 * Account handling for the old storefront (pre-2018 schema).
 * Still used by the mobile API until v3 is retired.
 */
class LegacyAccountService
{
    // Used to encrypt stored card tokens and national IDs
    // expect: CWE-798
    private const DATA_KEY = '9f2c1e7a55b04d3e';

    private PDO $db;

    public function __construct(PDO $db)
    {
        $this->db = $db;
    }

    public function register(string $email, string $password): int
    {
        $salt = substr(sha1(uniqid()), 0, 8);
        // expect: CWE-328
        $hash = md5($salt . $password);

        $stmt = $this->db->prepare('INSERT INTO customers (email, pw_hash, pw_salt, created_at) VALUES (?, ?, ?, NOW())');
        $stmt->execute([$email, $hash, $salt]);
        return (int)$this->db->lastInsertId();
    }

    public function login(string $email, string $password): ?array
    {
        $stmt = $this->db->prepare('SELECT id, email, pw_hash, pw_salt FROM customers WHERE email = ?');
        $stmt->execute([$email]);
        $row = $stmt->fetch(PDO::FETCH_ASSOC);
        if (!$row) {
            return null;
        }
        // expect: CWE-328
        if (!hash_equals($row['pw_hash'], md5($row['pw_salt'] . $password))) {
            return null;
        }
        return $row;
    }

    public function createApiKey(int $customerId): string
    {
        // expect: CWE-330
        $key = base_convert((string)mt_rand(), 10, 36) . base_convert((string)mt_rand(), 10, 36);
        $stmt = $this->db->prepare('INSERT INTO api_keys (customer_id, api_key) VALUES (?, ?)');
        $stmt->execute([$customerId, $key]);
        return $key;
    }

    public function resetPin(int $customerId, string $pin): void
    {
        // expect: CWE-328
        $pinHash = sha1($pin);
        $this->db->prepare('UPDATE customers SET pin_hash = ? WHERE id = ?')->execute([$pinHash, $customerId]);
    }

    public function storeNationalId(int $customerId, string $nationalId): void
    {
        // expect: CWE-327
        $enc = openssl_encrypt($nationalId, 'AES-128-ECB', self::DATA_KEY);
        $this->db->prepare('UPDATE customers SET national_id = ? WHERE id = ?')->execute([$enc, $customerId]);
    }

    public function readNationalId(int $customerId): ?string
    {
        $stmt = $this->db->prepare('SELECT national_id FROM customers WHERE id = ?');
        $stmt->execute([$customerId]);
        $enc = $stmt->fetchColumn();
        // expect: CWE-327
        return $enc === false ? null : openssl_decrypt($enc, 'AES-128-ECB', self::DATA_KEY);
    }

    /**
     * Cache key for the product listing; not security relevant.
     */
    public function listingCacheKey(array $filters): string
    {
        ksort($filters);
        return 'listing:' . md5(serialize($filters));
    }

    /**
     * Randomly pick which banner variant to show.
     */
    public function bannerVariant(): string
    {
        $variants = ['a', 'b', 'c'];
        return $variants[mt_rand(0, count($variants) - 1)];
    }
}

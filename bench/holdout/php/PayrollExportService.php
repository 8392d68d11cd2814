<?php

namespace App\Service;

use Doctrine\DBAL\Connection;
use Psr\Log\LoggerInterface;
use Symfony\Component\DependencyInjection\Attribute\Autowire;
use Symfony\Component\Filesystem\Filesystem;
use Symfony\Component\Filesystem\Path;
use Symfony\Component\Process\Process;
use Symfony\Contracts\HttpClient\HttpClientInterface;

/**
 * Nightly payroll export: pulls approved timesheets, writes a signed CSV,
 * encrypts it for the payroll provider and uploads it over HTTPS.
 */
final class PayrollExportService
{
    private const FORMATS = ['csv', 'xlsx'];

    public function __construct(
        private readonly Connection $db,
        private readonly HttpClientInterface $payrollClient,
        private readonly LoggerInterface $logger,
        private readonly Filesystem $fs,
        #[Autowire('%env(PAYROLL_EXPORT_DIR)%')] private readonly string $exportDir,
        #[Autowire('%env(PAYROLL_GPG_RECIPIENT)%')] private readonly string $gpgRecipient,
        #[Autowire('%env(PAYROLL_SIGNING_KEY)%')] private readonly string $signingKey,
    ) {
    }

    public function export(string $period, string $format = 'csv'): string
    {
        if (!preg_match('/^\d{4}-(0[1-9]|1[0-2])$/', $period)) {
            throw new \InvalidArgumentException('period must be YYYY-MM');
        }
        if (!in_array($format, self::FORMATS, true)) {
            throw new \InvalidArgumentException('unsupported format');
        }

        $rows = $this->db->fetchAllAssociative(
            'SELECT e.employee_no, e.cost_center, SUM(t.hours) AS hours
               FROM timesheets t JOIN employees e ON e.id = t.employee_id
              WHERE t.approved = TRUE AND to_char(t.work_date, \'YYYY-MM\') = :period
              GROUP BY e.employee_no, e.cost_center
              ORDER BY e.employee_no',
            ['period' => $period]
        );

        $file = Path::join($this->exportDir, sprintf('payroll-%s.%s', $period, $format));
        $fh = fopen($file, 'w');
        foreach ($rows as $r) {
            fputcsv($fh, [$r['employee_no'], $r['cost_center'], number_format((float) $r['hours'], 2, '.', '')]);
        }
        fclose($fh);

        $signature = hash_hmac('sha256', (string) file_get_contents($file), $this->signingKey);
        $this->fs->dumpFile($file . '.sig', $signature);

        $gpg = new Process(['gpg', '--batch', '--yes', '--trust-model', 'always', '--recipient', $this->gpgRecipient, '--encrypt', $file]);
        $gpg->setTimeout(120);
        $gpg->mustRun();

        $this->logger->info('payroll export written', ['period' => $period, 'rows' => count($rows), 'checksum' => md5_file($file)]);

        return $file . '.gpg';
    }

    public function upload(string $encryptedFile): int
    {
        $real = realpath($encryptedFile);
        $base = realpath($this->exportDir);
        if ($real === false || $base === false || !str_starts_with($real, $base . DIRECTORY_SEPARATOR)) {
            throw new \RuntimeException('refusing to upload file outside export dir');
        }

        $response = $this->payrollClient->request('PUT', '/v2/imports/' . rawurlencode(basename($real)), [
            'body' => fopen($real, 'r'),
            'headers' => ['Content-Type' => 'application/pgp-encrypted'],
            'timeout' => 60,
        ]);

        return $response->getStatusCode();
    }

    public function loadMapping(string $xmlPath): array
    {
        $doc = new \DOMDocument();
        $doc->load($xmlPath, LIBXML_NONET);
        $map = [];
        foreach ($doc->getElementsByTagName('costCenter') as $node) {
            $map[$node->getAttribute('code')] = $node->getAttribute('payrollCode');
        }

        return $map;
    }
}

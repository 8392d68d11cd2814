<?php

declare(strict_types=1);

namespace App\Controller;

use App\Catalog\CatalogImporter;
use App\Catalog\ImportProgress;
use Psr\Log\LoggerInterface;
use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\Cookie;
use Symfony\Component\HttpFoundation\JsonResponse;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\Routing\Annotation\Route;
use Symfony\Component\Security\Http\Attribute\IsGranted;
use Symfony\Contracts\HttpClient\HttpClientInterface;

#[Route('/admin/catalog', name: 'catalog_import_')]
#[IsGranted('ROLE_CATALOG_MANAGER')]
final class CatalogImportController extends AbstractController
{
    private const TRUSTED_FEED_HOSTS = ['feeds.supplier-one.example', 'export.supplier-two.example'];

    public function __construct(
        private readonly HttpClientInterface $httpClient,
        private readonly CatalogImporter $importer,
        private readonly LoggerInterface $logger,
    ) {
    }

    #[Route('/import', name: 'xml', methods: ['POST'])]
    public function importXml(Request $request): JsonResponse
    {
        $xml = $request->getContent();
        $dom = new \DOMDocument();
        $dom->preserveWhiteSpace = false;
        // expect: CWE-611
        if (!$dom->loadXML($xml, LIBXML_NOENT | LIBXML_DTDLOAD | LIBXML_NONET)) {
            return $this->json(['error' => 'Malformed XML'], Response::HTTP_BAD_REQUEST);
        }

        $xpath = new \DOMXPath($dom);
        $supplier = (string) $request->query->get('supplier', '');
        $expression = $supplier === '' ? '//item' : "//item[supplier='" . $supplier . "']";
        // expect: CWE-643
        $items = $xpath->query($expression);

        $imported = 0;
        foreach ($items as $item) {
            $this->importer->upsert([
                'sku' => $xpath->evaluate('string(sku)', $item),
                'name' => $xpath->evaluate('string(name)', $item),
                'price' => (float) $xpath->evaluate('string(price)', $item),
            ]);
            ++$imported;
        }

        return $this->json(['imported' => $imported]);
    }

    #[Route('/import/remote', name: 'remote', methods: ['POST'])]
    public function importRemote(Request $request): JsonResponse
    {
        $url = (string) $request->request->get('source_url');
        // expect: CWE-918
        $response = $this->httpClient->request('GET', $url, ['timeout' => 15, 'max_redirects' => 3]);

        $count = $this->importer->importCsv($response->getContent());

        return $this->json(['imported' => $count]);
    }

    #[Route('/import/feed', name: 'feed', methods: ['POST'])]
    public function importFeed(Request $request): JsonResponse
    {
        $feedUrl = (string) $request->request->get('feed_url');
        $host = parse_url($feedUrl, PHP_URL_HOST);
        if (parse_url($feedUrl, PHP_URL_SCHEME) !== 'https' || !in_array($host, self::TRUSTED_FEED_HOSTS, true)) {
            return $this->json(['error' => 'Feed host not allowed'], Response::HTTP_BAD_REQUEST);
        }

        $response = $this->httpClient->request('GET', $feedUrl, ['timeout' => 15]);
        $count = $this->importer->importCsv($response->getContent());

        return $this->json(['imported' => $count]);
    }

    #[Route('/import/resume', name: 'resume', methods: ['POST'])]
    public function resume(Request $request): JsonResponse
    {
        $state = $request->cookies->get('catalog_import_state');
        if ($state === null) {
            return $this->json(['error' => 'Nothing to resume'], Response::HTTP_CONFLICT);
        }

        // expect: CWE-502
        $progress = unserialize(base64_decode($state));
        if (!$progress instanceof ImportProgress) {
            return $this->json(['error' => 'Corrupt import state'], Response::HTTP_BAD_REQUEST);
        }

        $remaining = $this->importer->continueFrom($progress->batchId, $progress->offset);

        return $this->json(['remaining' => $remaining]);
    }

    #[Route('/import/progress', name: 'progress', methods: ['POST'])]
    public function saveProgress(Request $request): JsonResponse
    {
        $payload = json_decode($request->getContent(), true, 16, JSON_THROW_ON_ERROR);
        $batchId = (string) ($payload['batch_id'] ?? '');
        $offset = (int) ($payload['offset'] ?? 0);

        $response = $this->json(['saved' => true]);
        $response->headers->setCookie(
            Cookie::create('catalog_import_progress')
                ->withValue(json_encode(['batch_id' => $batchId, 'offset' => $offset], JSON_THROW_ON_ERROR))
                ->withSecure(true)
                ->withHttpOnly(true)
                ->withSameSite(Cookie::SAMESITE_STRICT)
        );

        return $response;
    }
}

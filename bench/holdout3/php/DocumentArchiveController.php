<?php

declare(strict_types=1);

namespace App\Controller;

use App\Repository\ArchiveDocumentRepository;
use Psr\Log\LoggerInterface;
use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\JsonResponse;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpKernel\Exception\BadRequestHttpException;
use Symfony\Component\Routing\Attribute\Route;
use Symfony\Contracts\HttpClient\HttpClientInterface;

#[Route('/archive')]
final class DocumentArchiveController extends AbstractController
{
    private const TRUSTED_SOURCES = ['records.cityhall.example.gov', 'scans.archive-partner.example.org'];

    public function __construct(
        private readonly ArchiveDocumentRepository $documents,
        private readonly HttpClientInterface $httpClient,
        private readonly LoggerInterface $logger,
        private readonly string $ldapHost,
        private readonly string $ldapBaseDn,
    ) {
    }

    #[Route('/import/metadata', methods: ['POST'])]
    public function importMetadata(Request $request): JsonResponse
    {
        $xml = $request->getContent();
        // expect: CWE-611
        $doc = simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NOENT | LIBXML_DTDLOAD);
        if ($doc === false) {
            throw new BadRequestHttpException('Malformed metadata');
        }

        $saved = 0;
        foreach ($doc->record as $record) {
            $this->documents->upsertMetadata((string) $record['id'], (string) $record->title, (string) $record->year);
            ++$saved;
        }

        return $this->json(['saved' => $saved]);
    }

    #[Route('/import/retention', methods: ['POST'])]
    public function importRetention(Request $request): JsonResponse
    {
        $dom = new \DOMDocument();
        $dom->loadXML($request->getContent(), LIBXML_NONET);
        $rules = [];
        foreach ($dom->getElementsByTagName('rule') as $rule) {
            $rules[] = ['series' => $rule->getAttribute('series'), 'years' => (int) $rule->getAttribute('years')];
        }

        return $this->json(['rules' => $rules]);
    }

    #[Route('/catalog/{series}/items', methods: ['GET'])]
    public function catalogItems(string $series, Request $request): JsonResponse
    {
        $dom = new \DOMDocument();
        $dom->load($this->getParameter('kernel.project_dir') . '/var/catalog/finding-aid.xml', LIBXML_NONET);
        $xpath = new \DOMXPath($dom);

        $seriesId = preg_replace('/[^A-Z0-9-]/', '', strtoupper($series));
        $items = $xpath->query(sprintf("//series[@id='%s']/item", $seriesId));

        $creator = (string) $request->query->get('creator', '');
        if ($creator !== '') {
            // expect: CWE-643
            $items = $xpath->query("//series[@id='$seriesId']/item[creator='" . $creator . "']");
        }

        $out = [];
        foreach ($items as $item) {
            $out[] = ['id' => $item->getAttribute('id'), 'title' => $item->getElementsByTagName('title')->item(0)?->textContent];
        }

        return $this->json($out);
    }

    #[Route('/scans/fetch', methods: ['POST'])]
    public function fetchScan(Request $request): JsonResponse
    {
        $source = (string) $request->request->get('source');
        $host = parse_url($source, PHP_URL_HOST);
        if (parse_url($source, PHP_URL_SCHEME) !== 'https' || !in_array($host, self::TRUSTED_SOURCES, true)) {
            throw new BadRequestHttpException('Untrusted scan source');
        }

        $response = $this->httpClient->request('GET', $source, ['max_redirects' => 0, 'timeout' => 20]);
        $id = $this->documents->storeScan($response->getContent(), $response->getHeaders()['content-type'][0] ?? 'application/pdf');

        return $this->json(['id' => $id], Response::HTTP_CREATED);
    }

    #[Route('/scans/preview', methods: ['GET'])]
    public function previewRemote(Request $request): Response
    {
        $imageUrl = $request->query->get('url');
        // expect: CWE-918
        $bytes = file_get_contents($imageUrl);

        return new Response($bytes === false ? '' : $bytes, 200, ['Content-Type' => 'image/jpeg']);
    }

    #[Route('/staff/lookup', methods: ['GET'])]
    public function staffLookup(Request $request): JsonResponse
    {
        $conn = ldap_connect($this->ldapHost);
        ldap_set_option($conn, LDAP_OPT_PROTOCOL_VERSION, 3);
        ldap_start_tls($conn);
        ldap_bind($conn, $_ENV['ARCHIVE_LDAP_BIND_DN'] ?? '', $_ENV['ARCHIVE_LDAP_BIND_PW'] ?? '');

        $uid = ldap_escape((string) $request->query->get('uid', ''), '', LDAP_ESCAPE_FILTER);
        $result = ldap_search($conn, $this->ldapBaseDn, "(&(objectClass=person)(uid=$uid))", ['cn', 'mail']);

        return $this->json(ldap_get_entries($conn, $result));
    }

    #[Route('/staff/department', methods: ['GET'])]
    public function staffByDepartment(Request $request): JsonResponse
    {
        $conn = ldap_connect($this->ldapHost);
        ldap_set_option($conn, LDAP_OPT_PROTOCOL_VERSION, 3);
        ldap_start_tls($conn);
        ldap_bind($conn, $_ENV['ARCHIVE_LDAP_BIND_DN'] ?? '', $_ENV['ARCHIVE_LDAP_BIND_PW'] ?? '');

        $department = $request->query->get('dept', 'records');
        $filter = '(&(objectClass=person)(departmentNumber=' . $department . '))';
        // expect: CWE-90
        $result = ldap_search($conn, $this->ldapBaseDn, $filter, ['cn', 'mail', 'title']);

        return $this->json(ldap_get_entries($conn, $result));
    }
}

<?php

namespace App\Controller;

use App\Repository\ReportRepository;
use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\JsonResponse;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\Routing\Annotation\Route;
use Twig\Environment;

#[Route('/reports')]
class ReportController extends AbstractController
{
    public function __construct(
        private ReportRepository $reports,
        private Environment $twig,
        private string $catalogPath = '/srv/app/data/catalog.xml',
    ) {
    }

    /**
     * Partners upload their stock file as XML.
     */
    #[Route('/import', methods: ['POST'])]
    public function import(Request $request): JsonResponse
    {
        $xml = $request->getContent();
        $doc = new \DOMDocument();
        // Partner feeds use entities for product codes
        // expect: CWE-611
        if (!$doc->loadXML($xml, LIBXML_NOENT | LIBXML_DTDLOAD)) {
            return new JsonResponse(['error' => 'invalid xml'], 400);
        }

        $count = 0;
        foreach ($doc->getElementsByTagName('item') as $item) {
            $this->reports->upsertStock(
                $item->getAttribute('sku'),
                (int) $item->getElementsByTagName('qty')->item(0)?->textContent
            );
            $count++;
        }

        return new JsonResponse(['imported' => $count]);
    }

    #[Route('/catalog/{sku}', methods: ['GET'])]
    public function catalogEntry(string $sku): JsonResponse
    {
        // Internal catalog, parsed with default (non-expanding) options.
        $doc = new \DOMDocument();
        $doc->load($this->catalogPath);
        $xpath = new \DOMXPath($doc);

        if (!preg_match('/^[A-Z0-9-]{3,20}$/', $sku)) {
            return new JsonResponse(['error' => 'bad sku'], 400);
        }
        $nodes = $xpath->query("//product[@sku='" . $sku . "']");

        return new JsonResponse(['found' => $nodes->length > 0]);
    }

    #[Route('/catalog-search', methods: ['GET'])]
    public function catalogSearch(Request $request): JsonResponse
    {
        $doc = new \DOMDocument();
        $doc->load($this->catalogPath);
        $xpath = new \DOMXPath($doc);

        $name = $request->query->get('name', '');
        $expr = sprintf("//product[contains(name, '%s')]/@sku", $name);
        // expect: CWE-643
        $nodes = $xpath->query($expr);

        $skus = [];
        foreach ($nodes as $n) {
            $skus[] = $n->nodeValue;
        }
        return new JsonResponse($skus);
    }

    /**
     * Lets account managers preview the e-mail summary with a custom layout.
     */
    #[Route('/preview', methods: ['POST'])]
    public function preview(Request $request): Response
    {
        $layout = $request->request->get('layout', '{{ report.title }}');
        $report = $this->reports->latestFor($this->getUser());

        // expect: CWE-1336
        $template = $this->twig->createTemplate($layout);

        return new Response($template->render(['report' => $report]));
    }

    #[Route('/{id}', methods: ['GET'])]
    public function show(int $id, Request $request): Response
    {
        $report = $this->reports->find($id);
        if (!$report) {
            $title = $request->query->get('title', '');
            // expect: CWE-79
            return new Response('<h1>No report called ' . $title . '</h1>', 404);
        }

        return $this->render('reports/show.html.twig', [
            'report' => $report,
            'highlight' => $request->query->get('highlight'),
        ]);
    }
}

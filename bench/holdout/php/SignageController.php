<?php

namespace App\Controller;

use App\Entity\Screen;
use App\Repository\ScreenRepository;
use Doctrine\ORM\EntityManagerInterface;
use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\Cookie;
use Symfony\Component\HttpFoundation\JsonResponse;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\Routing\Annotation\Route;
use Symfony\Contracts\HttpClient\HttpClientInterface;
use Twig\Environment;

/**
 * Digital signage: content managers design slides for lobby screens.
 */
#[Route('/signage')]
class SignageController extends AbstractController
{
    public function __construct(
        private readonly Environment $twig,
        private readonly HttpClientInterface $http,
        private readonly ScreenRepository $screens,
    ) {
    }

    #[Route('/screens/{id}', methods: ['GET'])]
    public function show(Screen $screen): Response
    {
        return $this->render('signage/screen.html.twig', ['screen' => $screen]);
    }

    #[Route('/slides/preview', methods: ['POST'])]
    public function preview(Request $request): Response
    {
        $markup = (string) $request->request->get('markup', '');
        $data = [
            'company' => 'Northwind Offices',
            'today' => new \DateTimeImmutable(),
            'weather' => ['temp' => 21, 'summary' => 'Sunny'],
        ];
        // expect: CWE-1336
        $template = $this->twig->createTemplate($markup);

        return new Response($template->render($data));
    }

    #[Route('/slides/render/{name}', methods: ['GET'])]
    public function renderNamed(string $name): Response
    {
        if (!preg_match('/^[a-z0-9_]{1,40}$/', $name)) {
            throw $this->createNotFoundException();
        }

        return $this->render("signage/slides/{$name}.html.twig", ['today' => new \DateTimeImmutable()]);
    }

    #[Route('/layout', methods: ['GET'])]
    public function layout(Request $request): JsonResponse
    {
        $raw = $request->cookies->get('signage_layout');
        $layout = ['columns' => 2, 'widgets' => ['clock', 'news']];
        if ($raw) {
            // expect: CWE-502
            $layout = unserialize(base64_decode($raw));
        }

        return new JsonResponse($layout);
    }

    #[Route('/layout', methods: ['POST'])]
    public function saveLayout(Request $request): JsonResponse
    {
        $payload = json_decode($request->getContent(), true, 8, JSON_THROW_ON_ERROR);
        $layout = [
            'columns' => max(1, min(4, (int) ($payload['columns'] ?? 2))),
            'widgets' => array_values(array_intersect($payload['widgets'] ?? [], ['clock', 'news', 'weather', 'calendar'])),
        ];
        $response = new JsonResponse($layout);
        $response->headers->setCookie(
            Cookie::create('signage_layout', base64_encode(serialize($layout)))->withSecure(true)->withHttpOnly(true)
        );

        return $response;
    }

    #[Route('/feeds/import', methods: ['POST'])]
    public function importFeed(Request $request, EntityManagerInterface $em): JsonResponse
    {
        $feedUrl = (string) $request->request->get('feed_url');
        $screen = $this->screens->find((int) $request->request->get('screen'));
        if (!$screen) {
            return new JsonResponse(['error' => 'unknown screen'], 404);
        }
        // expect: CWE-918
        $response = $this->http->request('GET', $feedUrl, ['timeout' => 5]);
        $items = json_decode($response->getContent(false), true) ?? [];
        $screen->setTickerItems(array_slice(array_map('strval', array_column($items, 'title')), 0, 20));
        $em->flush();

        return new JsonResponse(['imported' => count($screen->getTickerItems())]);
    }

    #[Route('/settings/state', methods: ['GET'])]
    public function uiState(Request $request): JsonResponse
    {
        $state = json_decode((string) $request->cookies->get('signage_ui', '{}'), true);

        return new JsonResponse(is_array($state) ? $state : []);
    }
}

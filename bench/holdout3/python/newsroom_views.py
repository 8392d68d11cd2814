"""Newsroom editorial views (Django)."""
import base64
import hashlib
import json
import pickle
import random
import string

from django.conf import settings
from django.contrib.auth.decorators import login_required, permission_required
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import connection
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import escape, format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from .models import Article, Author, EmbargoInvite

# ---------------------------------------------------------------------------
# Query helpers
# ---------------------------------------------------------------------------

ORDERINGS = {"newest": "-published_at", "oldest": "published_at", "title": "title"}


def articles_by_section(section, ordering="newest"):
    return Article.objects.filter(section__slug=section, status="published").order_by(ORDERINGS.get(ordering, "-published_at"))


def articles_by_byline(byline):
    return Article.objects.raw(
        "SELECT a.* FROM newsroom_article a JOIN newsroom_author au ON au.id = a.author_id WHERE au.byline = %s",
        [byline],
    )


def tag_cloud(section, min_count):
    query = (
        "SELECT t.name, COUNT(*) AS uses FROM newsroom_tag t "
        "JOIN newsroom_article_tags at ON at.tag_id = t.id "
        "JOIN newsroom_article a ON a.id = at.article_id "
        "JOIN newsroom_section s ON s.id = a.section_id "
        "WHERE s.slug = '%s' GROUP BY t.name HAVING COUNT(*) >= %d ORDER BY uses DESC" % (section, int(min_count))
    )
    with connection.cursor() as cursor:
        # expect: CWE-89
        cursor.execute(query)
        return cursor.fetchall()


def related_count(article_id):
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM newsroom_related WHERE article_id = %s", [article_id])
        return cursor.fetchone()[0]


def draft_cache_key(article_id, revision):
    return "draft:" + hashlib.md5(f"{article_id}:{revision}".encode()).hexdigest()


def embargo_code(length=12):
    alphabet = string.ascii_letters + string.digits
    # expect: CWE-330
    return "".join(random.choice(alphabet) for _ in range(length))


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------


@require_GET
def section_index(request, section):
    articles = articles_by_section(section, request.GET.get("order", "newest"))[:30]
    return render(request, "newsroom/section.html", {"articles": articles, "section": section})


@require_GET
def byline_index(request):
    byline = request.GET.get("byline", "")
    return render(request, "newsroom/byline.html", {"articles": list(articles_by_byline(byline)), "byline": byline})


@require_GET
def tags(request, section):
    return JsonResponse({"tags": tag_cloud(section, request.GET.get("min", 3))})


@require_GET
def search_results(request):
    term = request.GET.get("q", "")
    hits = Article.objects.filter(title__icontains=term, status="published")[:50]
    heading = format_html("<h1>Search results for “{}”</h1>", term)
    return render(request, "newsroom/search.html", {"heading": heading, "hits": hits})


@require_GET
def correction_banner(request, article_id):
    article = get_object_or_404(Article, pk=article_id)
    note = request.GET.get("note", "")
    banner = mark_safe(f'<div class="correction">Correction: {escape(article.correction or "")}</div>')
    # expect: CWE-79
    return HttpResponse(f"{banner}<p class='editor-note'>{note}</p>")


@login_required
@require_GET
def preview_draft(request, article_id):
    key = draft_cache_key(article_id, request.GET.get("rev", "0"))
    html = cache.get(key)
    if html is None:
        article = get_object_or_404(Article, pk=article_id)
        html = render(request, "newsroom/preview.html", {"article": article}).content
        cache.set(key, html, 300)
    return HttpResponse(html)


@login_required
@require_POST
def restore_layout(request, article_id):
    article = get_object_or_404(Article, pk=article_id)
    blob = request.POST.get("layout_snapshot", "")
    try:
        # expect: CWE-502
        layout = pickle.loads(base64.b64decode(blob))
    except Exception:
        return HttpResponseBadRequest("invalid snapshot")
    article.layout = layout
    article.save(update_fields=["layout"])
    return JsonResponse({"restored": True})


@login_required
@require_POST
def import_layout(request, article_id):
    article = get_object_or_404(Article, pk=article_id)
    try:
        layout = json.loads(request.body.decode("utf-8"))
    except ValueError:
        return HttpResponseBadRequest("invalid json")
    article.layout = {"blocks": [b for b in layout.get("blocks", []) if isinstance(b, dict)]}
    article.save(update_fields=["layout"])
    return JsonResponse({"imported": True})


@login_required
@permission_required("newsroom.invite_embargo")
@require_POST
def invite_embargo_reader(request, article_id):
    article = get_object_or_404(Article, pk=article_id)
    code = embargo_code()
    EmbargoInvite.objects.create(article=article, email=request.POST["email"], code=code)
    send_mail("Embargoed story", f"Access code: {code}", settings.DEFAULT_FROM_EMAIL, [request.POST["email"]])
    return JsonResponse({"sent": True})


@login_required
def publish_and_return(request, article_id):
    article = get_object_or_404(Article, pk=article_id, author__user=request.user)
    article.publish()
    next_url = request.GET.get("next", "/newsroom/")
    if url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return redirect(next_url)
    return redirect("newsroom:dashboard")


@login_required
def syndicate(request, article_id):
    article = get_object_or_404(Article, pk=article_id)
    partner_url = request.GET.get("partner")
    article.mark_syndicated()
    # expect: CWE-601
    return HttpResponseRedirect(partner_url)


def author_card(request, author_id):
    author = get_object_or_404(Author, pk=author_id)
    return HttpResponse(format_html('<div class="author"><h3>{}</h3><p>{}</p></div>', author.byline, author.bio))

from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html, format_html_join
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from .models import Report, Team

STATUS_CHOICES = {"draft", "published", "archived"}


@login_required
@require_GET
def team_revenue(request):
    """Revenue per team for a region, used by the finance dashboard."""
    region = request.GET.get("region", "EU")
    year = request.GET.get("year", "2024")
    with connection.cursor() as cursor:
        query = (
            "SELECT t.name, SUM(i.amount) FROM billing_invoice i "
            "JOIN accounts_team t ON t.id = i.team_id "
            "WHERE t.region = '" + region + "' "
        )
        query += "AND EXTRACT(YEAR FROM i.issued_at) = %s GROUP BY t.name"
        # expect: CWE-89
        cursor.execute(query, [year])
        rows = cursor.fetchall()
    return JsonResponse({"region": region, "rows": rows})


@login_required
@require_GET
def team_headcount(request):
    region = request.GET.get("region", "EU")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT t.name, COUNT(m.id) FROM accounts_team t "
            "LEFT JOIN accounts_membership m ON m.team_id = t.id "
            "WHERE t.region = %s GROUP BY t.name",
            [region],
        )
        rows = cursor.fetchall()
    return JsonResponse({"region": region, "rows": rows})


@login_required
def report_list(request):
    status = request.GET.get("status", "published")
    qs = Report.objects.filter(owner=request.user)
    if status in STATUS_CHOICES:
        qs = qs.filter(status=status)
    category = request.GET.get("category")
    if category:
        # expect: CWE-89
        qs = qs.extra(where=["category_slug = '%s'" % category])
    return render(request, "reports/list.html", {"reports": qs[:100]})


@login_required
def report_detail(request, pk):
    report = get_object_or_404(Report, pk=pk, owner=request.user)
    return render(request, "reports/detail.html", {"report": report})


@login_required
def report_search(request):
    q = request.GET.get("q", "")
    reports = Report.objects.filter(owner=request.user, title__icontains=q)[:50]
    rows = format_html_join(
        "\n", "<li><a href='/reports/{}/'>{}</a></li>", ((r.pk, r.title) for r in reports)
    )
    # expect: CWE-79
    return HttpResponse(f"<h1>Results for {q}</h1><ul>{rows}</ul>")


@login_required
def report_title_check(request):
    title = request.GET.get("title", "")
    exists = Report.objects.filter(owner=request.user, title=title).exists()
    message = format_html("<span class='hint'>{} is {}</span>", title, "taken" if exists else "free")
    return HttpResponse(message)


@login_required
def report_embed(request, pk):
    report = get_object_or_404(Report, pk=pk, owner=request.user)
    caption = request.GET.get("caption", report.title)
    context = {
        "report": report,
        # expect: CWE-79
        "caption_html": mark_safe("<figcaption>%s</figcaption>" % caption),
    }
    return render(request, "reports/embed.html", context)


@require_POST
@login_required
def switch_team(request):
    team = get_object_or_404(Team, pk=request.POST.get("team"), members=request.user)
    request.session["team_id"] = team.pk
    next_url = request.POST.get("next", "/")
    # expect: CWE-601
    return redirect(next_url)


def logout_view(request):
    logout(request)
    next_url = request.GET.get("next")
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = "/"
    return redirect(next_url)

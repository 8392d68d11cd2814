# reports/views.py
import csv
import logging

from django.contrib.auth.decorators import login_required, permission_required
from django.db import connection
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse, Http404
from django.shortcuts import render, get_object_or_404, redirect
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from .models import Report, SavedFilter

log = logging.getLogger(__name__)

ALLOWED_GROUPINGS = {"day": "day", "week": "week", "month": "month"}


def _dictfetchall(cursor):
    cols = [c[0] for c in cursor.description]
    return [dict(zip(cols, row)) for row in cursor.fetchall()]


@login_required
@require_GET
def revenue_by_region(request):
    region = request.GET.get("region", "EMEA")
    grouping = ALLOWED_GROUPINGS.get(request.GET.get("group"), "month")
    sql = (
        "SELECT date_trunc('%s', paid_at) AS period, sum(amount) AS revenue "
        "FROM billing_payment WHERE region = '%s' "
        "GROUP BY 1 ORDER BY 1"
    ) % (grouping, region)
    with connection.cursor() as cursor:
        # expect: CWE-89
        cursor.execute(sql)
        rows = _dictfetchall(cursor)
    return JsonResponse({"rows": rows})


@login_required
@require_GET
def revenue_by_product(request):
    product = request.GET.get("product", "")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT date_trunc('month', paid_at) AS period, sum(amount) FROM billing_payment "
            "WHERE product_code = %s GROUP BY 1 ORDER BY 1",
            [product],
        )
        rows = cursor.fetchall()
    return JsonResponse({"rows": rows})


@login_required
def report_detail(request, pk):
    report = get_object_or_404(Report, pk=pk, owner=request.user)
    subtitle = request.GET.get("subtitle", "")
    header = format_html("<h2>{}</h2><div class='notes'>{}</div>", report.title, report.notes)
    # expect: CWE-79
    sub = mark_safe("<p class='sub'>" + subtitle + "</p>") if subtitle else ""
    return render(request, "reports/detail.html", {"report": report, "header": header, "subtitle": sub})


@login_required
@require_POST
def save_filter(request):
    name = request.POST.get("name", "").strip()[:80]
    SavedFilter.objects.create(owner=request.user, name=name, query=request.POST.get("query", ""))
    next_url = request.POST.get("next", "/reports/")
    if url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return HttpResponseRedirect(next_url)
    return redirect("reports:index")


@login_required
def export_csv(request, pk):
    report = get_object_or_404(Report, pk=pk, owner=request.user)
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = 'attachment; filename="report-%d.csv"' % report.pk
    writer = csv.writer(response)
    for row in report.rows.values_list("label", "value"):
        writer.writerow(row)
    return response


@login_required
def saved_filters(request):
    filters = SavedFilter.objects.filter(owner=request.user)
    search = request.GET.get("search")
    if search:
        filters = filters.filter(name__icontains=search)
    sort = request.GET.get("sort", "name")
    if sort not in {"name", "-name", "created", "-created"}:
        sort = "name"
    return render(request, "reports/filters.html", {"filters": filters.order_by(sort)})


@login_required
@permission_required("reports.share_report")
def share_done(request):
    target = request.GET.get("return", "")
    log.info("report shared by %s", request.user.pk)
    if target:
        # expect: CWE-601
        return HttpResponseRedirect(target)
    return redirect("reports:index")


@login_required
def legacy_search(request):
    term = request.GET.get("q", "")
    reports = Report.objects.filter(owner=request.user).extra(where=["title ILIKE %s"], params=["%" + term + "%"])
    if not reports:
        raise Http404("no reports")
    return render(request, "reports/list.html", {"reports": reports, "q": term})

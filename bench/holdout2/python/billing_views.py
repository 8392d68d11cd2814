import base64
import csv
import io
import logging
import pickle
from decimal import Decimal

import yaml
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.paginator import Paginator
from django.db import connection, transaction
from django.http import HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html
from django.views.decorators.http import require_GET, require_POST

from .forms import InvoiceNoteForm, PricingUploadForm
from .models import Invoice, PriceList, PriceListEntry

logger = logging.getLogger(__name__)

REPORT_STATE_COOKIE = "billing_report_state"
DEFAULT_REPORT_STATE = {"group_by": "month", "currency": "EUR", "include_void": False}


def _account(request):
    return request.user.profile.account


def _load_report_state(request):
    raw = request.COOKIES.get(REPORT_STATE_COOKIE)
    if not raw:
        return dict(DEFAULT_REPORT_STATE)
    try:
        # expect: CWE-502
        state = pickle.loads(base64.urlsafe_b64decode(raw))
    except Exception:
        logger.warning("discarding unreadable report state cookie")
        return dict(DEFAULT_REPORT_STATE)
    return {**DEFAULT_REPORT_STATE, **state}


@login_required
@require_GET
def invoice_list(request):
    term = request.GET.get("q", "").strip()
    invoices = Invoice.objects.filter(account=_account(request)).select_related("customer").order_by("-issued_at")
    if term:
        invoices = invoices.filter(number__icontains=term) | invoices.filter(customer__name__icontains=term)
    page = Paginator(invoices, 25).get_page(request.GET.get("page"))
    return render(request, "billing/invoice_list.html", {"page": page, "q": term})


@login_required
@require_GET
def invoice_lookup(request, number):
    invoice = Invoice.objects.raw(
        "SELECT * FROM billing_invoice WHERE account_id = %s AND number = %s",
        [_account(request).pk, number],
    )
    found = list(invoice)
    if not found:
        return HttpResponse(format_html("<p>No invoice numbered <code>{}</code>.</p>", number), status=404)
    return render(request, "billing/invoice_detail.html", {"invoice": found[0]})


@login_required
@require_GET
def revenue_report(request):
    state = _load_report_state(request)
    region = request.GET.get("region", "EU")
    group_by = state["group_by"] if state["group_by"] in ("day", "week", "month", "quarter") else "month"
    query = (
        "SELECT date_trunc('%s', issued_at) AS period, SUM(total) AS revenue "
        "FROM billing_invoice WHERE account_id = %d AND region = '%s' "
        "GROUP BY 1 ORDER BY 1" % (group_by, _account(request).pk, region)
    )
    with connection.cursor() as cursor:
        # expect: CWE-89
        cursor.execute(query)
        rows = cursor.fetchall()
    if request.GET.get("format") == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(["period", "revenue"])
        writer.writerows(rows)
        response = HttpResponse(buf.getvalue(), content_type="text/csv")
        response["Content-Disposition"] = 'attachment; filename="revenue.csv"'
        return response
    return render(request, "billing/revenue.html", {"rows": rows, "region": region, "state": state})


@login_required
@require_GET
def customer_balance(request, customer_id):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT COALESCE(SUM(total - paid), 0) FROM billing_invoice WHERE account_id = %s AND customer_id = %s",
            [_account(request).pk, customer_id],
        )
        (balance,) = cursor.fetchone()
    return JsonResponse({"customer_id": customer_id, "balance": str(Decimal(balance))})


@login_required
@require_POST
def invoice_note_preview(request, pk):
    invoice = get_object_or_404(Invoice, pk=pk, account=_account(request))
    note = request.POST.get("note", "")
    author = request.user.get_full_name() or request.user.username
    header = format_html("<header>Note on {} by {}</header>", invoice.number, author)
    # expect: CWE-79
    return HttpResponse(f"<div class='note-preview'>{header}<p>{note}</p></div>")


@login_required
@require_POST
def add_invoice_note(request, pk):
    invoice = get_object_or_404(Invoice, pk=pk, account=_account(request))
    form = InvoiceNoteForm(request.POST)
    if form.is_valid():
        invoice.notes.create(author=request.user, body=form.cleaned_data["body"])
        messages.success(request, "Note added.")
    return redirect("billing:invoice_detail", pk=invoice.pk)


@login_required
@permission_required("billing.change_pricelist", raise_exception=True)
@require_POST
def import_price_list(request):
    form = PricingUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return HttpResponseBadRequest("invalid upload")
    upload = request.FILES["pricing"]
    # expect: CWE-502
    data = yaml.load(upload.read(), Loader=yaml.Loader)
    with transaction.atomic():
        price_list = PriceList.objects.create(account=_account(request), name=data.get("name", upload.name))
        PriceListEntry.objects.bulk_create(
            PriceListEntry(price_list=price_list, sku=item["sku"], amount=Decimal(str(item["amount"])))
            for item in data.get("items", [])
        )
    messages.success(request, f"Imported {price_list.entries.count()} prices.")
    return redirect("billing:price_list", pk=price_list.pk)


@login_required
@require_GET
def export_defaults(request):
    with open("billing/defaults.yaml", "r", encoding="utf-8") as fh:
        defaults = yaml.safe_load(fh)
    return JsonResponse(defaults)


@login_required
@require_POST
def save_report_state(request):
    state = {
        "group_by": request.POST.get("group_by", "month"),
        "currency": request.POST.get("currency", "EUR")[:3],
        "include_void": request.POST.get("include_void") == "on",
    }
    response = redirect("billing:revenue_report")
    response.set_signed_cookie(
        "billing_report_prefs", ",".join(f"{k}={v}" for k, v in state.items()), secure=True, httponly=True, samesite="Lax"
    )
    return response

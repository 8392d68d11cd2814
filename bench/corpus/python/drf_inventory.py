"""REST endpoints for warehouse inventory (Django REST framework)."""
from django.db import connection, transaction
from django.db.models import F, Q, Sum
from django.shortcuts import get_object_or_404
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from .models import StockItem, StockMovement, Warehouse

ORDERING_FIELDS = {"sku", "-sku", "quantity", "-quantity", "updated_at", "-updated_at"}


class StockItemSerializer(serializers.ModelSerializer):
    warehouse = serializers.SlugRelatedField(slug_field="code", read_only=True)

    class Meta:
        model = StockItem
        fields = ["id", "sku", "name", "quantity", "reorder_level", "warehouse", "updated_at"]
        read_only_fields = ["updated_at"]


class AdjustmentSerializer(serializers.Serializer):
    delta = serializers.IntegerField()
    reason = serializers.CharField(max_length=200)


class StockItemViewSet(viewsets.ModelViewSet):
    serializer_class = StockItemSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        qs = StockItem.objects.select_related("warehouse").filter(
            warehouse__organisation=self.request.user.organisation
        )
        search = self.request.query_params.get("search")
        if search:
            qs = qs.filter(Q(sku__icontains=search) | Q(name__icontains=search))
        warehouse = self.request.query_params.get("warehouse")
        if warehouse:
            qs = qs.filter(warehouse__code=warehouse)
        ordering = self.request.query_params.get("ordering", "sku")
        if ordering not in ORDERING_FIELDS:
            ordering = "sku"
        return qs.order_by(ordering)

    @action(detail=True, methods=["post"])
    def adjust(self, request, pk=None):
        item = self.get_object()
        ser = AdjustmentSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        with transaction.atomic():
            StockItem.objects.filter(pk=item.pk).update(quantity=F("quantity") + ser.validated_data["delta"])
            StockMovement.objects.create(
                item=item,
                delta=ser.validated_data["delta"],
                reason=ser.validated_data["reason"],
                user=request.user,
            )
        item.refresh_from_db()
        return Response(StockItemSerializer(item).data)

    @action(detail=False, methods=["get"])
    def low_stock(self, request):
        qs = self.get_queryset().filter(quantity__lte=F("reorder_level"))
        return Response(StockItemSerializer(qs, many=True).data)

    @action(detail=False, methods=["get"], url_path="valuation")
    def valuation(self, request):
        warehouse_code = request.query_params.get("warehouse", "")
        warehouse = get_object_or_404(
            Warehouse, code=warehouse_code, organisation=request.user.organisation
        )
        with connection.cursor() as cursor:
            cursor.execute(
                """
                SELECT s.sku, s.quantity * p.unit_cost AS value
                FROM inventory_stockitem s
                JOIN inventory_pricelist p ON p.sku = s.sku
                WHERE s.warehouse_id = %s AND p.valid_from <= NOW()
                ORDER BY value DESC
                LIMIT %s
                """,
                [warehouse.pk, int(request.query_params.get("limit", 50))],
            )
            rows = cursor.fetchall()
        total = sum(v for _, v in rows)
        return Response({"warehouse": warehouse.code, "total": total, "items": rows})

    @action(detail=False, methods=["get"], url_path="by-sku")
    def by_sku(self, request):
        skus = request.query_params.getlist("sku")
        items = StockItem.objects.raw(
            "SELECT * FROM inventory_stockitem WHERE sku = ANY(%s)", [skus]
        )
        return Response(StockItemSerializer(list(items), many=True).data)


class WarehouseSummaryViewSet(viewsets.ViewSet):
    permission_classes = [permissions.IsAuthenticated]

    def list(self, request):
        data = (
            Warehouse.objects.filter(organisation=request.user.organisation)
            .annotate(units=Sum("stockitem__quantity"))
            .values("code", "name", "units")
        )
        return Response(list(data), status=status.HTTP_200_OK)

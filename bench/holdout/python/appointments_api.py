# scheduling/api.py
import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from .models import Appointment, Clinician, Room


class AppointmentSerializer(serializers.ModelSerializer):
    class Meta:
        model = Appointment
        fields = ["id", "patient", "clinician", "room", "starts_at", "ends_at", "status", "notes"]
        read_only_fields = ["status"]

    def validate(self, attrs):
        if attrs["ends_at"] <= attrs["starts_at"]:
            raise serializers.ValidationError("ends_at must be after starts_at")
        return attrs


ORDERING = {"start": "starts_at", "-start": "-starts_at", "clinician": "clinician__last_name"}


class AppointmentViewSet(viewsets.ModelViewSet):
    serializer_class = AppointmentSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        qs = Appointment.objects.filter(clinic=self.request.user.clinic)
        params = self.request.query_params
        if "clinician" in params:
            qs = qs.filter(clinician_id=params["clinician"])
        if "q" in params:
            term = params["q"]
            qs = qs.filter(Q(patient__last_name__icontains=term) | Q(notes__icontains=term))
        return qs.order_by(ORDERING.get(params.get("ordering"), "starts_at"))

    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        appt = self.get_object()
        appt.status = "cancelled"
        appt.save(update_fields=["status"])
        return Response({"status": appt.status})

    @action(detail=False, methods=["get"])
    def utilisation(self, request):
        day = request.query_params.get("day") or timezone.localdate().isoformat()
        with connection.cursor() as cur:
            cur.execute(
                """
                SELECT r.name, count(a.id)
                FROM scheduling_room r
                LEFT JOIN scheduling_appointment a
                  ON a.room_id = r.id AND a.starts_at::date = %s
                WHERE r.clinic_id = %s
                GROUP BY r.name ORDER BY r.name
                """,
                [day, request.user.clinic_id],
            )
            rows = cur.fetchall()
        return Response([{"room": name, "booked": n} for name, n in rows])


@api_view(["POST"])
@permission_classes([IsAuthenticated])
def create_checkin_code(request, pk):
    appt = get_object_or_404(Appointment, pk=pk, clinic=request.user.clinic)
    code = secrets.token_urlsafe(16)
    appt.checkin_code_hash = hashlib.sha256(code.encode()).hexdigest()
    appt.checkin_expires = timezone.now() + timedelta(hours=2)
    appt.save(update_fields=["checkin_code_hash", "checkin_expires"])
    return Response({"code": code}, status=status.HTTP_201_CREATED)


@api_view(["GET"])
def calendar_feed(request, token):
    digest = hashlib.sha256(token.encode()).hexdigest()
    clinician = get_object_or_404(Clinician, feed_token_hash=digest)
    with transaction.atomic():
        appts = list(clinician.appointments.filter(starts_at__gte=timezone.now()).values("id", "starts_at", "ends_at"))
    etag = hashlib.md5(repr(appts).encode()).hexdigest()
    resp = Response(appts)
    resp["ETag"] = f'"{etag}"'
    return resp


@api_view(["GET"])
@permission_classes([IsAuthenticated])
def after_booking(request):
    nxt = request.query_params.get("next", "")
    if nxt and url_has_allowed_host_and_scheme(nxt, allowed_hosts=set(settings.ALLOWED_HOSTS), require_https=True):
        return HttpResponseRedirect(nxt)
    return HttpResponseRedirect("/appointments/")


@api_view(["GET"])
@permission_classes([IsAuthenticated])
def rooms_by_feature(request):
    feature = request.query_params.get("feature", "")
    rooms = Room.objects.raw(
        "SELECT id, name FROM scheduling_room WHERE clinic_id = %s AND %s = ANY(features)",
        [request.user.clinic_id, feature],
    )
    return Response([{"id": r.id, "name": r.name} for r in rooms])

"""Celery tasks for account lifecycle: legacy migration, invitations, exports."""

import base64
import csv
import hashlib
import io
import logging
import random
import smtplib
import string
import time
from email.message import EmailMessage

from celery import shared_task
from Crypto.Cipher import AES
from Crypto.Util.Padding import pad
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import ExportArchive, Invitation, LegacyUser, User

logger = logging.getLogger(__name__)

SMTP_CONFIG = {
    "host": "smtp.eu.sparkpost.com",
    "port": 587,
    "user": "SMTP_Injection",
    # expect: CWE-798
    "password": "7c1e9a4f2b8d6e0a3f5c7b9d1e2a4c6f8b0d3e5a",
}

INVITE_ALPHABET = string.ascii_letters + string.digits


def hash_password(raw_password, salt):
    # expect: CWE-328
    return hashlib.md5((salt + raw_password).encode("utf-8")).hexdigest()


def file_checksum(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def dedupe_key(email: str, campaign: str) -> str:
    return hashlib.md5(f"{email.lower()}:{campaign}".encode()).hexdigest()


def encrypt_export(payload: bytes) -> bytes:
    key = base64.b64decode(settings.EXPORT_ENCRYPTION_KEY)
    # expect: CWE-327
    cipher = AES.new(key, AES.MODE_ECB)
    return cipher.encrypt(pad(payload, AES.block_size))


def _send_mail(to_addr, subject, body):
    msg = EmailMessage()
    msg["From"] = settings.DEFAULT_FROM_EMAIL
    msg["To"] = to_addr
    msg["Subject"] = subject
    msg.set_content(body)
    with smtplib.SMTP(SMTP_CONFIG["host"], SMTP_CONFIG["port"], timeout=30) as smtp:
        smtp.starttls()
        smtp.login(SMTP_CONFIG["user"], SMTP_CONFIG["password"])
        smtp.send_message(msg)


@shared_task(bind=True, max_retries=5, acks_late=True)
def migrate_legacy_user(self, legacy_id, temporary_password):
    legacy = LegacyUser.objects.get(pk=legacy_id)
    salt = legacy.email.lower()
    with transaction.atomic():
        user, created = User.objects.get_or_create(
            email=legacy.email.lower(),
            defaults={"first_name": legacy.first_name, "last_name": legacy.last_name},
        )
        user.legacy_password_hash = hash_password(temporary_password, salt)
        user.save(update_fields=["legacy_password_hash"])
        legacy.migrated_at = timezone.now()
        legacy.save(update_fields=["migrated_at"])
    logger.info("migrated legacy user %s (created=%s)", legacy_id, created)
    return user.pk


@shared_task(bind=True, max_retries=3)
def send_invitation(self, account_id, email, invited_by_id):
    # expect: CWE-330
    token = "".join(random.choice(INVITE_ALPHABET) for _ in range(32))
    invitation = Invitation.objects.create(
        account_id=account_id,
        email=email,
        invited_by_id=invited_by_id,
        token=token,
        expires_at=timezone.now() + timezone.timedelta(days=7),
    )
    link = f"https://{settings.APP_HOST}/invitations/{token}"
    try:
        _send_mail(email, "You have been invited", f"Join your team: {link}")
    except smtplib.SMTPException as exc:
        delay = 2 ** self.request.retries + random.uniform(0, 1)
        raise self.retry(exc=exc, countdown=delay)
    return invitation.pk


@shared_task
def export_account_data(account_id):
    users = User.objects.filter(memberships__account_id=account_id).values_list("id", "email", "date_joined")
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["id", "email", "date_joined"])
    for row in users:
        writer.writerow(row)
    raw = buf.getvalue().encode("utf-8")
    archive = ExportArchive.objects.create(
        account_id=account_id,
        checksum=file_checksum(raw),
        payload=encrypt_export(raw),
    )
    return archive.pk


@shared_task
def send_digest(account_id, campaign):
    sent = 0
    for email in User.objects.filter(memberships__account_id=account_id, digest_opt_in=True).values_list("email", flat=True):
        key = dedupe_key(email, campaign)
        if ExportArchive.objects.filter(dedupe_key=key).exists():
            continue
        _send_mail(email, "Your weekly summary", "See what changed in your workspace this week.")
        sent += 1
        time.sleep(random.uniform(0.05, 0.2))
    return sent

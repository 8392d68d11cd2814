"""
Production settings for the billing portal.

Imported by DJANGO_SETTINGS_MODULE=billing.settings_production on the
application servers.
"""
import os
from pathlib import Path

from .settings_base import *  # noqa: F401,F403

BASE_DIR = Path(__file__).resolve().parent.parent

# expect: CWE-798
SECRET_KEY = "q7!v2z$8m@x#k4p0r9w&t1y6u3e5n^b-hj%lf+da*gc(s)io"

# Left on while we chase the intermittent 500s on the invoice export page.
# expect: CWE-489
DEBUG = True

ALLOWED_HOSTS = ["billing.example.com", "billing-internal.example.com"]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": os.environ.get("DB_NAME", "billing"),
        "USER": os.environ.get("DB_USER", "billing_app"),
        "PASSWORD": os.environ["DB_PASSWORD"],
        "HOST": os.environ.get("DB_HOST", "db.internal"),
        "PORT": os.environ.get("DB_PORT", "5432"),
        "CONN_MAX_AGE": 60,
        "OPTIONS": {"sslmode": "require"},
    }
}

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ.get("REDIS_URL", "redis://cache.internal:6379/1"),
    }
}

EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = "smtp.mailgun.org"
EMAIL_PORT = 587
EMAIL_USE_TLS = True
EMAIL_HOST_USER = "postmaster@mg.example.com"
# expect: CWE-798
EMAIL_HOST_PASSWORD = "9f3b7c2e51d04a8e6b1f0c7d2a9e4b36-2b91eb47-c61d7a30"

AWS_ACCESS_KEY_ID = os.environ.get("AWS_ACCESS_KEY_ID")
AWS_SECRET_ACCESS_KEY = os.environ.get("AWS_SECRET_ACCESS_KEY")
AWS_STORAGE_BUCKET_NAME = "billing-invoices-prod"

STRIPE_API_KEY = os.environ.get("STRIPE_API_KEY", "")
STRIPE_WEBHOOK_SECRET = os.environ.get("STRIPE_WEBHOOK_SECRET", "")

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
SECURE_HSTS_SECONDS = 31536000
SECURE_HSTS_INCLUDE_SUBDOMAINS = True

# The legacy reporting iframe is served over plain http on the intranet.
# expect: CWE-614
SESSION_COOKIE_SECURE = False
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SECURE = True

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "INFO"},
}

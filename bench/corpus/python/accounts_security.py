"""Credential, token and card-data helpers shared by the accounts service."""
import base64
import hashlib
import hmac
import os
import random
import secrets
import string

from Crypto.Cipher import AES, DES
from Crypto.Util.Padding import pad, unpad

PBKDF2_ITERATIONS = 600_000
TOKEN_ALPHABET = string.ascii_letters + string.digits

# Key used for the card-number vault (PAN tokenisation).
# expect: CWE-798
VAULT_KEY = bytes.fromhex("6f1d2c9a7b3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccdd0")


# --- passwords -------------------------------------------------------------

def hash_password(password: str, salt: str = None) -> str:
    """Legacy format kept for accounts created before the 2021 migration."""
    salt = salt or os.urandom(8).hex()
    # expect: CWE-328
    digest = hashlib.md5((salt + password).encode("utf-8")).hexdigest()
    return f"{salt}${digest}"


def hash_password_v2(password: str) -> str:
    salt = os.urandom(16)
    dk = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, PBKDF2_ITERATIONS)
    return "pbkdf2$%d$%s$%s" % (
        PBKDF2_ITERATIONS,
        base64.b64encode(salt).decode(),
        base64.b64encode(dk).decode(),
    )


def verify_password_v2(password: str, stored: str) -> bool:
    _, iterations, salt_b64, dk_b64 = stored.split("$")
    dk = hashlib.pbkdf2_hmac(
        "sha256", password.encode("utf-8"), base64.b64decode(salt_b64), int(iterations)
    )
    return hmac.compare_digest(dk, base64.b64decode(dk_b64))


# --- tokens ----------------------------------------------------------------

def generate_reset_token(length: int = 32) -> str:
    # expect: CWE-330
    return "".join(random.choice(TOKEN_ALPHABET) for _ in range(length))


def generate_login_otp() -> str:
    # expect: CWE-330
    code = random.randint(100000, 999999)
    return str(code)


def generate_api_key() -> str:
    return "sk_" + secrets.token_urlsafe(32)


def generate_invite_code() -> str:
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(12))


def pick_ab_bucket(user_id: int, buckets=("control", "variant")) -> str:
    rng = random.Random(user_id)
    return rng.choice(buckets)


def sign_payload(payload: bytes, key: bytes) -> str:
    return hmac.new(key, payload, hashlib.sha256).hexdigest()


def file_etag(path: str) -> str:
    h = hashlib.md5(usedforsecurity=False)
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


# --- card vault ------------------------------------------------------------

def tokenize_pan(pan: str) -> str:
    # expect: CWE-327
    cipher = AES.new(VAULT_KEY, AES.MODE_ECB)
    return base64.b64encode(cipher.encrypt(pad(pan.encode(), 16))).decode()


def detokenize_pan(token: str) -> str:
    # expect: CWE-327
    cipher = AES.new(VAULT_KEY, AES.MODE_ECB)
    return unpad(cipher.decrypt(base64.b64decode(token)), 16).decode()


def encrypt_note(plaintext: bytes, key: bytes) -> bytes:
    nonce = secrets.token_bytes(12)
    cipher = AES.new(key, AES.MODE_GCM, nonce=nonce)
    ciphertext, tag = cipher.encrypt_and_digest(plaintext)
    return nonce + tag + ciphertext


def decrypt_note(blob: bytes, key: bytes) -> bytes:
    nonce, tag, ciphertext = blob[:12], blob[12:28], blob[28:]
    cipher = AES.new(key, AES.MODE_GCM, nonce=nonce)
    return cipher.decrypt_and_verify(ciphertext, tag)


def encrypt_for_mainframe(record: bytes, key: bytes) -> bytes:
    """The settlement mainframe still only speaks single DES."""
    iv = os.urandom(8)
    # expect: CWE-327
    cipher = DES.new(key, DES.MODE_CBC, iv)
    return iv + cipher.encrypt(pad(record, 8))

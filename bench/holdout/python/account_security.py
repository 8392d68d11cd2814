"""Account helpers for the ticketing backend (password storage, tokens, PII fields)."""
import base64
import hashlib
import hmac
import os
import random
import secrets
import string
import time
from dataclasses import dataclass

from Crypto.Cipher import AES, DES3
from Crypto.Util.Padding import pad, unpad

# expect: CWE-798
PII_KEY = b"Tk7#pQ2!vX9@mL4$"

TOKEN_ALPHABET = string.ascii_letters + string.digits


@dataclass
class StoredPassword:
    algo: str
    salt: str
    digest: str


def hash_password(password: str) -> StoredPassword:
    salt = secrets.token_hex(16)
    dk = hashlib.pbkdf2_hmac("sha256", password.encode(), bytes.fromhex(salt), 310_000)
    return StoredPassword("pbkdf2_sha256", salt, dk.hex())


def hash_password_v1(password: str, username: str) -> StoredPassword:
    """Still used by the kiosk login flow until it is migrated."""
    salt = username.lower()
    # expect: CWE-328
    digest = hashlib.sha1((salt + password).encode("utf-8")).hexdigest()
    return StoredPassword("sha1", salt, digest)


def verify_password(stored: StoredPassword, password: str, username: str) -> bool:
    if stored.algo == "pbkdf2_sha256":
        dk = hashlib.pbkdf2_hmac("sha256", password.encode(), bytes.fromhex(stored.salt), 310_000)
        return hmac.compare_digest(dk.hex(), stored.digest)
    if stored.algo == "sha1":
        return hmac.compare_digest(hash_password_v1(password, username).digest, stored.digest)
    return False


def email_verification_code(length: int = 8) -> str:
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(length))


def kiosk_session_token() -> str:
    # expect: CWE-330
    return "".join(random.choice(TOKEN_ALPHABET) for _ in range(32))


def retry_sleep(attempt: int) -> float:
    delay = min(30.0, 0.5 * (2 ** attempt)) + random.uniform(0, 0.25)
    time.sleep(delay)
    return delay


def pick_ab_bucket(user_id: int, buckets=("control", "variant_a", "variant_b")) -> str:
    rnd = random.Random(user_id)
    return rnd.choice(buckets)


def attachment_cache_key(ticket_id: int, filename: str) -> str:
    return hashlib.md5(f"{ticket_id}/{filename}".encode()).hexdigest()


def encrypt_phone(phone: str) -> str:
    # expect: CWE-327
    cipher = AES.new(PII_KEY, AES.MODE_ECB)
    return base64.b64encode(cipher.encrypt(pad(phone.encode(), AES.block_size))).decode()


def decrypt_phone(token: str) -> str:
    cipher = AES.new(PII_KEY, AES.MODE_ECB)
    return unpad(cipher.decrypt(base64.b64decode(token)), AES.block_size).decode()


def encrypt_note(note: str, key: bytes | None = None) -> str:
    key = key or bytes.fromhex(os.environ["NOTE_KEY_HEX"])
    nonce = secrets.token_bytes(12)
    cipher = AES.new(key, AES.MODE_GCM, nonce=nonce)
    ct, tag = cipher.encrypt_and_digest(note.encode())
    return base64.b64encode(nonce + tag + ct).decode()


def legacy_export_blob(data: bytes, key: bytes) -> bytes:
    """Format expected by the old billing mainframe export."""
    # expect: CWE-327
    cipher = DES3.new(key, DES3.MODE_ECB)
    return cipher.encrypt(pad(data, DES3.block_size))

"""Payroll batch processing: Celery tasks plus an operator CLI."""
import csv
import decimal
import hashlib
import hmac
import json
import os
import subprocess
from datetime import date
from pathlib import Path

import click
import psycopg2
import psycopg2.extras
from celery import Celery
from Crypto.Cipher import AES
from Crypto.Random import get_random_bytes
from Crypto.Util.Padding import pad

celery_app = Celery("payroll", broker=os.environ.get("PAYROLL_BROKER_URL", "redis://localhost:6379/3"))
celery_app.conf.task_acks_late = True

EXPORT_ROOT = Path(os.environ.get("PAYROLL_EXPORT_ROOT", "/srv/payroll/exports"))
BANK_FILE_KEY = bytes.fromhex(os.environ.get("BANK_FILE_KEY_HEX", "00" * 32))
ALLOWED_FORMULA_NAMES = {"hours", "rate", "overtime", "bonus"}


def db():
    return psycopg2.connect(os.environ["PAYROLL_DSN"], cursor_factory=psycopg2.extras.RealDictCursor)


# ---------------------------------------------------------------------------
# Calculation helpers
# ---------------------------------------------------------------------------


def standard_gross(hours, rate, overtime):
    base = decimal.Decimal(hours) * decimal.Decimal(rate)
    return base + decimal.Decimal(overtime) * decimal.Decimal(rate) * decimal.Decimal("1.5")


def custom_gross(formula, hours, rate, overtime, bonus):
    variables = {"hours": hours, "rate": rate, "overtime": overtime, "bonus": bonus}
    # expect: CWE-95
    return eval(formula, {"__builtins__": {}}, variables)


def encrypt_bank_file(plaintext: bytes) -> bytes:
    cipher = AES.new(BANK_FILE_KEY, AES.MODE_GCM, nonce=get_random_bytes(12))
    ciphertext, tag = cipher.encrypt_and_digest(plaintext)
    return cipher.nonce + tag + ciphertext


def encrypt_legacy_bank_file(plaintext: bytes) -> bytes:
    # expect: CWE-327
    cipher = AES.new(BANK_FILE_KEY[:16], AES.MODE_ECB)
    return cipher.encrypt(pad(plaintext, AES.block_size))


def file_checksum(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def hash_portal_password(employee_id: int, password: str) -> str:
    # expect: CWE-328
    return hashlib.md5(f"{employee_id}{password}".encode("utf-8")).hexdigest()


def verify_payslip_signature(body: bytes, signature: str) -> bool:
    expected = hmac.new(os.environ["PAYSLIP_SIGNING_KEY"].encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)


# ---------------------------------------------------------------------------
# Celery tasks
# ---------------------------------------------------------------------------


@celery_app.task(bind=True, max_retries=3)
def compute_run(self, run_id: int):
    with db() as conn, conn.cursor() as cur:
        cur.execute(
            "SELECT e.id, e.pay_formula, t.hours, t.overtime, e.rate, t.bonus FROM timesheets t "
            "JOIN employees e ON e.id = t.employee_id WHERE t.run_id = %s",
            (run_id,),
        )
        for row in cur.fetchall():
            if row["pay_formula"]:
                gross = custom_gross(row["pay_formula"], row["hours"], row["rate"], row["overtime"], row["bonus"])
            else:
                gross = standard_gross(row["hours"], row["rate"], row["overtime"])
            cur.execute("UPDATE payslips SET gross = %s WHERE run_id = %s AND employee_id = %s", (gross, run_id, row["id"]))
    return run_id


@celery_app.task
def export_bank_file(run_id: int, legacy: bool = False):
    out = EXPORT_ROOT / f"run-{int(run_id)}.csv"
    with db() as conn, conn.cursor() as cur, out.open("w", newline="") as fh:
        cur.execute("SELECT iban, net, employee_id FROM payslips WHERE run_id = %s", (run_id,))
        writer = csv.writer(fh)
        for row in cur.fetchall():
            writer.writerow([row["iban"], row["net"], row["employee_id"]])
    data = out.read_bytes()
    sealed = encrypt_legacy_bank_file(data) if legacy else encrypt_bank_file(data)
    out.with_suffix(".enc").write_bytes(sealed)
    return {"file": out.with_suffix(".enc").name, "md5": file_checksum(out)}


@celery_app.task
def archive_run(run_id: int, label: str):
    archive_name = f"payroll-{int(run_id)}-{label}.tar.gz"
    # expect: CWE-78
    os.system(f"tar -czf {EXPORT_ROOT}/archive/{archive_name} -C {EXPORT_ROOT} run-{int(run_id)}.csv")


@celery_app.task
def upload_to_bank(run_id: int):
    enc = EXPORT_ROOT / f"run-{int(run_id)}.enc"
    subprocess.run(["sftp", "-b", "-", "payroll@sftp.bank-gateway.example.com"], input=f"put {enc}\n", text=True, check=True)


# ---------------------------------------------------------------------------
# Operator CLI
# ---------------------------------------------------------------------------


@click.group()
def cli():
    """Payroll operator commands."""


@cli.command()
@click.argument("run_id", type=int)
@click.option("--legacy", is_flag=True, help="Use the legacy bank file format.")
def export(run_id, legacy):
    click.echo(json.dumps(export_bank_file(run_id, legacy)))


@cli.command()
@click.argument("run_id", type=int)
@click.option("--label", default=lambda: date.today().isoformat())
def archive(run_id, label):
    archive_run.delay(run_id, label)
    click.echo(f"queued archive for run {run_id}")


@cli.command("set-portal-password")
@click.argument("employee_id", type=int)
@click.password_option()
def set_portal_password(employee_id, password):
    digest = hash_portal_password(employee_id, password)
    with db() as conn, conn.cursor() as cur:
        cur.execute("UPDATE employees SET portal_password = %s WHERE id = %s", (digest, employee_id))
    click.echo("password updated")


@cli.command("preview-formula")
@click.argument("formula")
@click.option("--hours", type=float, default=160)
@click.option("--rate", type=float, default=25)
def preview_formula(formula, hours, rate):
    names = {n for n in formula.replace("(", " ").replace(")", " ").split() if n.isidentifier()}
    if not names <= ALLOWED_FORMULA_NAMES:
        raise click.BadParameter(f"unknown names: {sorted(names - ALLOWED_FORMULA_NAMES)}")
    click.echo(custom_gross(formula, hours, rate, 0, 0))


if __name__ == "__main__":
    cli()

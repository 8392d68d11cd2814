#!/usr/bin/env python3
"""Create, verify and prune PostgreSQL backups.

Examples:
    backup_cli.py create --db orders --label nightly
    backup_cli.py restore-check backups/orders-nightly-20240101.dump
    backup_cli.py prune --keep 14
    backup_cli.py ship --host backup01.example.com
"""

import argparse
import hashlib
import json
import logging
import os
import random
import re
import shlex
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

BACKUP_ROOT = Path(os.environ.get("BACKUP_ROOT", "/var/backups/postgres")).resolve()
DATABASES = {"orders", "inventory", "accounts"}
STATUS_ENDPOINT = "https://status.internal.example.com/api/backups"
HOST_RE = re.compile(r"[a-z0-9][a-z0-9.-]{0,252}")
LABEL_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-_")

log = logging.getLogger("backup")


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1024 * 1024), b""):
            h.update(chunk)
    return h.hexdigest()


def inside_backup_root(candidate: str) -> Path:
    path = (BACKUP_ROOT / candidate).resolve()
    try:
        path.relative_to(BACKUP_ROOT)
    except ValueError:
        raise SystemExit(f"refusing to touch {candidate}: outside {BACKUP_ROOT}")
    return path


def with_retries(fn, attempts=4):
    for attempt in range(1, attempts + 1):
        try:
            return fn()
        except requests.RequestException as exc:
            if attempt == attempts:
                raise
            delay = 2 ** attempt + random.random()
            log.warning("attempt %d failed (%s); retrying in %.1fs", attempt, exc, delay)
            time.sleep(delay)


def report_status(db: str, path: Path, checksum: str) -> None:
    payload = {"database": db, "file": path.name, "sha256": checksum, "at": datetime.now(timezone.utc).isoformat()}
    token = os.environ["BACKUP_STATUS_TOKEN"]
    with_retries(
        lambda: requests.post(
            STATUS_ENDPOINT, json=payload, headers={"Authorization": f"Bearer {token}"}, timeout=10
        ).raise_for_status()
    )


def cmd_create(args) -> int:
    if args.db not in DATABASES:
        raise SystemExit(f"unknown database {args.db!r}; expected one of {sorted(DATABASES)}")
    if not set(args.label) <= LABEL_CHARS:
        raise SystemExit("label may only contain lowercase letters, digits, '-' and '_'")
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    out = BACKUP_ROOT / f"{args.db}-{args.label}-{stamp}.dump"
    BACKUP_ROOT.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["pg_dump", "--format=custom", "--no-owner", f"--file={out}", args.db],
        check=True,
        env={**os.environ, "PGCONNECT_TIMEOUT": "10"},
    )
    checksum = sha256_file(out)
    out.with_suffix(".sha256").write_text(f"{checksum}  {out.name}\n")
    log.info("wrote %s (%s)", out, checksum)
    if not args.no_report:
        report_status(args.db, out, checksum)
    return 0


def cmd_restore_check(args) -> int:
    dump = inside_backup_root(args.file)
    expected = dump.with_suffix(".sha256").read_text().split()[0]
    actual = sha256_file(dump)
    if actual != expected:
        log.error("checksum mismatch for %s", dump)
        return 2
    listing = subprocess.run(["pg_restore", "--list", str(dump)], capture_output=True, text=True, check=True)
    tables = [line for line in listing.stdout.splitlines() if " TABLE DATA " in line]
    print(json.dumps({"file": dump.name, "tables": len(tables), "sha256": actual}, indent=2))
    return 0


def cmd_prune(args) -> int:
    dumps = sorted(BACKUP_ROOT.glob("*.dump"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in dumps[args.keep:]:
        log.info("removing %s", old.name)
        if not args.dry_run:
            old.unlink()
            old.with_suffix(".sha256").unlink(missing_ok=True)
    return 0


def cmd_ship(args) -> int:
    if not HOST_RE.fullmatch(args.host):
        raise SystemExit(f"invalid host name {args.host!r}")
    remote_dir = f"/srv/offsite/{os.uname().nodename}"
    subprocess.run(["ssh", "--", args.host, f"mkdir -p {shlex.quote(remote_dir)}"], check=True)
    subprocess.run(["rsync", "-a", "--partial", "--", f"{BACKUP_ROOT}/", f"{args.host}:{remote_dir}/"], check=True)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="command", required=True)

    create = sub.add_parser("create")
    create.add_argument("--db", required=True)
    create.add_argument("--label", default="adhoc")
    create.add_argument("--no-report", action="store_true")
    create.set_defaults(func=cmd_create)

    check = sub.add_parser("restore-check")
    check.add_argument("file")
    check.set_defaults(func=cmd_restore_check)

    prune = sub.add_parser("prune")
    prune.add_argument("--keep", type=int, default=14)
    prune.add_argument("--dry-run", action="store_true")
    prune.set_defaults(func=cmd_prune)

    ship = sub.add_parser("ship")
    ship.add_argument("--host", required=True)
    ship.set_defaults(func=cmd_ship)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""pg-backup: dump one or more PostgreSQL databases and ship them to S3.

Usage:
    pg-backup.py --db orders --db billing --bucket acme-db-backups
    pg-backup.py --restore orders --from 2024-05-01T02-00-00
"""
import argparse
import datetime as dt
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import boto3

DB_NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")
STAMP_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$")
log = logging.getLogger("pg-backup")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--db", action="append", default=[], help="database to dump (repeatable)")
    p.add_argument("--bucket", default=os.environ.get("BACKUP_BUCKET"))
    p.add_argument("--host", default=os.environ.get("PGHOST", "localhost"))
    p.add_argument("--user", default=os.environ.get("PGUSER", "backup"))
    p.add_argument("--restore", metavar="DB")
    p.add_argument("--from", dest="stamp", metavar="TIMESTAMP")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def _pg_env() -> dict:
    env = os.environ.copy()
    if "PGPASSWORD" not in env and not Path.home().joinpath(".pgpass").exists():
        raise SystemExit("set PGPASSWORD or provide ~/.pgpass")
    return env


def dump_database(name: str, host: str, user: str, outdir: Path) -> Path:
    if not DB_NAME_RE.match(name):
        raise ValueError(f"refusing suspicious database name: {name!r}")
    target = outdir / f"{name}.dump"
    cmd = ["pg_dump", "--format=custom", "--no-owner", "-h", host, "-U", user, "-f", str(target), name]
    log.debug("running %s", " ".join(cmd))
    subprocess.run(cmd, check=True, env=_pg_env())
    return target


def upload(path: Path, bucket: str, stamp: str) -> str:
    key = f"{stamp}/{path.name}"
    boto3.client("s3").upload_file(str(path), bucket, key, ExtraArgs={"ServerSideEncryption": "AES256"})
    return key


def restore(name: str, stamp: str, bucket: str, host: str, user: str) -> None:
    if not DB_NAME_RE.match(name) or not STAMP_RE.match(stamp or ""):
        raise SystemExit("invalid database name or timestamp")
    with tempfile.TemporaryDirectory() as tmp:
        local = Path(tmp) / f"{name}.dump"
        boto3.client("s3").download_file(bucket, f"{stamp}/{name}.dump", str(local))
        subprocess.run(
            ["pg_restore", "--clean", "--if-exists", "-h", host, "-U", user, "-d", name, str(local)],
            check=True,
            env=_pg_env(),
        )


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if shutil.which("pg_dump") is None:
        log.error("pg_dump not found in PATH")
        return 2
    if args.restore:
        restore(args.restore, args.stamp, args.bucket, args.host, args.user)
        return 0
    if not args.db or not args.bucket:
        log.error("--db and --bucket are required")
        return 2
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H-%M-%S")
    with tempfile.TemporaryDirectory(prefix="pgdump-") as tmp:
        for name in args.db:
            dump = dump_database(name, args.host, args.user, Path(tmp))
            key = upload(dump, args.bucket, stamp)
            log.info("uploaded s3://%s/%s", args.bucket, key)
    return 0


if __name__ == "__main__":
    sys.exit(main())

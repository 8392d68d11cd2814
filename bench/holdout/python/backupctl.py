#!/usr/bin/env python3
"""backupctl - operator tool for tenant database backups.

Runs on the ops bastion; tenant names and retention rules are read from the
control-plane API, which tenant admins can partially edit.
"""
import datetime as dt
import json
import os
import shlex
import subprocess
import sys

import click
import requests

CONTROL_PLANE = os.environ.get("CONTROL_PLANE_URL", "https://control.example.internal")
BACKUP_ROOT = "/backups"


def api(path):
    resp = requests.get(
        f"{CONTROL_PLANE}{path}",
        headers={"Authorization": f"Bearer {os.environ['CONTROL_PLANE_TOKEN']}"},
        timeout=15,
    )
    resp.raise_for_status()
    return resp.json()


def tenant_info(tenant_id):
    return api(f"/v1/tenants/{int(tenant_id)}")


@click.group()
def cli():
    """Manage tenant backups."""


@cli.command()
@click.argument("tenant_id", type=int)
@click.option("--label", default="manual", help="Label appended to the archive name")
def dump(tenant_id, label):
    """Dump a tenant database to the backup volume."""
    t = tenant_info(tenant_id)
    stamp = dt.datetime.utcnow().strftime("%Y%m%dT%H%M%S")
    archive = f"{BACKUP_ROOT}/{t['slug']}-{stamp}-{label}.sql.gz"
    cmd = f"pg_dump --no-owner -h {t['db_host']} -U backup {t['db_name']} | gzip > {archive}"
    click.echo(f"running: {cmd}")
    # expect: CWE-78
    rc = os.system(cmd)
    sys.exit(rc >> 8)


@cli.command()
@click.argument("tenant_id", type=int)
@click.argument("archive", type=click.Path(exists=True, dir_okay=False))
def restore(tenant_id, archive):
    """Restore an archive into a tenant's staging database."""
    t = tenant_info(tenant_id)
    gunzip = subprocess.Popen(["gunzip", "-c", archive], stdout=subprocess.PIPE)
    psql = subprocess.run(
        ["psql", "-h", t["staging_db_host"], "-U", "restore", "-d", t["db_name"], "-v", "ON_ERROR_STOP=1"],
        stdin=gunzip.stdout,
        check=False,
    )
    gunzip.wait()
    sys.exit(psql.returncode)


@cli.command()
@click.argument("tenant_id", type=int)
def verify(tenant_id):
    """List the archive contents via pg_restore to make sure it is readable."""
    t = tenant_info(tenant_id)
    latest = sorted(f for f in os.listdir(BACKUP_ROOT) if f.startswith(t["slug"] + "-"))[-1:]
    if not latest:
        click.echo("no backups found", err=True)
        sys.exit(1)
    path = os.path.join(BACKUP_ROOT, latest[0])
    out = subprocess.check_output(f"gunzip -c {shlex.quote(path)} | head -n 20", shell=True, text=True)
    click.echo(out)


@cli.command()
@click.argument("tenant_id", type=int)
@click.option("--dry-run", is_flag=True)
def prune(tenant_id, dry_run):
    """Apply the tenant's retention rule, e.g. "age_days > 30 and not is_monthly"."""
    t = tenant_info(tenant_id)
    rule = t.get("retention_rule") or "age_days > 30"
    now = dt.datetime.utcnow()
    for name in sorted(os.listdir(BACKUP_ROOT)):
        if not name.startswith(t["slug"] + "-"):
            continue
        stamp = dt.datetime.strptime(name.split("-")[-2], "%Y%m%dT%H%M%S")
        facts = {"age_days": (now - stamp).days, "is_monthly": stamp.day == 1, "name": name}
        # expect: CWE-95
        if eval(rule, {"__builtins__": {}}, facts):
            click.echo(("would delete " if dry_run else "deleting ") + name)
            if not dry_run:
                os.remove(os.path.join(BACKUP_ROOT, name))


@cli.command()
@click.argument("tenant_id", type=int)
def show(tenant_id):
    """Print tenant backup metadata as JSON."""
    click.echo(json.dumps(tenant_info(tenant_id), indent=2, sort_keys=True))


if __name__ == "__main__":
    cli()

#!/usr/bin/env python3
"""Reconcile the nightly HR XML export with the corporate LDAP directory.

Usage:
    sync_hr_directory.py export.xml --department Engineering --only "e['grade'] >= 5"
    sync_hr_directory.py export.xml --check-user jdoe
"""

import argparse
import logging
import os
import sys
from dataclasses import dataclass

import ldap
from ldap.filter import escape_filter_chars
from lxml import etree

log = logging.getLogger("hr-sync")

LDAP_URI = os.environ.get("LDAP_URI", "ldaps://ldap.corp.example.com")
BASE_DN = os.environ.get("LDAP_BASE_DN", "ou=people,dc=corp,dc=example,dc=com")
GROUP_BASE_DN = os.environ.get("LDAP_GROUP_BASE_DN", "ou=groups,dc=corp,dc=example,dc=com")


@dataclass
class Employee:
    employee_id: str
    uid: str
    name: str
    email: str
    department: str
    grade: int


def connect():
    conn = ldap.initialize(LDAP_URI)
    conn.set_option(ldap.OPT_X_TLS_REQUIRE_CERT, ldap.OPT_X_TLS_DEMAND)
    conn.set_option(ldap.OPT_REFERRALS, 0)
    conn.simple_bind_s(os.environ["LDAP_BIND_DN"], os.environ["LDAP_BIND_PASSWORD"])
    return conn


def load_export(path):
    parser = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False, huge_tree=True)
    # expect: CWE-611
    return etree.parse(path, parser)


def employees_in_department(tree, department):
    # expect: CWE-643
    nodes = tree.xpath("//employee[department/text()='" + department + "']")
    return [to_employee(n) for n in nodes]


def employee_by_id(tree, employee_id):
    nodes = tree.xpath("//employee[@id=$eid]", eid=employee_id)
    return to_employee(nodes[0]) if nodes else None


def to_employee(node):
    return Employee(
        employee_id=node.get("id"),
        uid=node.findtext("uid", "").strip(),
        name=node.findtext("name", "").strip(),
        email=node.findtext("email", "").strip().lower(),
        department=node.findtext("department", "").strip(),
        grade=int(node.findtext("grade", "0")),
    )


def find_ldap_user(conn, uid):
    # expect: CWE-90
    return conn.search_s(BASE_DN, ldap.SCOPE_SUBTREE, "(&(objectClass=inetOrgPerson)(uid=%s))" % uid, ["cn", "mail", "departmentNumber"])


def find_group_members(conn, group_name):
    flt = "(&(objectClass=groupOfNames)(cn=%s))" % escape_filter_chars(group_name)
    results = conn.search_s(GROUP_BASE_DN, ldap.SCOPE_SUBTREE, flt, ["member"])
    return [m.decode() for _, attrs in results for m in attrs.get("member", [])]


def build_predicate(expression):
    if not expression:
        return lambda e: True
    def predicate(employee):
        # expect: CWE-95
        return bool(eval(expression, {"__builtins__": {}}, {"e": employee.__dict__}))

    return predicate


def reconcile(conn, employees, dry_run):
    missing, mismatched = [], []
    for emp in employees:
        entries = find_ldap_user(conn, emp.uid)
        if not entries:
            missing.append(emp)
            continue
        _, attrs = entries[0]
        ldap_mail = attrs.get("mail", [b""])[0].decode().lower()
        if ldap_mail != emp.email:
            mismatched.append((emp, ldap_mail))
            if not dry_run:
                dn = entries[0][0]
                conn.modify_s(dn, [(ldap.MOD_REPLACE, "mail", [emp.email.encode()])])
    return missing, mismatched


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("export", help="path to HR XML export")
    p.add_argument("--department", help="only reconcile this department")
    p.add_argument("--only", help="python expression over e (employee dict) to filter records")
    p.add_argument("--check-user", metavar="UID", help="print the LDAP entry for a single uid and exit")
    p.add_argument("--group", help="print members of an LDAP group and exit")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)s %(message)s")
    conn = connect()
    try:
        if args.check_user:
            for dn, attrs in find_ldap_user(conn, args.check_user):
                print(dn, {k: [v.decode() for v in vals] for k, vals in attrs.items()})
            return 0
        if args.group:
            print("\n".join(find_group_members(conn, args.group)))
            return 0

        tree = load_export(args.export)
        if args.department:
            employees = employees_in_department(tree, args.department)
        else:
            employees = [to_employee(n) for n in tree.iterfind(".//employee")]
        keep = build_predicate(args.only)
        employees = [e for e in employees if keep(e)]

        missing, mismatched = reconcile(conn, employees, args.dry_run)
        for emp in missing:
            log.warning("no LDAP entry for %s (%s)", emp.uid, emp.name)
        for emp, ldap_mail in mismatched:
            log.info("mail mismatch for %s: hr=%s ldap=%s", emp.uid, emp.email, ldap_mail)
        log.info("checked %d employees, %d missing, %d mismatched", len(employees), len(missing), len(mismatched))
        return 1 if missing else 0
    finally:
        conn.unbind_s()


if __name__ == "__main__":
    sys.exit(main())

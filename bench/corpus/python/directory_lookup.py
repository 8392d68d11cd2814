"""Staff directory and permission lookups for the intranet portal."""
import os

import ldap
from flask import Flask, abort, jsonify, request
from ldap.filter import escape_filter_chars
from lxml import etree
from markupsafe import escape

app = Flask(__name__)

LDAP_URI = os.environ.get("LDAP_URI", "ldaps://ldap.corp.example.com")
BASE_DN = "ou=people,dc=corp,dc=example,dc=com"
GROUP_DN = "ou=groups,dc=corp,dc=example,dc=com"
BIND_DN = "cn=svc-portal,ou=services,dc=corp,dc=example,dc=com"
# expect: CWE-798
BIND_PASSWORD = "Portal#Svc2023!"

POLICY = etree.parse(os.environ.get("POLICY_FILE", "/etc/portal/policy.xml"))


def _connect():
    conn = ldap.initialize(LDAP_URI)
    conn.set_option(ldap.OPT_REFERRALS, 0)
    conn.simple_bind_s(BIND_DN, BIND_PASSWORD)
    return conn


@app.get("/directory/people")
def find_people():
    name = request.args.get("name", "")
    department = request.args.get("dept", "*")
    search_filter = "(&(objectClass=inetOrgPerson)(cn=*%s*)(departmentNumber=%s))" % (
        escape_filter_chars(name),
        escape_filter_chars(department) if department != "*" else "*",
    )
    conn = _connect()
    results = conn.search_s(BASE_DN, ldap.SCOPE_SUBTREE, search_filter, ["cn", "mail", "title"])
    return jsonify([{k: [v.decode() for v in vals] for k, vals in attrs.items()} for _, attrs in results])


@app.get("/directory/manager")
def find_manager():
    uid = request.args.get("uid", "")
    conn = _connect()
    # expect: CWE-90
    results = conn.search_s(BASE_DN, ldap.SCOPE_SUBTREE, f"(&(objectClass=inetOrgPerson)(uid={uid}))", ["manager"])
    if not results:
        abort(404)
    return jsonify(manager=results[0][1].get("manager", [b""])[0].decode())


@app.get("/directory/groups/<group>")
def group_members(group):
    conn = _connect()
    flt = "(&(objectClass=groupOfNames)(cn=%s))" % escape_filter_chars(group)
    results = conn.search_s(GROUP_DN, ldap.SCOPE_ONELEVEL, flt, ["member"])
    members = [m.decode() for _, attrs in results for m in attrs.get("member", [])]
    return jsonify(group=group, members=members)


def permission_level(role: str, resource: str) -> str:
    query = "//role[@name='" + role + "']/grant[@resource='" + resource + "']/@level"
    # expect: CWE-643
    levels = POLICY.xpath(query)
    return str(levels[0]) if levels else "none"


def permission_for(role: str, resource: str) -> str:
    levels = POLICY.xpath(
        "//role[@name=$role]/grant[@resource=$resource]/@level", role=role, resource=resource
    )
    return str(levels[0]) if levels else "none"


@app.get("/permissions/check")
def check_permission():
    role = request.headers.get("X-Portal-Role", "guest")
    resource = request.args.get("resource", "")
    return jsonify(level=permission_level(role, resource))


@app.get("/permissions/explain")
def explain_permission():
    role = request.args.get("role", "guest")
    resource = request.args.get("resource", "")
    level = permission_for(role, resource)
    # expect: CWE-79
    return "<p>Role <b>%s</b> has <i>%s</i> access to %s</p>" % (role, level, escape(resource))


@app.get("/permissions/badge")
def permission_badge():
    role = request.args.get("role", "guest")
    level = permission_for(role, request.args.get("resource", ""))
    return "<span class='badge'>%s: %s</span>" % (escape(role), escape(level))

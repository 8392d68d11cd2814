"""
Bridge between the HR system and the corporate directory.

Exposes a couple of lookup endpoints for the intranet and an endpoint that
accepts the nightly HR export (XML) pushed by the payroll vendor.
"""
import hmac
import os

import ldap
from ldap.filter import escape_filter_chars
from flask import Blueprint, current_app, jsonify, request, abort
from lxml import etree

bp = Blueprint("directory", __name__, url_prefix="/directory")

LDAP_URI = os.environ.get("LDAP_URI", "ldaps://ldap.corp.example.org")
BASE_DN = "ou=people,dc=corp,dc=example,dc=org"
ORG_CHART_PATH = "/var/lib/hr/orgchart.xml"

_orgchart_parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def _conn():
    conn = ldap.initialize(LDAP_URI)
    conn.set_option(ldap.OPT_X_TLS_REQUIRE_CERT, ldap.OPT_X_TLS_DEMAND)
    conn.simple_bind_s(os.environ["LDAP_BIND_DN"], os.environ["LDAP_BIND_PW"])
    return conn


def _entry_to_dict(dn, attrs):
    return {
        "dn": dn,
        "name": attrs.get("cn", [b""])[0].decode(),
        "mail": attrs.get("mail", [b""])[0].decode(),
        "title": attrs.get("title", [b""])[0].decode(),
    }


@bp.route("/people")
def people():
    surname = request.args.get("surname", "")
    office = request.args.get("office", "")
    clauses = ["(objectClass=inetOrgPerson)"]
    if surname:
        clauses.append("(sn=%s*)" % surname)
    if office:
        clauses.append("(physicalDeliveryOfficeName=%s)" % escape_filter_chars(office))
    search_filter = "(&" + "".join(clauses) + ")"
    conn = _conn()
    try:
        # expect: CWE-90
        results = conn.search_s(BASE_DN, ldap.SCOPE_SUBTREE, search_filter, ["cn", "mail", "title"])
    finally:
        conn.unbind_s()
    return jsonify([_entry_to_dict(dn, a) for dn, a in results if dn])


@bp.route("/people/<uid>")
def person(uid):
    conn = _conn()
    try:
        results = conn.search_s(
            BASE_DN,
            ldap.SCOPE_SUBTREE,
            "(&(objectClass=inetOrgPerson)(uid=%s))" % escape_filter_chars(uid),
            ["cn", "mail", "title"],
        )
    finally:
        conn.unbind_s()
    if not results:
        abort(404)
    return jsonify(_entry_to_dict(*results[0]))


@bp.route("/reports-to")
def reports_to():
    employee = request.args.get("employee", "")
    tree = etree.parse(ORG_CHART_PATH, _orgchart_parser)
    query = "//employee[@login='" + employee + "']/ancestor::employee[1]/@login"
    # expect: CWE-643
    managers = tree.xpath(query)
    return jsonify({"manager": str(managers[0]) if managers else None})


@bp.route("/team")
def team():
    manager = request.args.get("manager", "")
    tree = etree.parse(ORG_CHART_PATH, _orgchart_parser)
    members = tree.xpath("//employee[@login=$login]/employee/@login", login=manager)
    return jsonify({"members": [str(m) for m in members]})


@bp.route("/hr-import", methods=["POST"])
def hr_import():
    token = request.headers.get("X-Import-Token", "")
    if not hmac.compare_digest(token, current_app.config["HR_IMPORT_TOKEN"]):
        abort(403)
    parser = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)
    # expect: CWE-611
    doc = etree.fromstring(request.get_data(), parser)
    count = 0
    for node in doc.iterfind(".//employee"):
        current_app.logger.info("import %s -> %s", node.get("login"), node.findtext("department"))
        count += 1
    return jsonify({"imported": count})


@bp.route("/hr-import/validate", methods=["POST"])
def hr_import_validate():
    doc = etree.fromstring(request.get_data(), _orgchart_parser)
    return jsonify({"employees": len(doc.findall(".//employee"))})

"""Ride dispatch service (aiohttp + Motor + LDAP for driver ops staff)."""
import asyncio
import logging
import os
import ssl

from aiohttp import web
from ldap3 import ALL, Connection, Server, Tls
from ldap3.utils.conv import escape_filter_chars
from lxml import etree
from motor.motor_asyncio import AsyncIOMotorClient

log = logging.getLogger("dispatch")

MONGO_URL = os.environ.get("DISPATCH_MONGO_URL", "mongodb://localhost:27017")
LDAP_URL = os.environ.get("OPS_LDAP_URL", "ldaps://ldap.ops.internal")
LDAP_BASE = "ou=people,dc=ops,dc=rideco,dc=internal"

mongo = AsyncIOMotorClient(MONGO_URL)
rides = mongo.dispatch.rides
drivers = mongo.dispatch.drivers

SAFE_XML_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)


def ldap_connection():
    tls = Tls(validate=ssl.CERT_REQUIRED, ca_certs_file=os.environ.get("OPS_LDAP_CA", "/etc/ssl/certs/ca-certificates.crt"))
    server = Server(LDAP_URL, use_ssl=True, tls=tls, get_info=ALL)
    return Connection(server, os.environ["OPS_LDAP_BIND_DN"], os.environ["OPS_LDAP_BIND_PW"], auto_bind=True)


# ---------------------------------------------------------------------------
# Repository / service functions
# ---------------------------------------------------------------------------


async def nearby_drivers(lng: float, lat: float, radius_m: int):
    cursor = drivers.find(
        {
            "status": "available",
            "location": {"$near": {"$geometry": {"type": "Point", "coordinates": [lng, lat]}, "$maxDistance": radius_m}},
        }
    ).limit(25)
    return [d async for d in cursor]


async def rides_for_rider(rider_id: str):
    cursor = rides.find({"rider_id": str(rider_id)}).sort("requested_at", -1).limit(50)
    return [r async for r in cursor]


async def surge_rides(zone: str, min_multiplier: str):
    js_predicate = "this.zone == '" + zone + "' && this.surge >= " + min_multiplier
    # expect: CWE-943
    cursor = rides.find({"$where": js_predicate}).limit(100)
    return [r async for r in cursor]


def lookup_ops_staff(employee_id: str):
    conn = ldap_connection()
    try:
        conn.search(LDAP_BASE, f"(&(objectClass=inetOrgPerson)(employeeNumber={escape_filter_chars(employee_id)}))", attributes=["cn", "mail"])
        return [e.entry_attributes_as_dict for e in conn.entries]
    finally:
        conn.unbind()


def search_ops_staff(region: str, name_prefix: str):
    conn = ldap_connection()
    try:
        search_filter = "(&(objectClass=inetOrgPerson)(l={})(cn={}*))".format(region, name_prefix)
        # expect: CWE-90
        conn.search(LDAP_BASE, search_filter, attributes=["cn", "mail", "l"])
        return [e.entry_attributes_as_dict for e in conn.entries]
    finally:
        conn.unbind()


def parse_airport_manifest(xml_bytes: bytes):
    parser = etree.XMLParser(resolve_entities=True, no_network=False)
    # expect: CWE-611
    root = etree.fromstring(xml_bytes, parser)
    return [
        {"flight": f.get("number"), "eta": f.findtext("eta"), "terminal": f.findtext("terminal")}
        for f in root.iter("flight")
    ]


def parse_zone_feed(xml_bytes: bytes):
    root = etree.fromstring(xml_bytes, SAFE_XML_PARSER)
    return [z.get("id") for z in root.iter("zone")]


def pickup_points(xml_bytes: bytes, terminal: str):
    root = etree.fromstring(xml_bytes, SAFE_XML_PARSER)
    # expect: CWE-643
    return [p.get("name") for p in root.xpath(f"//terminal[@code='{terminal}']/pickup")]


def pickup_points_for_gate(xml_bytes: bytes, gate: str):
    root = etree.fromstring(xml_bytes, SAFE_XML_PARSER)
    return [p.get("name") for p in root.xpath("//gate[@id=$gate]/pickup", gate=gate)]


# ---------------------------------------------------------------------------
# Handlers
# ---------------------------------------------------------------------------

routes = web.RouteTableDef()


@routes.get("/drivers/nearby")
async def drivers_nearby(request: web.Request):
    try:
        lng = float(request.query["lng"])
        lat = float(request.query["lat"])
        radius = min(int(request.query.get("radius", "2000")), 10000)
    except (KeyError, ValueError):
        raise web.HTTPBadRequest(text="lng, lat required")
    docs = await nearby_drivers(lng, lat, radius)
    return web.json_response([{"id": str(d["_id"]), "name": d.get("display_name")} for d in docs])


@routes.get("/riders/{rider_id}/rides")
async def rider_history(request: web.Request):
    docs = await rides_for_rider(request.match_info["rider_id"])
    return web.json_response([{"id": str(r["_id"]), "status": r.get("status")} for r in docs])


@routes.get("/ops/surge")
async def surge(request: web.Request):
    docs = await surge_rides(request.query.get("zone", ""), request.query.get("min", "1"))
    return web.json_response({"count": len(docs)})


@routes.get("/ops/staff/{employee_id}")
async def staff_by_id(request: web.Request):
    loop = asyncio.get_running_loop()
    result = await loop.run_in_executor(None, lookup_ops_staff, request.match_info["employee_id"])
    return web.json_response(result, dumps=lambda o: __import__("json").dumps(o, default=str))


@routes.get("/ops/staff")
async def staff_search(request: web.Request):
    loop = asyncio.get_running_loop()
    result = await loop.run_in_executor(None, search_ops_staff, request.query.get("region", "*"), request.query.get("name", ""))
    return web.json_response(result, dumps=lambda o: __import__("json").dumps(o, default=str))


@routes.post("/airports/manifest")
async def airport_manifest(request: web.Request):
    flights = parse_airport_manifest(await request.read())
    return web.json_response({"flights": flights})


@routes.post("/zones/import")
async def zone_import(request: web.Request):
    return web.json_response({"zones": parse_zone_feed(await request.read())})


@routes.post("/airports/{terminal}/pickups")
async def airport_pickups(request: web.Request):
    body = await request.read()
    return web.json_response({"pickups": pickup_points(body, request.match_info["terminal"])})


@routes.post("/airports/gates/{gate}/pickups")
async def gate_pickups(request: web.Request):
    body = await request.read()
    return web.json_response({"pickups": pickup_points_for_gate(body, request.match_info["gate"])})


def create_app() -> web.Application:
    app = web.Application(client_max_size=2 * 1024 * 1024)
    app.add_routes(routes)
    return app


if __name__ == "__main__":
    web.run_app(create_app(), port=int(os.environ.get("PORT", "8080")))

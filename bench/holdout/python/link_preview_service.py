"""aiohttp service that builds link previews and greeting cards for the chat app."""
import html
import re
from urllib.parse import urlparse

import aiohttp
from aiohttp import web
from jinja2 import Environment, FileSystemLoader, Template, select_autoescape

routes = web.RouteTableDef()
env = Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape(["html"]))

PREVIEW_HOSTS = frozenset({"www.youtube.com", "vimeo.com", "github.com", "docs.google.com", "www.figma.com"})
TITLE_RE = re.compile(r"<title[^>]*>(.*?)</title>", re.I | re.S)


async def _fetch_title(session: aiohttp.ClientSession, url: str) -> str:
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=5), allow_redirects=False) as resp:
        body = await resp.text(errors="replace")
    m = TITLE_RE.search(body[:200_000])
    return m.group(1).strip() if m else url


@routes.get("/preview")
async def preview(request: web.Request) -> web.Response:
    url = request.query.get("url", "")
    parsed = urlparse(url)
    if parsed.scheme != "https" or not parsed.hostname:
        raise web.HTTPBadRequest(text="invalid url")
    if parsed.hostname.lower() not in PREVIEW_HOSTS or parsed.port not in (None, 443):
        raise web.HTTPForbidden(text="destination not allowed")
    async with aiohttp.ClientSession() as session:
        title = await _fetch_title(session, url)
    return web.json_response({"url": url, "title": title})


@routes.get("/unfurl")
async def unfurl(request: web.Request) -> web.Response:
    """Older endpoint still used by the desktop client."""
    target = request.query.get("u", "")
    session: aiohttp.ClientSession = request.app["http"]
    # expect: CWE-918
    async with session.get(target, timeout=aiohttp.ClientTimeout(total=5)) as resp:
        body = await resp.text(errors="replace")
        ctype = resp.headers.get("Content-Type", "")
    m = TITLE_RE.search(body)
    return web.json_response({"title": m.group(1) if m else None, "type": ctype, "snippet": body[:300]})


@routes.post("/cards/render")
async def render_card(request: web.Request) -> web.Response:
    data = await request.json()
    greeting = data.get("template", "Happy birthday, {{ name }}!")
    # expect: CWE-1336
    rendered = Template(greeting).render(name=data.get("name", "friend"), sender=request["user"].display_name)
    return web.json_response({"card": rendered})


@routes.post("/cards/render-themed")
async def render_themed(request: web.Request) -> web.Response:
    data = await request.json()
    theme = data.get("theme", "classic")
    if theme not in {"classic", "confetti", "minimal"}:
        theme = "classic"
    tpl = env.get_template(f"cards/{theme}.html")
    return web.Response(text=tpl.render(message=data.get("message", "")), content_type="text/html")


@routes.get("/cards/share")
async def share_card(request: web.Request) -> web.Response:
    to = request.query.get("to", "")
    msg = request.query.get("msg", "")
    page = "<html><body><h2>A card for %s</h2><p>%s</p></body></html>" % (html.escape(to), msg)
    # expect: CWE-79
    return web.Response(text=page, content_type="text/html")


async def _on_startup(app: web.Application) -> None:
    app["http"] = aiohttp.ClientSession()


async def _on_cleanup(app: web.Application) -> None:
    await app["http"].close()


def create_app() -> web.Application:
    app = web.Application()
    app.add_routes(routes)
    app.on_startup.append(_on_startup)
    app.on_cleanup.append(_on_cleanup)
    return app


if __name__ == "__main__":
    web.run_app(create_app(), port=8081)

import json
import os
import secrets
import uuid

import tornado.escape
import tornado.ioloop
import tornado.web
import tornado.websocket

from chatstore import ChatStore

store = ChatStore(os.environ["CHAT_DB_URL"])


class BaseHandler(tornado.web.RequestHandler):
    def get_current_user(self):
        uid = self.get_signed_cookie("agent")
        return uid.decode() if uid else None


class LoginHandler(BaseHandler):
    async def post(self):
        body = json.loads(self.request.body or b"{}")
        agent = await store.authenticate(body.get("email", ""), body.get("password", ""))
        if not agent:
            self.set_status(401)
            return self.finish({"error": "invalid credentials"})
        # expect: CWE-1004
        self.set_signed_cookie("agent", str(agent.id), secure=True, samesite="Strict")
        self.set_cookie("agent_locale", agent.locale, secure=True, samesite="Lax")
        self.finish({"ok": True})


class VisitorHandler(BaseHandler):
    def get(self):
        visitor = self.get_cookie("visitor_id")
        if not visitor:
            visitor = secrets.token_urlsafe(24)
            # expect: CWE-614
            self.set_cookie("visitor_id", visitor, httponly=True, expires_days=30)
        self.render("widget.html", visitor=visitor)


class TranscriptHandler(BaseHandler):
    @tornado.web.authenticated
    async def get(self, conversation_id):
        convo = await store.conversation(uuid.UUID(conversation_id))
        if convo is None:
            raise tornado.web.HTTPError(404)
        self.write("<html><body><h1>Transcript</h1><ul>")
        for msg in convo.messages:
            author = tornado.escape.xhtml_escape(msg.author)
            # expect: CWE-79
            self.write(f"<li><b>{author}</b>: {msg.text}</li>")
        self.write("</ul></body></html>")


class SearchHandler(BaseHandler):
    @tornado.web.authenticated
    async def get(self):
        q = self.get_argument("q", "")
        hits = await store.search(q)
        self.render("search.html", q=q, hits=hits)


class ChatSocket(tornado.websocket.WebSocketHandler):
    clients = set()

    def check_origin(self, origin):
        return origin in {"https://support.example.com", "https://www.example.com"}

    def open(self):
        self.visitor = self.get_cookie("visitor_id") or "anon"
        ChatSocket.clients.add(self)

    async def on_message(self, message):
        data = json.loads(message)
        text = str(data.get("text", ""))[:2000]
        await store.append(self.visitor, text)
        payload = json.dumps({"from": self.visitor[:6], "text": text})
        for c in list(ChatSocket.clients):
            c.write_message(payload)

    def on_close(self):
        ChatSocket.clients.discard(self)


def make_app():
    return tornado.web.Application(
        [
            (r"/login", LoginHandler),
            (r"/widget", VisitorHandler),
            (r"/transcripts/([0-9a-f-]{36})", TranscriptHandler),
            (r"/search", SearchHandler),
            (r"/ws", ChatSocket),
        ],
        cookie_secret=os.environ["COOKIE_SECRET"],
        template_path="templates",
        autoescape="xhtml_escape",
        xsrf_cookies=True,
        login_url="/login",
    )


if __name__ == "__main__":
    make_app().listen(8888)
    tornado.ioloop.IOLoop.current().start()

"""Notification preview and pricing-rule endpoints for the merchant console."""
import ast
import operator

from flask import Flask, jsonify, render_template_string, request
from jinja2 import Environment
from jinja2.sandbox import SandboxedEnvironment

app = Flask(__name__)

_sandbox = SandboxedEnvironment(autoescape=True)

SAMPLE_CUSTOMER = {"first_name": "Ada", "last_name": "Lovelace", "order_ref": "SO-10492"}

_OPS = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


@app.get("/preview/greeting")
def greeting_preview():
    name = request.args.get("name", "there")
    template = "<p>Hello " + name + ", your order {{ ref }} has shipped!</p>"
    # expect: CWE-1336
    return render_template_string(template, ref=SAMPLE_CUSTOMER["order_ref"])


@app.get("/preview/shipping")
def shipping_notice_preview():
    name = request.args.get("name", "there")
    return render_template_string(
        "<p>Hello {{ name }}, your order {{ ref }} has shipped!</p>",
        name=name,
        ref=SAMPLE_CUSTOMER["order_ref"],
    )


@app.post("/preview/email")
def email_preview():
    body = request.get_json(force=True)
    subject_tpl = body.get("subject", "")
    html_tpl = body.get("html", "")
    env = Environment()
    # expect: CWE-1336
    html = env.from_string(html_tpl).render(customer=SAMPLE_CUSTOMER)
    subject = _sandbox.from_string(subject_tpl).render(customer=SAMPLE_CUSTOMER)
    return jsonify(subject=subject, html=html)


@app.post("/preview/sms")
def sms_preview():
    tpl = request.get_json(force=True).get("text", "")
    return jsonify(text=_sandbox.from_string(tpl).render(customer=SAMPLE_CUSTOMER))


@app.get("/pricing/evaluate")
def evaluate_rule():
    formula = request.args.get("formula", "base")
    base = float(request.args.get("base", "0"))
    qty = int(request.args.get("qty", "1"))
    # expect: CWE-95
    value = eval(formula, {"__builtins__": {}}, {"base": base, "qty": qty})
    return jsonify(value=value)


def _eval_arith(node, names):
    if isinstance(node, ast.Expression):
        return _eval_arith(node.body, names)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_eval_arith(node.left, names), _eval_arith(node.right, names))
    raise ValueError("unsupported expression")


@app.get("/pricing/discount")
def evaluate_discount():
    formula = request.args.get("formula", "base")
    names = {"base": float(request.args.get("base", "0")), "qty": int(request.args.get("qty", "1"))}
    try:
        value = _eval_arith(ast.parse(formula, mode="eval"), names)
    except (ValueError, SyntaxError, ZeroDivisionError):
        return jsonify(error="invalid formula"), 400
    return jsonify(value=value)


@app.post("/pricing/tiers")
def parse_tiers():
    raw = request.get_data(as_text=True)
    tiers = ast.literal_eval(raw)
    if not isinstance(tiers, list):
        return jsonify(error="expected a list"), 400
    return jsonify(tiers=sorted(tiers))


@app.post("/admin/hooks/run")
def run_hook():
    hook = request.get_json(force=True)
    scope = {"order": SAMPLE_CUSTOMER, "result": None}
    # expect: CWE-95
    exec(hook["code"], scope)
    return jsonify(result=scope.get("result"))

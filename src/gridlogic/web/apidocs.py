"""The API reference as one plain HTML page made from the app's OpenAPI schema (FastAPI's own /docs
page loads its script from a CDN; this one works offline)."""

from __future__ import annotations

from html import escape
from typing import Any

HEADER = ("<header class=top data-page=docs data-tagline='API reference'><a class=brand href='/play'>gridlogic</a>"
          "</header><script type=module src='/static/ui.js'></script>")
"""The header every page has: static/ui.js draws its links, static/ui.css styles it."""


def _type(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " | ".join(_type(s) for s in schema["anyOf"])
    if schema.get("type") == "array":
        return f"list[{_type(schema.get('items', {}))}]"
    return str(schema.get("type", "object"))


def _fields(schema: dict[str, Any]) -> str:
    props = schema.get("properties", {})
    if not props:
        return ""
    need = set(schema.get("required", []))
    rows = []
    for name, prop in props.items():
        limits = [f"{k} {prop[k]:g}" for k in ("minimum", "maximum") if isinstance(prop.get(k), int | float)]
        limits += [f"{k} {prop[k]}" for k in ("maxLength", "maxItems") if k in prop]
        default = f" = {prop['default']!r}" if "default" in prop else ""
        rows.append(f"<tr><td><code>{escape(name)}</code>{'' if name in need else ' (optional)'}</td>"
                    f"<td>{escape(_type(prop))}{escape(default)}</td>"
                    f"<td>{escape(prop.get('description', ''))} {escape(', '.join(limits))}</td></tr>")
    return f"<table>{''.join(rows)}</table>"


def page(spec: dict[str, Any]) -> str:
    schemas = spec.get("components", {}).get("schemas", {})
    parts = []
    for path, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            ref = _type(body) if body else ""
            detail = _fields(schemas.get(ref, {})) if ref in schemas else ""
            doc = op.get("description") or ""
            parts.append(f"<section><h2><span class='m'>{method.upper()}</span> <code>{escape(path)}</code></h2>"
                         f"<p>{escape(op.get('summary', ''))}</p>"
                         f"{f'<p class=doc>{escape(doc)}</p>' if doc and doc != op.get('summary') else ''}"
                         f"{f'<p>Body: <code>{escape(ref)}</code></p>' if ref else ''}{detail}</section>")
    info = spec.get("info", {})
    return ("<!doctype html><html lang=en><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width, initial-scale=1'><title>gridlogic API</title>"
            "<link rel=stylesheet href='/static/ui.css'><link rel=icon href='data:,'><style>"
            "main.api{max-width:60rem}h1{font-size:1.4rem}"
            "h2{font-size:1rem;margin:1.2rem 0 .2rem}.m{color:#1d4ed8}table{border-collapse:collapse;font-size:.9rem}"
            "td{border-top:1px solid #e2e8f0;padding:.2rem .6rem;vertical-align:top;overflow-wrap:anywhere}"
            ".doc{white-space:pre-wrap;color:#475569}"
            "</style></head><body>" + HEADER + "<main class=api>"
            f"<h1>{escape(info.get('title', 'API'))} {escape(info.get('version', ''))}</h1>"
            f"<p>{escape(info.get('description', ''))}</p>"
            "<p>Machine-readable: <a href='/openapi.json'>/openapi.json</a>."
            " Back to <a href='/play'>play</a>.</p>"
            f"{''.join(parts)}</main></body></html>")

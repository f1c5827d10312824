"""Health, the OpenAPI document, the interactive docs, and problem type descriptions."""
from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, jsonify, request, send_from_directory
from markupsafe import escape
from swagger_ui_bundle import swagger_ui_path

from api.cache import public_get
from api.docs import doc, json_answer
from api.errors import PROBLEM_TYPES
from api.openapi import build_spec
from assistant.errors import NotFound

bp = Blueprint("meta", __name__)

DOCS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lairside API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{root}/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="{root}/docs/swagger-ui-bundle.js"></script>
<script src="{root}/docs/lairside-init.js"></script>
</body></html>"""
DOCS_INIT = 'SwaggerUIBundle({{url: "{root}/openapi.json", dom_id: "#swagger-ui"}});\n'
"""A file of its own: the Content-Security-Policy allows no inline script."""


@bp.get("/healthz")
@doc("Liveness check", "Answers 200 while the server runs.", tags=["meta"],
     responses={"200": json_answer({"status": "ok", "following": 0})})
def healthz() -> Response:
    """`following`: phones waiting for a change in the worker that answers."""
    return jsonify(status="ok", following=current_app.extensions["lairside.followers"].count)


@bp.get("/openapi.json")
@public_get
def openapi() -> Response:
    return jsonify(build_spec(current_app))


@bp.get("/docs")
def docs() -> Response:
    return Response(DOCS_PAGE.format(root=escape(request.script_root)), mimetype="text/html")


@bp.get("/docs/lairside-init.js")
def docs_init() -> Response:
    response = Response(DOCS_INIT.format(root=json.dumps(request.script_root)[1:-1]),
                        mimetype="text/javascript")
    response.cache_control.max_age = 86400
    return response


@bp.get("/docs/<path:filename>")
@public_get
def docs_asset(filename: str) -> Response:
    return send_from_directory(swagger_ui_path, filename, max_age=86400)


@bp.get("/problems/<kind>")
@public_get
def problem_type(kind: str) -> Response:
    if kind not in PROBLEM_TYPES:
        raise NotFound(f"There is no problem type {kind!r}.", sorted(PROBLEM_TYPES))
    return jsonify({"type": f"{request.script_root}/problems/{kind}",
                    "description": PROBLEM_TYPES[kind]})

"""Lairside's floors: the app `make run` serves (its protective layers and hooks, every route
registered) with three routes added that answer bare.py's body. No endpoint can cost less than
the first; no endpoint that asks the database can cost less than the second. Part A prints
their ratios beside the targets.

    /x                   nothing else
    /x/query/<code>      one indexed SELECT of a session's version through SQLAlchemy, as
                         every session read asks it (Store.info)
    /x/dbapi/<code>      the same SELECT, compiled by SQLAlchemy, on the pool's DBAPI
                         connection (what SQLAlchemy's Connection and Result cost: the rest)
"""
from typing import Any

from flask import Response, current_app
from sqlalchemy import bindparam, select

from api import create_app
from api.storage.models import SessionRow

BODY = b'{"status":"ok","game":"any","title":"A rule title"}'
VERSION = select(SessionRow.version).where(SessionRow.code == bindparam("code"))

app = create_app()


def bare() -> Response:
    return Response(BODY, mimetype="application/json")


def query(code: str) -> Response:
    with current_app.extensions["lairside.sessions"].ready()._read() as conn:
        conn.execute(VERSION, {"code": code}).first()
    return bare()


_compiled: dict[Any, Any] = {}


def dbapi(code: str) -> Response:
    store = current_app.extensions["lairside.sessions"].ready()
    compiled = _compiled.get(store.engine)
    if compiled is None:  # compiled once, as SQLAlchemy's own cache would
        compiled = _compiled[store.engine] = VERSION.compile(store.engine)
    with store.gate.place():
        connection = store.engine.raw_connection()
        try:
            cursor = connection.cursor()
            params = compiled.construct_params({"code": code})
            cursor.execute(compiled.string, [params[name] for name in compiled.positiontup]
                           if compiled.positional else params)
            cursor.fetchone()
        finally:
            connection.close()
    return bare()


app.add_url_rule("/x", "floor", bare)
app.add_url_rule("/x/query/<code>", "floor_query", query)
app.add_url_rule("/x/dbapi/<code>", "floor_dbapi", dbapi)

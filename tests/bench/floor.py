"""Lairside's floors: the app `make run` serves (its protective layers and hooks, every route
registered) with four routes added that answer bare.py's body. No endpoint can cost less than
the first; no endpoint that asks the database can cost less than the second; no write can cost
less than the fourth. Part A prints their ratios beside the targets, and part C each append's
ratio to the fourth.

    /x                   nothing else
    /x/query/<code>      one indexed SELECT of a session's version through SQLAlchemy, as
                         every session read asks it (Store.info)
    /x/dbapi/<code>      the same SELECT, compiled by SQLAlchemy, on the pool's DBAPI
                         connection (what SQLAlchemy's Connection and Result cost: the rest)
    POST /x/insert       the JSON body read, then one INSERT of a row shaped like an event
                         (with that body) and its commit, through SQLAlchemy in a write
                         transaction as every append opens one (Store._write)
"""
from datetime import UTC, datetime
from typing import Any

from flask import Response, current_app, request
from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    insert,
    select,
)

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
ROWS = Table("floor_rows", MetaData(), Column("id", Integer, primary_key=True),
             Column("session_id", Integer), Column("seq", Integer), Column("kind", String(32)),
             Column("payload", JSON), Column("created_at", DateTime(timezone=True)))
"""Where the write floor inserts: a table shaped like `events` (made when first written)."""
_made: set[Any] = set()


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


def write() -> Response:
    body = request.get_json()
    store = current_app.extensions["lairside.sessions"].ready()
    if store.engine not in _made:
        ROWS.create(store.engine, checkfirst=True)
        _made.add(store.engine)
    with store._write() as conn:
        conn.execute(insert(ROWS), {"session_id": 1, "seq": 1, "kind": str(body["kind"]),
                                    "payload": body, "created_at": datetime.now(UTC)})
    return bare()


app.add_url_rule("/x", "floor", bare)
app.add_url_rule("/x/insert", "floor_insert", write, methods=["POST"])
app.add_url_rule("/x/query/<code>", "floor_query", query)
app.add_url_rule("/x/dbapi/<code>", "floor_dbapi", dbapi)

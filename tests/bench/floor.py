"""Lairside's floor: the app `make run` serves (its protective layers and hooks, every route
registered) with one more route that does nothing but answer bare.py's body. No endpoint can
cost less than this; part A prints its ratio beside the targets."""
from flask import Response

from api import create_app

BODY = b'{"status":"ok","game":"any","title":"Fund Deployment"}'

app = create_app()
app.add_url_rule("/x", "floor", lambda: Response(BODY, mimetype="application/json"))

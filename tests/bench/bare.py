"""The baseline: bare Flask returning a small fixed JSON body, served like our app."""
from flask import Flask, jsonify

app = Flask(__name__)


@app.get("/x")
def fixed():
    return jsonify(status="ok", game="tdt", title="Fund Deployment")

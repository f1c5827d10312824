"""HTTPS at home (issue 43, item 7), the README's way: `make run TLS=1` makes this computer's
own certificate authority once and a server certificate for its names and addresses; a phone
that installed the authority opens the server over HTTPS, where the service worker (offline
reload, "Add to home screen") runs. Headers that mean something only on HTTPS are sent only
there."""
from __future__ import annotations

import json
import ssl
import subprocess
import sys
import urllib.request

import pytest
from cryptography import x509

from api import tls
from tests.support import require_tool, start_gunicorn, stop_gunicorn

PROBE = r"""
import json, sys
from playwright.sync_api import sync_playwright
base, chromium = sys.argv[1], sys.argv[2]
out = {}
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chromium, args=[
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
    page = browser.new_context().new_page()
    try:
        page.goto(base + "/", wait_until="load")
    except Exception as error:  # an untrusted certificate
        out["error"] = str(error).splitlines()[0]
    else:
        out["secure"] = page.evaluate("window.isSecureContext")
        out["worker"] = page.evaluate(
            "navigator.serviceWorker.ready.then(r => !!r.active)")
    browser.close()
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def authority(tmp_path_factory):
    where = tls.Files(tmp_path_factory.mktemp("tls"))
    assert tls.ensure(where, ["localhost"], ["127.0.0.1"]) is True
    return where


def test_the_certificates_are_made_once_and_again_for_a_new_address(tmp_path):
    where = tls.Files(tmp_path)
    assert tls.ensure(where, ["localhost"], ["127.0.0.1", "192.168.7.20"]) is True
    ca = where.ca.read_bytes()
    assert tls.ensure(where, ["localhost"], ["127.0.0.1", "192.168.7.20"]) is False
    assert tls.ensure(where, ["localhost"], ["127.0.0.1", "10.0.0.9"]) is True  # a new Wi-Fi
    assert where.ca.read_bytes() == ca, "phones never install the authority twice"
    server = x509.load_pem_x509_certificate(where.cert.read_bytes())
    authority = x509.load_pem_x509_certificate(ca)
    server.verify_directly_issued_by(authority)
    names = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert {str(i) for i in names.get_values_for_type(x509.IPAddress)} == {"127.0.0.1",
                                                                           "10.0.0.9"}
    assert oct(where.ca_key.stat().st_mode & 0o777) == "0o600"


def _open(url: str, cafile) -> tuple[int, dict[str, str], bytes]:
    context = ssl.create_default_context(cafile=str(cafile))
    with urllib.request.urlopen(url, context=context, timeout=30) as answer:
        return answer.status, dict(answer.headers), answer.read()


def test_a_phone_that_trusts_the_host_gets_https_and_its_offline_worker(authority, tmp_path):
    chromium = require_tool("chromium")
    certutil = require_tool("certutil")
    server, base = start_gunicorn(f"sqlite:///{tmp_path}/db.sqlite3", workers=1,
                                  tls=(authority.cert, authority.key),
                                  LAIRSIDE_TLS_DIR=str(authority.folder))
    try:
        status, headers, _ = _open(base + "/", authority.ca)
        assert status == 200
        assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
        assert headers["Strict-Transport-Security"].startswith("max-age=")
        _, _, page = _open(base + "/tls", authority.ca)
        assert b"lairside-ca.crt" in page
        _, headers, der = _open(base + "/tls/lairside-ca.crt", authority.ca)
        assert x509.load_der_x509_certificate(der) == \
            x509.load_pem_x509_certificate(authority.ca.read_bytes())
        # a phone that has not installed the authority is warned off; one that has is home
        home = tmp_path / "phone"
        nssdb = f"sql:{home}/.pki/nssdb"
        (home / ".pki" / "nssdb").mkdir(parents=True)
        subprocess.run([certutil, "-d", nssdb, "-N", "--empty-password"], check=True,
                       stdin=subprocess.DEVNULL, timeout=60)  # the phone's own store
        env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
        probe = [sys.executable, "-c", PROBE, base, chromium]
        before = json.loads(subprocess.run(probe, env=env, capture_output=True, text=True,
                                           timeout=120, check=True).stdout)
        assert "ERR_CERT_AUTHORITY_INVALID" in before.get("error", "")
        subprocess.run([certutil, "-d", nssdb, "-A", "-t", "C,,", "-n", "lairside", "-i",
                        str(authority.ca)], check=True, stdin=subprocess.DEVNULL, timeout=60)
        after = json.loads(subprocess.run(probe, env=env, capture_output=True, text=True,
                                          timeout=120, check=True).stdout)
        assert after == {"secure": True, "worker": True}
    finally:
        stop_gunicorn(server)


def test_the_trust_page_says_plainly_when_there_is_no_certificate(client):
    page = client.get("/tls")
    assert page.status_code == 200 and b"make run TLS=1" in page.data
    assert client.get("/tls/lairside-ca.crt").status_code == 404

"""HTTPS on the table's own network, the way `make run TLS=1` serves it (README "HTTPS at
home"). A phone keeps pages for offline play and installs the app only from a secure page, and
a plain-HTTP address on a LAN is not one. So the host makes, once, a small certificate
authority of its own (kept in instance/tls/, never leaving this computer but for its public
certificate), and from it a certificate for this computer's names and addresses; each phone
installs the authority's certificate once (`/tls`), and then trusts the server like any site.

The server certificate is made again whenever it does not name this computer's current
network address (a new Wi-Fi), or is near its end; the authority is kept, so phones never
need to install anything twice."""
from __future__ import annotations

import datetime as dt
import ipaddress
import socket
from dataclasses import dataclass
from pathlib import Path

import click
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from flask import Flask, current_app
from flask.cli import with_appcontext

from printables.address import lan_address

CA_DAYS = 3650
SERVER_DAYS = 825
"""The longest a server certificate may last for Apple's devices to accept it."""
RENEW_DAYS = 30


@dataclass(frozen=True)
class Files:
    folder: Path

    @property
    def ca(self) -> Path:
        return self.folder / "ca.crt"

    @property
    def ca_key(self) -> Path:
        return self.folder / "ca.key"

    @property
    def cert(self) -> Path:
        return self.folder / "server.crt"

    @property
    def key(self) -> Path:
        return self.folder / "server.key"


def files(app: Flask) -> Files:
    """Where this server keeps them: LAIRSIDE_TLS_DIR, else instance/tls/."""
    return Files(Path(app.config.get("LAIRSIDE_TLS_DIR") or Path(app.instance_path) / "tls"))


def names_here() -> tuple[list[str], list[str]]:
    """This computer's names and addresses, as a server certificate must list them."""
    host = socket.gethostname()
    dns = sorted({"localhost", host, f"{host.split('.')[0]}.local"})
    ips = ["127.0.0.1", "::1"]
    lan = lan_address()
    if lan:
        ips.append(lan)
    return dns, ips


def _private(path: Path, key: ec.EllipticCurvePrivateKey) -> None:
    path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                       serialization.PrivateFormat.PKCS8,
                                       serialization.NoEncryption()))
    path.chmod(0o600)


Authority = tuple[x509.Certificate, ec.EllipticCurvePrivateKey]


def _authority(where: Files, now: dt.datetime) -> Authority:
    if where.ca.exists() and where.ca_key.exists():
        cert = x509.load_pem_x509_certificate(where.ca.read_bytes())
        key = serialization.load_pem_private_key(where.ca_key.read_bytes(), None)
        if isinstance(key, ec.EllipticCurvePrivateKey) and cert.not_valid_after_utc > now:
            return cert, key
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME,
                                         f"Lairside on {socket.gethostname()} (local)")])
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=CA_DAYS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True,
                                         crl_sign=True, content_commitment=False,
                                         key_encipherment=False, data_encipherment=False,
                                         key_agreement=False, encipher_only=False,
                                         decipher_only=False), critical=True)
            .sign(key, hashes.SHA256()))
    _private(where.ca_key, key)
    where.ca.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert, key


def _names_of(cert: x509.Certificate) -> tuple[set[str], set[str]]:
    alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return (set(alt.get_values_for_type(x509.DNSName)),
            {str(ip) for ip in alt.get_values_for_type(x509.IPAddress)})


def ensure(where: Files, dns: list[str], ips: list[str]) -> bool:
    """The authority (made once) and a server certificate naming `dns` and `ips`, made again
    when it names something else or ends within RENEW_DAYS. True when anything was made."""
    where.folder.mkdir(parents=True, exist_ok=True)
    now = dt.datetime.now(dt.UTC)
    had_ca = where.ca.exists()
    ca, ca_key = _authority(where, now)
    if where.cert.exists() and where.key.exists() and had_ca:
        cert = x509.load_pem_x509_certificate(where.cert.read_bytes())
        fresh = cert.not_valid_after_utc - now > dt.timedelta(days=RENEW_DAYS)
        if fresh and cert.issuer == ca.subject and _names_of(cert) == (set(dns), set(ips)):
            return False
    key = ec.generate_private_key(ec.SECP256R1())
    alt = x509.SubjectAlternativeName(
        [x509.DNSName(d) for d in dns] + [x509.IPAddress(ipaddress.ip_address(i)) for i in ips])
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, dns[0])]))
            .issuer_name(ca.subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=SERVER_DAYS))
            .add_extension(alt, critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]),
                           critical=False)
            .sign(ca_key, hashes.SHA256()))
    _private(where.key, key)
    where.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM)
                           + ca.public_bytes(serialization.Encoding.PEM))
    return True


@click.command("tls-certificate")
@with_appcontext
def certificate_command() -> None:
    """Make (once) this computer's own certificate authority and (when needed) the server's
    certificate for HTTPS on the local network, in instance/tls/."""
    where = files(current_app)
    dns, ips = names_here()
    made = ensure(where, dns, ips)
    click.echo(f"{'Made' if made else 'Kept'} {where.cert} for {', '.join(dns + ips)}. "
               f"Each phone installs {where.ca.name} once: open /tls on it.", err=True)

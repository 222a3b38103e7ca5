"""The tests' own Web Push endpoint: a small HTTP server on 127.0.0.1 standing in for a browser's push service. It
keeps every push it receives, checks its VAPID signature (RFC 8292) and decrypts it (RFC 8291) with the keys of a
subscription it made, as a browser would."""

from __future__ import annotations

import base64
import datetime
import json
import os
import ssl
import tempfile
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def tls_for(name: str) -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """A server's TLS context with a certificate for ``name`` only (self-signed, a day long), and a client's context
    that trusts that certificate and nothing else."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(x509.NameOID.COMMON_NAME, name)])
    start = datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=5)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(start)
            .not_valid_after(start + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    with tempfile.TemporaryDirectory() as folder:  # ssl loads a key from files only
        cert_file, key_file = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
        with open(cert_file, "wb") as out:
            out.write(cert.public_bytes(serialization.Encoding.PEM))
        with open(key_file, "wb") as out:
            out.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                        serialization.NoEncryption()))
        server.load_cert_chain(cert_file, key_file)
    client = ssl.create_default_context(cadata=cert.public_bytes(serialization.Encoding.PEM).decode())
    return server, client


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Push:
    headers: dict[str, str]
    body: bytes
    path: str = ""  # /push/<name>: whose subscription it reached
    method: str = "POST"


@dataclass
class PushEndpoint:
    status: int = 201  # what the endpoint answers: 404 or 410 say the subscription is gone
    location: str = ""  # sent as Location when set (a 3xx answer: a redirect)
    tls: ssl.SSLContext | None = None  # https when set: the host names asked for (SNI) go to ``server_names``
    server_names: list[str | None] = field(default_factory=list)
    received: list[Push] = field(default_factory=list)
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def __post_init__(self) -> None:
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                endpoint.received.append(
                    Push({k.lower(): v for k, v in self.headers.items()}, body, self.path, self.command))
                self.send_response(endpoint.status)
                if endpoint.location:
                    self.send_header("Location", endpoint.location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_PUT = do_POST  # noqa: N815 - a redirect followed as a GET is received too

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        if self.tls is not None:
            self.tls.sni_callback = lambda sock, name, context: self.server_names.append(name)
            self.server.socket = self.tls.wrap_socket(self.server.socket, server_side=True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/push/{name}"

    def subscription(self, name: str) -> dict[str, Any]:
        """What a browser's PushSubscription.toJSON() gives for this endpoint."""
        point = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.url(name), "expirationTime": None,
                "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}

    def verify(self, push: Push, server_key: str) -> dict[str, Any]:
        """Check the VAPID header (a JWT signed ES256 by ``server_key``, for this endpoint's origin, not expired) and
        return its claims."""
        scheme, _, params = push.headers["authorization"].partition(" ")
        assert scheme == "vapid"
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        assert fields["k"] == server_key
        head, claims, signature = fields["t"].split(".")
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(fields["k"]))
        raw = unb64url(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
        claimed: dict[str, Any] = json.loads(unb64url(claims))
        assert json.loads(unb64url(head))["alg"] == "ES256"
        port = self.server.server_address[1]
        assert claimed["aud"] == f"http://127.0.0.1:{port}" and claimed["exp"] > time.time() and claimed["sub"]
        return claimed

    def decrypt(self, push: Push) -> dict[str, Any]:
        assert push.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(push.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        decoded: dict[str, Any] = json.loads(plain)
        return decoded

"""A software authenticator for the account tests: what a browser and a platform authenticator together hand the
server, built by hand so the tests can also hand it what a broken, replayed or copied one would.

EC P-256 keys (COSE alg -7), attestation "none", a discoverable credential with user verification; the credential
JSON is shaped as ``PublicKeyCredential.toJSON()`` gives it (binary fields in base64url).
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT = 0x01, 0x04, 0x40  # flags: user present, user verified, attested credential data follows


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _cose_key(public: ec.EllipticCurvePublicKey) -> bytes:
    numbers = public.public_numbers()
    return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})


@dataclass
class Passkey:
    """One credential held by the authenticator: its id, key, relying party, user handle and use counter."""

    rp_id: str
    user_handle: bytes
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    credential_id: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    counter: int = 0


@dataclass
class Authenticator:
    """Makes and uses passkeys as a browser at ``origin`` would. ``counts``: whether it keeps a use counter (many
    synced passkeys send 0 always); ``verifies``: whether it verifies the person (the UV flag)."""

    origin: str
    counts: bool = True
    verifies: bool = True  # sets the UV flag: the person was verified (a PIN, a fingerprint); False as a bare key does
    passkeys: list[Passkey] = field(default_factory=list)

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin or self.origin,
                           "crossOrigin": False}).encode()

    def _auth_data(self, rp_id: str, flags: int, counter: int, attested: bytes = b"") -> bytes:
        if not self.verifies:
            flags &= ~UV
        return hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", counter) + attested

    def create(self, options: dict[str, Any], *, origin: str | None = None, rp_id: str | None = None) -> dict[str, Any]:
        """Answer ``navigator.credentials.create`` with the server's options; ``origin`` / ``rp_id`` override what
        a page elsewhere (or a lying authenticator) would put in."""
        rp = rp_id or options["rp"]["id"]
        passkey = Passkey(rp, unb64url(options["user"]["id"]))
        passkey.counter = 1 if self.counts else 0
        attested = (b"\0" * 16 + struct.pack(">H", len(passkey.credential_id)) + passkey.credential_id
                    + _cose_key(passkey.key.public_key()))
        auth_data = self._auth_data(rp, UP | UV | AT, passkey.counter, attested)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        self.passkeys.append(passkey)
        return {"id": b64url(passkey.credential_id), "rawId": b64url(passkey.credential_id), "type": "public-key",
                "response": {"clientDataJSON": b64url(self._client_data("webauthn.create", options["challenge"],
                                                                        origin)),
                             "attestationObject": b64url(attestation), "transports": ["internal"]},
                "authenticatorAttachment": "platform", "clientExtensionResults": {}}

    def get(self, options: dict[str, Any], *, passkey: Passkey | None = None, origin: str | None = None,
            counter: int | None = None) -> dict[str, Any]:
        """Answer ``navigator.credentials.get``: sign with ``passkey`` (default: the newest for the options' rp),
        its counter moved on (or set to ``counter``)."""
        chosen = passkey or next(p for p in reversed(self.passkeys) if p.rp_id == options["rpId"])
        if counter is not None:
            chosen.counter = counter
        elif self.counts:
            chosen.counter += 1
        auth_data = self._auth_data(chosen.rp_id, UP | UV, chosen.counter)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signature = chosen.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {"id": b64url(chosen.credential_id), "rawId": b64url(chosen.credential_id), "type": "public-key",
                "response": {"clientDataJSON": b64url(client_data), "authenticatorData": b64url(auth_data),
                             "signature": b64url(signature), "userHandle": b64url(chosen.user_handle)},
                "authenticatorAttachment": "platform", "clientExtensionResults": {}}

"""Secrets kept sealed in the database, in one of two ways.

Under a one-time code (seat links, move links): the database holds the code's hash (to find it) and the secret
xor-ed with a pad derived from the code (to give it back), so whoever reads the database without the code learns
nothing. Each use names its own purpose, so no two keys are alike, nor like the code's lookup hash.

Under a server key (the seat tokens kept for accounts): AES-GCM with associated data that binds each value to its
row, so a sealed value copied to another row does not open.
"""

from __future__ import annotations

import base64
import hashlib
import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

NONCE_BYTES = 12


def _pad(purpose: str, code: str, size: int) -> bytes:
    return hashlib.shake_256(f"tabletop {purpose}\0".encode() + code.encode("utf-8", "surrogatepass")).digest(size)


def seal_with_code(secret: str, code: str, purpose: str) -> str:
    """``secret`` sealed under a key derived from ``code`` (a one-time pad as long as the secret), as hex."""
    data = secret.encode()
    return bytes(a ^ b for a, b in zip(data, _pad(purpose, code, len(data)), strict=True)).hex()


def unseal_with_code(sealed: str, code: str, purpose: str) -> str | None:
    """What ``seal_with_code`` sealed; None when it does not open to text."""
    try:
        data = bytes.fromhex(sealed)
        return bytes(a ^ b for a, b in zip(data, _pad(purpose, code, len(data)), strict=True)).decode()
    except ValueError:  # not hex, or not text (UnicodeDecodeError is a ValueError)
        return None


def seal_with_key(key: AESGCM, secret: str, aad: bytes) -> str:
    """``secret`` sealed under ``key`` and bound to ``aad``, as base64 (a fresh nonce first)."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    return base64.b64encode(nonce + key.encrypt(nonce, secret.encode(), aad)).decode()


def open_with_key(key: AESGCM, sealed: str | None, aad: bytes) -> str | None:
    """What ``seal_with_key`` sealed with this key and ``aad``; None for anything else."""
    if not sealed:
        return None
    try:
        raw = base64.b64decode(sealed)
        return key.decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], aad).decode()
    except (InvalidTag, ValueError):
        return None

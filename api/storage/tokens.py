"""Edit tokens and share codes: random (secrets), tokens stored only as a hash.

An edit token carries 192 random bits, so a plain SHA-256 is enough to store it (no password
stretching needed: nobody can guess the input). Comparison is in constant time.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""No 0/o, 1/l/i: a code read aloud across the table is typed right the first time."""
CODE_LENGTH = 8
"""31^8 ≈ 8.5e11 codes: with per-client rate limits, guessing one is hopeless."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    if not token:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def well_formed(code: str) -> bool:
    """Could `code` be a share code at all (before asking the database)?"""
    code = normal_code(code)
    return len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)


def normal_code(code: str) -> str:
    return code.strip().lower()


def same_code(given: str, stored: str) -> bool:
    """Whether a code as typed (any case, spaces) is `stored`, compared in constant time."""
    typed = "".join(c for c in given.lower() if c.isalnum())[:64]
    return hmac.compare_digest(typed.encode(), stored.encode())

"""Seat tokens and reclaim proofs bound to the channel's keys (``netplay.channel``); nothing secret crosses the wire.

A new seat's token is derived on both ends from the connection's exporter key, so it
is never sent. Reclaiming a seat later proves the token with an HMAC over the new
connection's transcript hash: a relay in the middle has a different transcript on each
side, so a proof it forwards opens nothing. Passwords run CPace (``netplay.cpace``).
"""

from __future__ import annotations

import hashlib
import hmac

from .channel import Keys


def seat_token(keys: Keys, table_id: str, seat: int) -> str:
    """The token of a seat taken on the connection with ``keys`` (computed by host and client alike)."""
    return keys.mac("seat-token", table_id, str(seat)).hex()[:32]


def token_proof(token: str, keys: Keys) -> bytes:
    """Proof of holding ``token`` on this connection (bound to its transcript and keys)."""
    return hmac.new(token.encode(), b"yunguimj/3 reclaim\0" + keys.th + keys.exporter, hashlib.sha256).digest()


def same(a: bytes | None, b: bytes | None) -> bool:
    """Constant-time comparison of two proofs (False when either is missing)."""
    return a is not None and b is not None and hmac.compare_digest(a, b)

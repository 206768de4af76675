"""Seat tokens and passwords that never cross the wire: a Diffie-Hellman key per connection, HMAC proofs bound to it.

Every connection agrees on a fresh key (RFC 3526 group 14, short exponents)
mixed with a nonce from each side. A new seat's token is derived from that key
on both ends, so it is never sent; reclaiming a seat later proves the token with
an HMAC over the new connection's nonces, and a password is proven with an HMAC
under the connection key. A sniffer learns neither secret, cannot test password
guesses offline, and a recorded exchange is worthless on another connection.
(Without certificates nothing stops an active man in the middle; on a LAN party
that is out of scope.)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

# RFC 3526, 2048-bit MODP group (id 14); generator 2
PRIME = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
GENERATOR = 2
EXPONENT_BITS = 256  # twice the 128-bit security the group gives
_WIDTH = (PRIME.bit_length() + 7) // 8


class AuthError(ValueError):
    """A peer's DH value or nonce that cannot be used."""


class KeyPair:
    """One side's ephemeral DH secret and public value (``public_hex`` goes on the wire)."""

    __slots__ = ("public", "secret")

    def __init__(self) -> None:
        self.secret = secrets.randbits(EXPONENT_BITS) | (1 << (EXPONENT_BITS - 1))
        self.public = pow(GENERATOR, self.secret, PRIME)

    @property
    def public_hex(self) -> str:
        return format(self.public, "x")


def new_nonce() -> str:
    return secrets.token_hex(16)


def _parse_public(text: str) -> int:
    try:
        y = int(text, 16)
    except ValueError:
        raise AuthError("the DH value is not hexadecimal") from None
    if not 1 < y < PRIME - 1:  # 0, 1 and p-1 would force a key anyone can guess
        raise AuthError("the DH value is out of range")
    return y


def _nonce(text: str) -> bytes:
    try:
        b = bytes.fromhex(text)
    except ValueError:
        raise AuthError("the nonce is not hexadecimal") from None
    if len(b) < 16:
        raise AuthError("the nonce is too short")
    return b


def connection_key(mine: KeyPair, their_public_hex: str, host_nonce: str, client_nonce: str) -> bytes:
    """The key both ends of one connection share (AuthError for unusable peer values)."""
    shared = pow(_parse_public(their_public_hex), mine.secret, PRIME)
    return hashlib.sha256(b"yunguimj-key-1\0" + shared.to_bytes(_WIDTH, "big") + _nonce(host_nonce)
                          + _nonce(client_nonce)).digest()


def _mac(key: bytes, *parts: str) -> str:
    return hmac.new(key, "\0".join(parts).encode(), hashlib.sha256).hexdigest()


def seat_token(key: bytes, table_id: str, seat: int) -> str:
    """The token of a seat taken on the connection with ``key`` (computed by host and client alike)."""
    return _mac(key, "seat-token", table_id, str(seat))[:32]


def token_proof(token: str, host_nonce: str, client_nonce: str) -> str:
    """Proof of holding ``token`` on the connection with these nonces (the host's is fresh every time)."""
    return _mac(token.encode(), "reclaim", host_nonce, client_nonce)


def password_proof(key: bytes, password: str) -> str:
    """Proof of knowing ``password``; keyed by the connection so a sniffer cannot test guesses offline."""
    return _mac(key, "password", password)


def same(a: str | None, b: str | None) -> bool:
    """Constant-time comparison of two proofs (False when either is missing)."""
    return a is not None and b is not None and hmac.compare_digest(a.encode(), b.encode())

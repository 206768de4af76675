"""The encrypted, authenticated channel under protocol 3: host key, handshake transcript, sealed padded frames.

Handshake (after the host's plain version banner, ``protocol``):

    host -> client  hi  {proto, e: host's fresh X25519 value, nonce}
    client -> host  ch  {proto, e: client's fresh X25519 value, nonce, want: the host id it expects or nil}
    both            th  = SHA-256(PROLOGUE || lv(hi bytes) || lv(ch bytes))
                    keys = HKDF-SHA256(X25519 shared secret, salt=th, info=PROLOGUE "keys") -> host->client,
                           client->host, exporter
    host -> client  id  (sealed) {key: the host's Ed25519 public key, sig: Ed25519(PROLOGUE "host" || th), ...}

This is the SIGMA shape TLS 1.3 uses (ephemeral Diffie-Hellman, the server signs the
whole transcript). The protocol name and version (``PROLOGUE``) and the id the client
expects (``want``, from discovery or its pinned key) are in the transcript, so a
downgrade, a spoofed TXT record or a relay that changes a byte breaks the signature.
A host id is the fingerprint of the host's key (``fingerprint``).

Every later frame is sealed with ChaCha20-Poly1305 under the direction's key with a
counter nonce (4 zero bytes, the 8-byte little-endian count): a replayed, reordered,
dropped or altered frame fails to open and the connection is closed. Plaintexts are
padded to a few fixed sizes (``BUCKETS``), so a claim prompt cannot be told from a
plain state by its length.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import struct

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

PROLOGUE = b"yunguimj/3"  # the protocol's name and version, first in every transcript
NONCE_BYTES = 16
TAG = 16
_LEN = struct.Struct("!I")
# plaintext sizes a sealed frame is padded to (a 4-byte length, the message, zeros): a message that fits
# in the first never shows it; every state is padded to the second at least (mid-hand states measured at most
# 3.2 KB in every variant, a claim prompt adds a few hundred bytes: far from its edge); settlements may need more
BUCKETS = (1024, 8192, 16384, 65536 + 4)
MAX_RECORD = BUCKETS[-1] + TAG


class ChannelError(ValueError):
    """A handshake or frame that cannot be trusted: the connection is closed."""


# ---------------------------------------------------------------- host identity
def fingerprint(public: bytes) -> str:
    """The host id: 128 bits of SHA-256 of the host's Ed25519 public key, in hex."""
    return hashlib.sha256(b"yunguimj host key\0" + public).hexdigest()[:32]


def short(host_id: str) -> str:
    """What players compare by eye: the first 8 hex digits, as ``abcd-ef01``."""
    return f"{host_id[:4]}-{host_id[4:8]}" if len(host_id) >= 8 else host_id


class HostKey:
    """The host's long-term Ed25519 key (kept in ``host.meta``)."""

    def __init__(self, secret: bytes | None = None):
        self._sk = Ed25519PrivateKey.from_private_bytes(secret) if secret is not None else \
            Ed25519PrivateKey.generate()
        self.public = self._sk.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        self.host_id = fingerprint(self.public)

    @property
    def secret_hex(self) -> str:
        return self._sk.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                                      serialization.NoEncryption()).hex()

    @classmethod
    def from_hex(cls, text: str) -> HostKey:
        try:
            raw = bytes.fromhex(text)
        except (TypeError, ValueError):
            raise ValueError("the host key is not hexadecimal") from None
        if len(raw) != 32:
            raise ValueError("the host key has the wrong length")
        return cls(raw)

    def sign_transcript(self, th: bytes) -> bytes:
        return self._sk.sign(PROLOGUE + b" host\0" + th)


def verify_host(public: bytes, sig: bytes, th: bytes) -> str:
    """The host id proven by ``sig`` over the transcript; ChannelError when it does not hold."""
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(sig, PROLOGUE + b" host\0" + th)
    except (InvalidSignature, ValueError):
        raise ChannelError("the host's signature does not hold (not the host it claims to be)") from None
    return fingerprint(public)


# ---------------------------------------------------------------- key agreement
class Ephemeral:
    """One side's fresh X25519 key for one connection."""

    __slots__ = ("_sk", "public")

    def __init__(self) -> None:
        self._sk = X25519PrivateKey.generate()
        self.public = self._sk.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)

    def shared(self, their: bytes) -> bytes:
        try:
            return self._sk.exchange(X25519PublicKey.from_public_bytes(their))
        except ValueError:
            raise ChannelError("the peer's key-agreement value is unusable") from None


def new_nonce() -> bytes:
    return os.urandom(NONCE_BYTES)


def transcript(hi_body: bytes, ch_body: bytes) -> bytes:
    return hashlib.sha256(PROLOGUE + _LEN.pack(len(hi_body)) + hi_body + _LEN.pack(len(ch_body)) + ch_body).digest()


class Keys:
    """What one connection's handshake gives both ends."""

    __slots__ = ("c2h", "exporter", "h2c", "th")

    def __init__(self, shared: bytes, th: bytes):
        okm = HKDF(algorithm=hashes.SHA256(), length=96, salt=th, info=PROLOGUE + b" keys").derive(shared)
        self.h2c, self.c2h, self.exporter = okm[:32], okm[32:64], okm[64:]
        self.th = th

    def host_ciphers(self) -> tuple[Sealer, Opener]:
        return Sealer(self.h2c), Opener(self.c2h)

    def client_ciphers(self) -> tuple[Sealer, Opener]:
        return Sealer(self.c2h), Opener(self.h2c)

    def mac(self, *parts: str | bytes) -> bytes:
        """A MAC under this connection's exporter key (seat tokens are derived with it)."""
        data = b"\0".join(p.encode() if isinstance(p, str) else p for p in parts)
        return hmac.new(self.exporter, data, hashlib.sha256).digest()


def _nonce(n: int) -> bytes:
    return b"\0\0\0\0" + n.to_bytes(8, "little")


STATE_FLOOR = BUCKETS[1]  # every state is padded to at least this: a claim prompt weighs what a plain state does


def pad(body: bytes, floor: int = 0) -> bytes:
    size = len(body) + 4
    for b in BUCKETS:
        if max(size, floor) <= b:
            return _LEN.pack(len(body)) + body + bytes(b - size)
    raise ValueError(f"a message of {len(body)} bytes is over the frame cap")


class Sealer:
    """Seals one direction's frames in order."""

    __slots__ = ("_aead", "n")

    def __init__(self, key: bytes):
        self._aead = ChaCha20Poly1305(key)
        self.n = 0

    def seal(self, body: bytes, floor: int = 0) -> bytes:
        """One frame on the wire: a 4-byte length, then the sealed message padded to a bucket (at least ``floor``)."""
        ct = self._aead.encrypt(_nonce(self.n), pad(body, floor), None)
        self.n += 1
        return _LEN.pack(len(ct)) + ct


class Opener:
    """Opens one direction's frames; the n-th frame opens only as the n-th."""

    __slots__ = ("_aead", "n")

    def __init__(self, key: bytes):
        self._aead = ChaCha20Poly1305(key)
        self.n = 0

    def open(self, record: bytes) -> bytes:
        try:
            pt = self._aead.decrypt(_nonce(self.n), record, None)
        except Exception:  # noqa: BLE001 - InvalidTag and friends: a frame that was not sealed for this place
            raise ChannelError(f"frame {self.n} does not open (altered, replayed, reordered or cut)") from None
        self.n += 1
        if len(pt) < 4:
            raise ChannelError("a sealed frame without its length")
        (size,) = _LEN.unpack_from(pt)
        if size > len(pt) - 4:
            raise ChannelError("a sealed frame's length is out of range")
        return pt[4:4 + size]

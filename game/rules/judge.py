"""One hand situation judged in isolation: the ``score`` command's JSON object parsed, checked and scored.

The command line (``python -m game score``) and the score calculator screen both call ``judge``, so
both give one answer. Malformed input raises ``SituationError`` with a one-line message naming the
field; a well-formed hand the rules refuse is a valid judgement (``Score.valid`` False), not an error.
"""

from __future__ import annotations

from typing import Any

from . import tiles
from .kinds import KONG_KINDS, MeldKind, WinBy
from .situation import FLAGS, Score, Situation
from .state import Meld
from .variants import get as get_variant
from .variants.base import Variant


class SituationError(ValueError):
    """Malformed situation input (a wrong type, an unknown key, an impossible hand), said in one line."""


MELD_KINDS = tuple(MeldKind)
WINS = tuple(WinBy)


def _tiles(value: object, what: str) -> list[int]:
    if not isinstance(value, str):
        raise SituationError(f"{what} must be a tile string like \"123m55z\"")
    try:
        return tiles.parse(value)
    except tiles.NotationError as e:
        raise SituationError(f"{what}: {e}") from None


def _tile_list(value: object, what: str) -> list[int]:
    """A tile string, or a JSON list of one tile each (cli.md: ``kong_draws`` may be written either way)."""
    if not isinstance(value, list):
        return _tiles(value, what)
    out = []
    for x in value:
        one = _tiles(x, f"{what}[]")
        if len(one) != 1:
            raise SituationError(f"{what}[] names one tile each, got {x!r}")
        out += one
    return out


def _seat(value: object, what: str, n: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise SituationError(f"{what} must be a seat number 0..{n - 1}, got {value!r}")
    return value


def _seat_or_none(value: object, what: str, n: int) -> int | None:
    return None if value is None else _seat(value, what, n)


def parse_situation(data: Any) -> tuple[Variant, Situation]:
    """JSON object -> (variant, Situation); SituationError for malformed input."""
    if not isinstance(data, dict):
        raise SituationError("score input must be a JSON object")
    try:
        variant = get_variant(data.get("variant", ""))
    except ValueError as e:
        raise SituationError(str(e)) from None
    if not isinstance(data.get("options") or {}, dict):
        raise SituationError("options must be an object")
    try:
        options = variant.table_options(data.get("options"), data.get("players"))
    except ValueError as e:
        raise SituationError(str(e)) from None
    n = variant.players(options)
    dealer = _seat(data.get("dealer", 0), "dealer", n)
    seat = _seat(data.get("seat", 0), "seat", n)
    hand = _tiles(data.get("hand"), "hand")
    melds = []
    for i, md in enumerate(data.get("melds") or []):
        if not isinstance(md, dict):
            raise SituationError(f"melds[{i}] must be an object")
        raw = md.get("kind")
        if raw not in MELD_KINDS:
            raise SituationError(f"melds[{i}].kind must be one of {', '.join(MELD_KINDS)}, got {raw!r}")
        kind = MeldKind(raw)
        tl = _tiles(md.get("tiles"), f"melds[{i}].tiles")
        size = 4 if kind in KONG_KINDS else 3
        if len(tl) != size:
            raise SituationError(f"melds[{i}] ({kind}) needs {size} tiles, got {len(tl)}")
        if "face" in md:
            fc = _tiles(md["face"], f"melds[{i}].face")
            if kind == MeldKind.CHOW:
                if len(fc) != 3:
                    raise SituationError(f"melds[{i}].face of a chow names three tiles, e.g. \"345m\"")
                faces = tuple(sorted(fc))
            else:
                if len(fc) != 1:
                    raise SituationError(f"melds[{i}].face names one tile, e.g. \"9p\"")
                faces = (fc[0],) * size
        elif kind == MeldKind.CHOW:
            faces = tuple(sorted(tl))
        else:
            if len(set(tl)) != 1:
                raise SituationError(f"melds[{i}] mixes tiles {md.get('tiles')!r}: give its \"face\"")
            faces = (tl[0],) * size
        if kind == MeldKind.CHOW:
            a, b, c = faces
            if not (a < 27 and b == a + 1 and c == a + 2 and a // 9 == c // 9):
                raise SituationError(f"melds[{i}] is not a run of one suit")
            if "face" not in md:
                tl = sorted(tl)
        src = md.get("from")
        if src is not None:
            _seat(src, f"melds[{i}].from", n)
        melds.append(Meld(kind, tuple(tl), faces, src, None, bool(md.get("delayed"))))
    if len(hand) + 3 * len(melds) != 14:
        raise SituationError(f"hand has {len(hand)} tiles with {len(melds)} melds; a winning hand needs "
                         f"{14 - 3 * len(melds)} concealed tiles (the winning tile included)")
    wt = _tiles(data.get("win_tile"), "win_tile")
    if len(wt) != 1:
        raise SituationError("win_tile names one tile")
    win_tile = wt[0]
    if win_tile not in hand:
        raise SituationError(f"hand must include the winning tile {tiles.name(win_tile)}")
    raw_how = data.get("win")
    if raw_how not in WINS:
        raise SituationError(f"win must be one of {', '.join(WINS)}, got {raw_how!r}")
    how = WinBy(raw_how)
    src = _seat_or_none(data.get("from"), "from", n)
    if how != WinBy.SELF_DRAW and src is None:
        raise SituationError(f"a {how} win needs \"from\" (the discarder or robbed seat)")
    if src is not None and src == seat and how != WinBy.SELF_DRAW:
        raise SituationError("\"from\" cannot be the winner's own seat")
    flags = data.get("flags") or []
    if not isinstance(flags, list) or any(f not in FLAGS for f in flags):
        raise SituationError(f"flags must be a list of: {', '.join(FLAGS)}")
    wildcard = None
    if data.get("wildcard") is not None:
        w = _tiles(data["wildcard"], "wildcard")
        if len(w) != 1:
            raise SituationError("wildcard names one tile")
        wildcard = w[0]
    kong_draws = tuple(_tile_list(data["kong_draws"], "kong_draws")) if data.get("kong_draws") else ()
    streak = data.get("dealer_streak", 0)
    if not isinstance(streak, int) or isinstance(streak, bool) or streak < 0:
        raise SituationError("dealer_streak must be a whole number >= 0")
    full = tiles.counts(variant.tile_set(options))
    allt = list(hand) + [t for m in melds for t in m.tiles]
    for k, c in enumerate(tiles.counts(allt)):
        if c > full[k]:
            raise SituationError(f"tile {tiles.name(k)} appears {c} times; {variant.id} has {full[k]}")
    extra = {}
    if data.get("declared") is not None:  # seats that declared ready (杀报 on a self-draw is paid by them)
        dec = data["declared"]
        if not isinstance(dec, list):
            raise SituationError("declared must be a list of seat numbers")
        extra["declared_seats"] = [_seat(x, "declared[]", n) for x in dec]
    sit = Situation(variant.id, options, n, dealer, seat, tiles.counts(hand), melds, win_tile, how,
                    src if how != WinBy.SELF_DRAW else None, frozenset(flags), wildcard, kong_draws, streak, extra)
    return variant, sit


def judge(data: Any) -> tuple[Variant, Situation, Score]:
    """A situation object (parsed JSON) -> (variant, Situation, Score): the command's whole judgement.

    The ``score`` command and the score calculator screen both call this. SituationError for malformed input.
    """
    variant, sit = parse_situation(data)
    return variant, sit, variant.score(sit)

"""``python -m game score``: judge one hand situation read as JSON."""

from __future__ import annotations

import json

from ..rules import codes
from ..rules import tiles as T
from ..rules.kinds import KONG_KINDS, MeldKind, WinBy
from ..rules.situation import FLAGS, Situation
from ..rules.state import Meld
from ..rules.variants import get as get_variant
from .errors import UsageError

MELD_KINDS = tuple(MeldKind)
WINS = tuple(WinBy)


def _tiles(value, what: str) -> list[int]:
    if not isinstance(value, str):
        raise UsageError(f"{what} must be a tile string like \"123m55z\"")
    try:
        return T.parse(value)
    except T.NotationError as e:
        raise UsageError(f"{what}: {e}") from None


def _seat(value, what: str, n: int, allow_none: bool = False):
    if value is None and allow_none:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise UsageError(f"{what} must be a seat number 0..{n - 1}, got {value!r}")
    return value


def parse_situation(data) -> tuple:
    """JSON object -> (variant, Situation); UsageError for malformed input."""
    if not isinstance(data, dict):
        raise UsageError("score input must be a JSON object")
    try:
        variant = get_variant(data.get("variant", ""))
    except ValueError as e:
        raise UsageError(str(e)) from None
    if not isinstance(data.get("options") or {}, dict):
        raise UsageError("options must be an object")
    try:
        options = variant.table_options(data.get("options"), data.get("players"))
    except ValueError as e:
        raise UsageError(str(e)) from None
    n = variant.players(options)
    dealer = _seat(data.get("dealer", 0), "dealer", n)
    seat = _seat(data.get("seat", 0), "seat", n)
    hand = _tiles(data.get("hand"), "hand")
    melds = []
    for i, md in enumerate(data.get("melds") or []):
        if not isinstance(md, dict):
            raise UsageError(f"melds[{i}] must be an object")
        raw = md.get("kind")
        if raw not in MELD_KINDS:
            raise UsageError(f"melds[{i}].kind must be one of {', '.join(MELD_KINDS)}, got {raw!r}")
        kind = MeldKind(raw)
        tl = _tiles(md.get("tiles"), f"melds[{i}].tiles")
        size = 4 if kind in KONG_KINDS else 3
        if len(tl) != size:
            raise UsageError(f"melds[{i}] ({kind}) needs {size} tiles, got {len(tl)}")
        if "face" in md:
            fc = _tiles(md["face"], f"melds[{i}].face")
            if kind == MeldKind.CHOW:
                if len(fc) != 3:
                    raise UsageError(f"melds[{i}].face of a chow names three tiles, e.g. \"345m\"")
                faces = tuple(sorted(fc))
            else:
                if len(fc) != 1:
                    raise UsageError(f"melds[{i}].face names one tile, e.g. \"9p\"")
                faces = (fc[0],) * size
        elif kind == MeldKind.CHOW:
            faces = tuple(sorted(tl))
        else:
            if len(set(tl)) != 1:
                raise UsageError(f"melds[{i}] mixes tiles {md.get('tiles')!r}: give its \"face\"")
            faces = (tl[0],) * size
        if kind == MeldKind.CHOW:
            a, b, c = faces
            if not (a < 27 and b == a + 1 and c == a + 2 and a // 9 == c // 9):
                raise UsageError(f"melds[{i}] is not a run of one suit")
            if "face" not in md:
                tl = sorted(tl)
        src = md.get("from")
        if src is not None:
            _seat(src, f"melds[{i}].from", n)
        melds.append(Meld(kind, tuple(tl), faces, src, None, bool(md.get("delayed"))))
    if len(hand) + 3 * len(melds) != 14:
        raise UsageError(f"hand has {len(hand)} tiles with {len(melds)} melds; a winning hand needs "
                         f"{14 - 3 * len(melds)} concealed tiles (the winning tile included)")
    wt = _tiles(data.get("win_tile"), "win_tile")
    if len(wt) != 1:
        raise UsageError("win_tile names one tile")
    win_tile = wt[0]
    if win_tile not in hand:
        raise UsageError(f"hand must include the winning tile {T.name(win_tile)}")
    raw_how = data.get("win")
    if raw_how not in WINS:
        raise UsageError(f"win must be one of {', '.join(WINS)}, got {raw_how!r}")
    how = WinBy(raw_how)
    src = _seat(data.get("from"), "from", n, allow_none=True)
    if how != WinBy.SELF_DRAW and src is None:
        raise UsageError(f"a {how} win needs \"from\" (the discarder or robbed seat)")
    if src is not None and src == seat and how != WinBy.SELF_DRAW:
        raise UsageError("\"from\" cannot be the winner's own seat")
    flags = data.get("flags") or []
    if not isinstance(flags, list) or any(f not in FLAGS for f in flags):
        raise UsageError(f"flags must be a list of: {', '.join(FLAGS)}")
    wildcard = None
    if data.get("wildcard") is not None:
        w = _tiles(data["wildcard"], "wildcard")
        if len(w) != 1:
            raise UsageError("wildcard names one tile")
        wildcard = w[0]
    kong_draws = tuple(_tiles(data["kong_draws"], "kong_draws")) if data.get("kong_draws") else ()
    streak = data.get("dealer_streak", 0)
    if not isinstance(streak, int) or isinstance(streak, bool) or streak < 0:
        raise UsageError("dealer_streak must be a whole number >= 0")
    full = T.counts(variant.tile_set(options))
    allt = list(hand) + [t for m in melds for t in m.tiles]
    for k, c in enumerate(T.counts(allt)):
        if c > full[k]:
            raise UsageError(f"tile {T.name(k)} appears {c} times; {variant.id} has {full[k]}")
    extra = {}
    if data.get("declared") is not None:  # seats that declared ready (杀报 on a self-draw is paid by them)
        dec = data["declared"]
        if not isinstance(dec, list):
            raise UsageError("declared must be a list of seat numbers")
        extra["declared_seats"] = [_seat(x, "declared[]", n) for x in dec]
    sit = Situation(variant.id, options, n, dealer, seat, T.counts(hand), melds, win_tile, how,
                    src if how != WinBy.SELF_DRAW else None, frozenset(flags), wildcard, kong_draws, streak, extra)
    return variant, sit


def judge(data) -> tuple:
    """A situation object (parsed JSON) -> (variant, Situation, Score): the command's whole judgement.

    The score calculator screen calls this too, so both give the same answer. UsageError for malformed input.
    """
    variant, sit = parse_situation(data)
    return variant, sit, variant.score(sit)


def run(text: str, as_json: bool) -> tuple[str, int]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError(f"input is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    _variant, _sit, sc = judge(data)
    out = sc.to_json()
    code = 0 if sc.valid else 1
    if as_json:
        return json.dumps(out, ensure_ascii=False), code
    if not sc.valid:
        return f"not valid: {codes.text(sc.refusal or codes.Refusal.NOT_A_WIN)}", code
    lines = [f"{p.name} ({p.key}) {p.value}" for p in sc.patterns]
    lines.append(f"total {sc.total}")
    lines.append("payments: " + ", ".join(f"seat {k} pays {v}" for k, v in sorted(sc.payments.items())))
    return "\n".join(lines), code

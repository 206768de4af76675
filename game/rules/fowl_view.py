"""The chicken games' fowl as one seat sees it (鸡 panel): chickens in play, who shows which, and a preview.

Computed from ``view(state, seat)`` alone, like ``advice``: the viewer's own hand,
melds and discards, every seat's face-up discards and melds, and the variant's
public record (``ChickenPublic``: the default chickens, 冲锋, 跟冲, 责任 and, once a
hand is won, the 捉鸡牌). Another seat's concealed tiles are never read: their
chickens show only as far as they lie face up.

The preview says what the viewer would collect or owe for chickens if the hand were
won now by someone else, as the settlement (``chicken_settle``) would book it, both
if the viewer is ready then and if not (包鸡, 包冲锋, 责任鸡 both ways). What it cannot
know is left out and said so by its shape: whether the others are ready (amounts are
per counterpart, "if ready"), whether the viewer ends up burned (烧), the flip before
it happens (only default chickens count until then), and beans (a view does not say
which kongs are late 憨包豆): beans are listed, not valued.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from . import tiles
from .kinds import MeldKind, Phase, WinBy
from .public import ChickenPublic
from .state import Meld
from .texts import Msg, msg
from .variants import chicken_fowl
from .variants import chicken_patterns as patterns
from .variants import get as get_variant
from .variants.chicken import ChickenGame
from .variants.chicken_tables import Table
from .view import MeldView, View

Holding = tuple[int, str, int | None]  # (tile, where: hand / meld / concealed_kong / discard, discard index)

BEAN_NAMES = {  # meld kind -> key, as the settlement names them (rules.bean.<key> in the catalogs)
    MeldKind.CONCEALED_KONG: "men_dou",
    MeldKind.ADDED_KONG: "pa_po_dou",
    MeldKind.KONG: "dian_dou",
}

EACH = "each"  # every other player pays / is paid
READY = "ready"  # each other player who is ready


@dataclass(frozen=True)
class InPlay:
    """A chicken kind in play this hand, or one tile's special status (冲锋, 跟冲, 责任)."""

    key: str  # yao_ji, wu_gu_ji, jin_ji, fan_pai_ji, ...; chong_feng, gen_chong, ze_ren
    tile: int
    text: Msg  # its name
    value: int  # points per tile (a 冲锋 / 责任 line: what that one tile is worth)
    seat: int | None = None  # 冲锋 / 跟冲: whose discard; 责任: the discarder
    claimer: int | None = None  # 责任: who claimed it


@dataclass(frozen=True)
class Fowl:
    """Equal chickens of one seat in one place: ``count`` tiles worth ``unit`` each."""

    key: str
    tile: int
    text: Msg
    unit: int
    count: int
    where: str  # hand / meld / concealed_kong / discard


@dataclass(frozen=True)
class Bean:
    key: str  # men_dou / pa_po_dou / dian_dou
    tile: int  # the kong's face
    text: Msg


@dataclass(frozen=True)
class Line:
    """One line of the preview: ``points`` (signed: + collected, - owed) from or to each counterpart."""

    key: str  # the settlement's rule key: yao_ji, chong_feng_ji, ze_ren_ji, bao_ji, bao_ze_ren_ji, ...
    tile: int
    text: Msg
    count: int
    points: int
    who: str | int  # EACH (every other player), READY (each other player who is ready), or one seat
    if_ready: bool = False  # the line holds only if that one seat is ready at the end


@dataclass(frozen=True)
class Preview:
    lines: list[Line] = field(default_factory=list)

    def per_player(self, who: str) -> int:
        """The points of the lines that apply to every counterpart of kind ``who`` (EACH / READY)."""
        return sum(ln.points for ln in self.lines if ln.who == who)


@dataclass(frozen=True)
class Outlook:
    """The 鸡 panel's content for the viewer (``seat``)."""

    seat: int
    ready: bool | None  # the viewer's hand is ready now (None: it holds a drawn tile and has not discarded yet)
    in_play: list[InPlay]
    mine: list[Fowl]  # the viewer's own chickens (hand, melds, own unclaimed discards), as a ready player counts them
    beans: list[Bean]  # the viewer's kongs
    shown: list[list[Fowl]]  # per seat: the chickens lying face up (unclaimed discards and claimed melds)
    if_ready: Preview
    if_not_ready: Preview
    flipped: bool  # the 捉鸡牌 is known (the hand was won): flipped and golden chickens count


def is_chicken_view(view: View) -> bool:
    """Whether ``view`` is of a chicken game (the panel exists only there)."""
    return isinstance(get_variant(view["variant"]), ChickenGame)


def outlook(view: View) -> Outlook:
    """The viewer's fowl: chickens in play, their own and every seat's face-up ones, and the preview."""
    variant = get_variant(view["variant"])
    if not isinstance(variant, ChickenGame):
        raise ValueError(f"{view['variant']!r} is not a chicken game")
    tb = variant.table
    opts = view["options"]
    pub = cast(ChickenPublic, view["public"])
    me, n = view["seat"], view["n"]
    zhuo = pub.get("zhuo")
    ks = chicken_fowl.kinds(tb, opts, zhuo)
    charge = _charges(view, pub)
    held = _holdings(view, me)
    winners = list(view["result"]["winners"]) if "result" in view else []
    in_discards = bool(opts.get("man_tang")) or me in winners
    counted = chicken_fowl.counted(tb, ks, held, me, in_discards, charge)
    base = int(opts.get("base", 1))

    mine = _placed(tb, ks, held, me, in_discards, charge)
    shown = [_shown(tb, ks, _holdings(view, s, hand=False), s, charge) for s in range(n)]
    duty = _duties(tb, ks, pub)

    collect = [Line(key, t, name, count, unit * count * base, EACH)
               for key, t, name, unit, count in chicken_fowl.group(counted)]
    owe_ready: list[Line] = []
    for t, d, c, value, name in duty:
        if c == me:
            collect.append(Line("ze_ren_ji", t, name, 1, value * base, d))
            owed = msg("rules.settle.chicken.owed", what=name)
            owe_ready.append(Line("bao_ze_ren_ji", t, owed, 1, -value * base, d, if_ready=True))
        elif d == me:
            # the discarder pays a ready claimer, whether or not the discarder is ready
            line = Line("ze_ren_ji", t, name, 1, -value * base, c, if_ready=True)
            collect.append(line)
            owe_ready.append(line)
    for key, t, name, unit, count in chicken_fowl.group(chicken_fowl.exposed(tb, ks, held, me, charge)):
        if key == "bao_ji" and not opts.get("bao_ji", True):
            continue  # 包鸡 off: exposed chickens are not owed; the 冲锋鸡 still is (包冲锋)
        owe_ready.append(Line("bao_ji" if key == "bao_ji" else "bao_chong_feng_ji", t, name, count,
                              -unit * count * base, READY))
    return Outlook(me, _ready(view, variant), _in_play(ks, pub, tb, duty), mine, _beans(view, me), shown,
                   Preview(collect), Preview(owe_ready), zhuo is not None)


# ---------------------------------------------------------------------------- what the view shows

def _holdings(view: View, seat: int, hand: bool = True) -> list[Holding]:
    """The tiles of ``seat`` the view shows, as ``chicken_fowl`` takes them: the viewer's hand (plus a tile it won
    from another seat), every seat's face-up meld tiles and its discards nobody claimed or won on."""
    s = view["seats"][seat]
    out: list[Holding] = []
    if hand and seat == view["seat"]:
        out += [(t, "hand", None) for t in view["hand"]]
        for w in view.get("result", {}).get("wins", []):
            if w["seat"] == seat and w["win"] != WinBy.SELF_DRAW:
                out.append((tiles.tile(w["tile"]), "hand", None))
                break
    for m in s["melds"]:
        where = "concealed_kong" if m["kind"] == MeldKind.CONCEALED_KONG else "meld"
        out += [(t, where, None) for t in m["tiles"] if t is not None]
    for i, d in enumerate(s["discards"]):
        if d["claimed_by"] is None and not d["won"]:
            out.append((d["tile"], "discard", i))
    return out


def _charges(view: View, pub: ChickenPublic) -> dict[tuple[int, int], str]:
    """{(seat, discard index): "chong" | "gen"}: the 冲锋 discard is its seat's first discard of that tile (it was
    the hand's first of it), a 跟冲 its seat's first discard of the hand."""
    out: dict[tuple[int, int], str] = {}
    for name, seat in pub.get("chong_feng", {}).items():
        t = tiles.tile(name)
        idx = next((i for i, d in enumerate(view["seats"][seat]["discards"]) if d["tile"] == t), None)
        if idx is not None:
            out[(seat, idx)] = "chong"
    for pair in pub.get("gen_chong", []):
        out[(int(pair[1]), 0)] = "gen"
    return out


def _duties(tb: Table, ks: dict[int, chicken_fowl.Kind], pub: ChickenPublic) -> list[tuple[int, int, int, int, Msg]]:
    """责任鸡 from the public record: [(tile, discarder, claimer, value, name)] (``F.responsibilities``)."""
    out = []
    for name, (d, c) in sorted(pub.get("ze_ren", {}).items(), key=lambda kv: tiles.tile(kv[0])):
        t = tiles.tile(name)
        k = ks.get(t)
        if k is None:
            continue
        out.append((t, d, c, k.value * tb.ze_ren_mult, msg("rules.fowl.ze_ren", fowl=k.short)))
    return out


def _placed(tb: Table, ks: dict[int, chicken_fowl.Kind], held: list[Holding], seat: int, in_discards: bool,
            charge: dict[tuple[int, int], str]) -> list[Fowl]:
    """The seat's counted chickens grouped by kind and place."""
    out: dict[tuple[str, int, Msg, int, str], int] = {}
    for t, where, idx in held:
        got = chicken_fowl.counted(tb, ks, [(t, where, idx)], seat, in_discards, charge)
        for key, tile, name, unit in got:
            k = (key, tile, name, unit, where)
            out[k] = out.get(k, 0) + 1
    return [Fowl(key, t, name, unit, c, where) for (key, t, name, unit, where), c in out.items()]


def _shown(tb: Table, ks: dict[int, chicken_fowl.Kind], held: list[Holding], seat: int,
           charge: dict[tuple[int, int], str]) -> list[Fowl]:
    """The chickens a seat shows face up: what it would owe as 包鸡 (default chickens, 冲锋 at its value) and the
    flipped ones in its melds."""
    out: dict[tuple[str, int, Msg, int, str], int] = {}
    for t, where, idx in held:
        k = ks.get(t)
        if k is None or where == "concealed_kong":
            continue
        if not k.default and where == "discard":
            continue
        how = charge.get((seat, idx)) if where == "discard" and idx is not None else None
        if how and k.default:
            key = ("chong_feng_ji", t, chicken_fowl.charge_name(k, how), k.value * tb.chong_feng_mult, where)
        else:
            key = (k.key, t, k.name, k.value, where)
        out[key] = out.get(key, 0) + 1
    return [Fowl(key, t, name, unit, c, where) for (key, t, name, unit, where), c in out.items()]


def _in_play(ks: dict[int, chicken_fowl.Kind], pub: ChickenPublic, tb: Table,
             duty: list[tuple[int, int, int, int, Msg]]) -> list[InPlay]:
    # 幺鸡, 乌骨鸡, then flipped
    kinds = sorted(ks.items(), key=lambda kv: (not kv[1].default, kv[0] != chicken_fowl.YAO, kv[0]))
    out = [InPlay(k.key, t, k.name, k.value) for t, k in kinds]
    for name, seat in pub.get("chong_feng", {}).items():
        t = tiles.tile(name)
        k = ks.get(t)
        if k is not None:
            out.append(InPlay("chong_feng", t, chicken_fowl.charge_name(k, "chong"),
                              k.value * tb.chong_feng_mult, seat))
    for pair in pub.get("gen_chong", []):
        t = tiles.tile(str(pair[0]))
        k = ks.get(t)
        if k is not None:
            out.append(InPlay("gen_chong", t, chicken_fowl.charge_name(k, "gen"),
                              k.value * tb.chong_feng_mult, int(pair[1])))
    for t, d, c, value, what in duty:
        out.append(InPlay("ze_ren", t, what, value, d, c))
    return out


def _beans(view: View, seat: int) -> list[Bean]:
    out = []
    for m in view["seats"][seat]["melds"]:
        key = BEAN_NAMES.get(MeldKind(m["kind"]))
        if key is None:
            continue
        face = next((f for f in m["faces"] if f is not None), None)
        if face is None:
            face = next((t for t in m["tiles"] if t is not None), None)
        if face is not None:
            out.append(Bean(key, face, msg(f"rules.bean.{key}")))
    return out


def _ready(view: View, variant: ChickenGame) -> bool | None:
    """Whether the viewer's hand is ready now: at the hand's end as the settlement judged it; holding a drawn tile
    (14 in all), None - the discard decides."""
    me = view["seat"]
    if view["phase"] == Phase.END and "result" in view:
        ready = view["result"]["info"].get("ready")
        if isinstance(ready, list) and me < len(ready):
            return bool(ready[me])
    melds = [_meld(m) for m in view["seats"][me]["melds"]]
    size = len(view["hand"]) + 3 * len(melds)
    if size % 3 != 1:
        return None
    return patterns.is_ready(variant.table, tiles.counts(view["hand"]), melds)


def _meld(m: MeldView) -> Meld:
    physical = tuple(t for t in m["tiles"] if t is not None)
    faces = tuple(f for f in m["faces"] if f is not None) or physical
    return Meld(MeldKind(m["kind"]), physical, faces, m["from"], m["claimed"])

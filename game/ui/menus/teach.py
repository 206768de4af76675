"""The demo's teaching captions: engine events and seat views in, lessons out (what happened, and the rule).

``Teacher.see(events, views)`` is called with each batch the demo session
delivers and the views of every seat after it (the demo shows every hand); it
returns ``Lesson`` objects in event order. ``settlement_lessons`` turns a hand's
result into one lesson per settlement item, so the demo can light the items up
one by one and say who paid whom for what. Nothing here draws or keeps time: the
demo scene decides how long each lesson stays (``Lesson.hold``).

Among the engine's events, ``refused_win`` tells a seat whose tiles completed on a
discard (or a robbed kong) that the rules did not let it win, with the rules
core's refusal; the demo, a spectator of an open table, sees every seat's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import game.i18n as i18n
from game.rules import tiles
from game.ui.calc.calcmodel import family, refusal_code, refusal_texts
from game.ui.kit import strings
from game.ui.kit.rulesdoc import explain

# argument kinds: a seat (named), a tile, several tiles, a strings key, a (中文, English) pair, plain text
SEAT, SEATS, TILE, TILES, KEY, PAIR, TEXT, GLOSS = "seat", "seats", "tile", "tiles", "key", "pair", "text", "gloss"


@dataclass(frozen=True)
class Lesson:
    """One caption: ``what`` happened (a strings key with arguments) and, when it teaches something, the ``rule``."""

    what: str
    args: tuple[tuple[str, str, Any], ...] = ()  # (name, kind, value)
    rule: str | None = None
    rule_args: tuple[tuple[str, str, Any], ...] = ()
    seat: int | None = None  # whom it is about
    tiles: tuple[int, ...] = ()  # tiles to show beside the text
    hold: float = 0.0  # seconds the demo pauses so it can be read
    item: int | None = None  # the settlement item it explains (index into result["items"])

    def text(self, names: list[str]) -> str:
        return strings.tr(self.what, **_fmt(self.args, names))

    def rule_text(self, names: list[str]) -> str:
        return strings.tr(self.rule, **_fmt(self.rule_args, names)) if self.rule else ""


def _fmt(args: tuple[tuple[str, str, Any], ...], names: list[str]) -> dict[str, str]:
    out = {}
    for name, kind, v in args:
        if kind == SEAT:
            out[name] = names[v] if isinstance(v, int) and 0 <= v < len(names) else "?"
        elif kind == SEATS:
            out[name] = ("、" if strings.is_zh() else ", ").join(names[x] for x in v if 0 <= x < len(names))
        elif kind == TILE:
            out[name] = strings.tile_name(v)
        elif kind == TILES:
            out[name] = ("、" if strings.is_zh() else ", ").join(strings.tile_name(t) for t in v)
        elif kind == KEY:
            out[name] = strings.tr(v)
        elif kind == PAIR:
            out[name] = strings.pick(*v)
        elif kind == GLOSS:
            out[name] = explain(v)
        else:
            out[name] = str(v)
    return out


def seat(name: str, v: int | None) -> tuple[str, str, Any]:
    return (name, SEAT, v)


def tile(name: str, v: int) -> tuple[str, str, Any]:
    return (name, TILE, v)


# Lessons that teach a rule pause the demo this long (seconds at normal speed); plain moves are not held.
RULE_HOLD = 2.6
MAX_REFUSALS = 3  # refused wins told per hand (the chicken games refuse 平胡 on a discard often)
BIG_HOLD = 3.6
CLAIM_KEYS = {"chow": "teach.chow", "pung": "teach.pung", "kong": "teach.kong"}
BEANS = {"concealed_kong": "teach.bean.men", "added_kong": "teach.bean.pa", "kong": "teach.bean.dian"}


class Teacher:
    """Turns one hand's events into lessons; remembers what it has already explained this hand."""

    def __init__(self, variant_id: str, n: int, hands_before: int = 0):
        self.hands_before = hands_before  # hands the demo showed before this table's first
        self.variant_id = variant_id
        self.family = family(variant_id)
        self.n = n
        self.new_hand()

    def new_hand(self) -> None:
        self.said: set[str] = set()  # rules explained this hand (each is explained in full once)
        self.discarded: dict[int, int] = {}  # tile -> times discarded (责任鸡 needs the first 1s / 8p)
        self.public: dict[str, Any] = {}
        self.last_discard: tuple[int, int] | None = None
        self.refusals = 0

    def once(self, key: str) -> bool:
        """True the first time ``key`` comes up this hand."""
        if key in self.said:
            return False
        self.said.add(key)
        return True

    # ------------------------------------------------------------------ a batch
    def see(self, events: list[dict[str, Any]], views: list[dict[str, Any]] | None) -> list[Lesson]:
        out: list[Lesson] = []
        v0 = views[0] if views else {}
        pub_before = self.public
        self.public = dict(v0.get("public") or {})
        for ev in events:
            et = ev.get("type")
            fn = getattr(self, f"_on_{et}", None)
            if fn is not None:
                got = fn(ev, views or [], pub_before)
                if got:
                    out.extend(got)
        out.extend(self._window_refusals(events, views or []))
        return out

    # ------------------------------------------------------------------ events
    def _on_start(self, ev, views, _pub) -> list[Lesson]:
        self.new_hand()
        v0 = views[0] if views else {}
        self.public = dict(v0.get("public") or {})
        k = self.hands_before + (ev.get("hand_no") or 0) + 1
        return [Lesson("teach.start", (seat("who", ev.get("dealer")), ("k", TEXT, k)), f"teach.goal.{self.family}",
                       seat=ev.get("dealer"), hold=RULE_HOLD)]

    def _on_flip(self, ev, views, _pub) -> list[Lesson]:
        what = ev.get("what")
        if what == "indicator" and ev.get("wildcard") is not None:
            wild, ind = ev["wildcard"], ev.get("tile")
            rule = "teach.rule.wild_white" if wild == tiles.WHITE else "teach.rule.wild"
            return [Lesson("teach.flip.indicator", (tile("ind", ind), tile("wild", wild)), rule,
                           (tile("wild", wild),), tiles=(ind, wild), hold=BIG_HOLD)]
        if what == "tail" and ev.get("tile") is None and ev.get("tiles"):
            tl = tuple(ev["tiles"])
            opt = "teach.rule.tail_chao_di" if (views and views[0].get("options", {}).get("chao_di")) else \
                "teach.rule.tail"
            return [Lesson("teach.flip.tail", (("tiles", TILES, tl),), opt, tiles=tl, hold=BIG_HOLD)]
        if what == "chicken" and ev.get("tile") is not None:
            zhuo, chick = ev["tile"], ev.get("chicken")
            if chick is None:
                return []
            rule = "teach.rule.golden" if chick in (tiles.ONE_SOU, tiles.EIGHT_PIN) else "teach.rule.flipped"
            return [Lesson("teach.flip.chicken", (tile("zhuo", zhuo), tile("chick", chick)), rule,
                           (tile("chick", chick),), tiles=(zhuo, chick), hold=BIG_HOLD)]
        return []

    def _on_discard(self, ev, views, _pub) -> list[Lesson]:
        t = ev.get("tile")
        self.discarded[t] = self.discarded.get(t, 0) + 1
        self.last_discard = (ev.get("seat"), t)
        if self.family == "wenshan" and t == self.public.get("wildcard") and self.once("wild_discard"):
            return [Lesson("teach.discard_wild", (seat("who", ev["seat"]), tile("tile", t)), "teach.rule.wild_discard",
                           (tile("tile", t),), seat=ev["seat"], tiles=(t,), hold=RULE_HOLD)]
        return []

    def _on_claim(self, ev, views, pub) -> list[Lesson]:
        kind = ev.get("kind", "pung")
        who, src, t = ev.get("seat"), ev.get("from"), ev.get("tile")
        tl = tuple(ev.get("tiles") or ())
        face = ev.get("face", t)
        faces = [face, face + 1, face + 2] if kind == "chow" else [face] * len(tl)
        args = (seat("who", who), seat("src", src), tile("tile", t))
        out = [Lesson(CLAIM_KEYS.get(kind, "teach.pung"), args, seat=who, tiles=tl)]
        wild, white = self.public.get("wildcard"), self.public.get("standin")
        subs = [(x, f) for x, f in zip(tl, faces) if x != f]
        for x, f in subs:
            if x == wild:
                key = "teach.sub.chow_wild" if kind == "chow" else "teach.sub.wild"
                out.append(Lesson(key, (seat("who", who), tile("wild", x), tile("face", f)),
                                  "teach.rule.wild_any" if self.once("wild_any") else None, seat=who, tiles=tl,
                                  hold=RULE_HOLD))
            elif x == tiles.WHITE and white is not None:
                out.append(Lesson("teach.sub.white", (seat("who", who), tile("face", f)),
                                  "teach.rule.white" if self.once("white") else None,
                                  (tile("wild", wild),) if wild is not None else (), seat=who, tiles=tl,
                                  hold=RULE_HOLD))
        if self.family == "chicken":
            out.extend(self._chicken_claim(ev, kind, who, src, t, pub))
        if kind == "chow" and not subs and self.once("chow"):
            out[0] = Lesson(out[0].what, out[0].args, "teach.rule.chow", seat=who, tiles=tl, hold=1.2)
        return out

    def _chicken_claim(self, ev, kind, who, src, t, pub) -> list[Lesson]:
        out = []
        if kind == "kong":
            out.append(Lesson(BEANS["kong"], (seat("who", who), seat("src", src)),
                              "teach.rule.bean_dian", seat=who, tiles=(t,) * 4, hold=RULE_HOLD))
        ze_before = (pub or {}).get("ze_ren") or {}
        ze_now = self.public.get("ze_ren") or {}
        if t in (tiles.ONE_SOU, tiles.EIGHT_PIN) and tiles.name(t) in ze_now and tiles.name(t) not in ze_before:
            out.append(Lesson("teach.ze_ren", (seat("who", who), seat("src", src), tile("tile", t)),
                              "teach.rule.ze_ren", seat=src, tiles=(t,), hold=BIG_HOLD))
        return out

    def _on_kong(self, ev, views, _pub) -> list[Lesson]:
        kind, who = ev.get("kind"), ev.get("seat")
        face = ev.get("face")
        tl = tuple(ev.get("tiles") or ((face,) * 4 if face is not None else ()))
        out = [Lesson("teach.kong_self", (seat("who", who), ("what", KEY, f"calc.meld.{kind}")), seat=who, tiles=tl)]
        if self.family == "chicken" and kind in BEANS:
            if ev.get("late"):
                out.append(Lesson("teach.bean.late", (seat("who", who),), "teach.rule.bean_late", seat=who,
                                  hold=RULE_HOLD))
            else:
                out.append(Lesson(BEANS[kind], (seat("who", who), seat("src", None)),
                                  "teach.rule.bean" if self.once("bean") else None, seat=who, hold=RULE_HOLD))
        elif self.family == "wenshan":
            subs = sum(1 for x in tl if x != face)
            if subs:
                out.append(Lesson("teach.kong_sub", (seat("who", who),), "teach.rule.kong_sub", seat=who, tiles=tl,
                                  hold=RULE_HOLD))
            elif self.once("kong_points"):
                out[0] = Lesson(out[0].what, out[0].args, "teach.rule.kong_points", seat=who, tiles=tl, hold=1.6)
        return out

    def _on_tail_take(self, ev, views, _pub) -> list[Lesson]:
        return [Lesson("teach.tail_take", (seat("who", ev.get("seat")), tile("tile", ev.get("tile"))),
                       "teach.rule.tail_take", seat=ev.get("seat"), tiles=(ev.get("tile"),), hold=BIG_HOLD)]

    def _on_blind_draw(self, ev, views, _pub) -> list[Lesson]:
        return [Lesson("teach.blind_draw", (seat("who", ev.get("seat")),), "teach.rule.chao_di",
                       seat=ev.get("seat"), hold=BIG_HOLD)]

    def _on_declare_ready(self, ev, views, _pub) -> list[Lesson]:
        who = ev.get("seat")
        waits: tuple[int, ...] = ()
        return [Lesson("teach.declare", (seat("who", who),), f"teach.rule.declare.{self.variant_id}"
                       if self.variant_id in ("guiyang", "zhuoji") else "teach.rule.declare", seat=who, tiles=waits,
                       hold=BIG_HOLD)]

    def _on_chicken(self, ev, views, _pub) -> list[Lesson]:
        who, t = ev.get("seat"), ev.get("tile")
        key = "teach.gen_chong" if ev.get("what") == "gen_chong" else "teach.chong_feng"
        rule: str | None = f"teach.rule.{ev.get('what')}.{self.variant_id}"
        if rule not in strings.S:
            rule = None
        return [Lesson(key, (seat("who", who), tile("tile", t)), rule, seat=who, tiles=(t,), hold=BIG_HOLD)]

    def _on_sequence_win(self, ev, views, _pub) -> list[Lesson]:
        key = ev.get("pattern")
        return [Lesson("teach.sequence", (seat("who", ev.get("seat")), ("what", TEXT, explain(key) or key)),
                       seat=ev.get("seat"), hold=BIG_HOLD)]

    def _on_refused_win(self, ev, views, _pub) -> list[Lesson]:
        rec = _Refused(ev)
        zh, en = refusal_texts(rec)
        code = refusal_code(rec)
        t = ev.get("tile")
        if code in (None, "not_a_win"):
            if self.family == "wenshan" and t == self.public.get("wildcard"):
                return [Lesson("teach.refused", (seat("who", ev.get("seat")), tile("tile", t),
                                                 ("why", KEY, "teach.why.wild_discard")),
                               "teach.rule.wild_discard", (tile("tile", t),), seat=ev.get("seat"), tiles=(t,),
                               hold=BIG_HOLD)]
            return []
        if not self.once(f"refused:{ev.get('seat')}:{code}"):
            return []
        self.refusals += 1
        if self.refusals > MAX_REFUSALS:
            return []  # told often enough this hand
        first = self.once(f"refused:{code}")
        return [Lesson("teach.refused", (seat("who", ev.get("seat")), tile("tile", t), ("why", PAIR, (zh, en))),
                       "teach.rule.pass" if code == "needs_pass" and first else None, seat=ev.get("seat"),
                       tiles=(t,) if t is not None else (), hold=BIG_HOLD if first else RULE_HOLD)]

    def _window_refusals(self, events, views) -> list[Lesson]:
        """A refusal a seat's own view reports for the tile on offer (the typed core's ``win_refusal``)."""
        out: list[Lesson] = []
        if not any(e.get("type") == "claim_window" for e in events):
            return out
        for s, v in enumerate(views):
            code = v.get("win_refusal")
            if not code or str(code) == "not_a_win" or v.get("phase") == "turn":
                continue
            offer = v.get("offer") or {}
            t = offer.get("tile") if offer else (v.get("last_discard") or [None, None])[1]
            out += self._on_refused_win({"type": "refused_win", "seat": s, "tile": t, "refusal": code}, views, {})
        return out

    def _on_win(self, ev, views, _pub) -> list[Lesson]:
        who, how, src, t = ev.get("seat"), ev.get("how"), ev.get("from"), ev.get("tile")
        res = (views[0].get("result") if views else None) or {}
        pats: list[tuple[str, str]] = []
        keys: list[str] = []
        for w in res.get("wins") or []:
            if w.get("seat") == who:
                keys = [p.get("key") for p in w.get("patterns") or []]
        if not keys:
            keys = list(ev.get("patterns") or [])
        pats = [pattern_names(self.variant_id, k) for k in keys]
        names = (" ".join(p[0] for p in pats), " ".join(p[1] for p in pats))
        what = {"self_draw": "teach.win.self", "rob_kong": "teach.win.rob"}.get(how, "teach.win.discard")
        main = next((k for k in keys if explain(k)), None)
        out = [Lesson(what, (seat("who", who), seat("src", src), tile("tile", t), ("pats", PAIR, names)),
                      "teach.rule.pattern" if main else None, (("gloss", GLOSS, main),),
                      seat=who, tiles=(t,), hold=BIG_HOLD)]
        if self.family == "wenshan" and "ying_gong" not in keys and how and self._used_subs(views, who):
            out.append(Lesson("teach.no_ying_gong", (seat("who", who),), "teach.rule.ying_gong", seat=who,
                              hold=RULE_HOLD))
        return out

    def _used_subs(self, views, who) -> bool:
        wild = self.public.get("wildcard")
        hand = ((views[0].get("seats") or [{}] * (who + 1))[who].get("hand") or []) if views else []
        return wild is not None and (wild in hand or tiles.WHITE in hand)

    def _on_exhausted(self, ev, views, _pub) -> list[Lesson]:
        return [Lesson("teach.exhausted", (), f"teach.rule.exhausted.{self.variant_id}"
                       if self.variant_id in ("guiyang", "zhuoji") else f"teach.rule.exhausted.{self.family}",
                       hold=BIG_HOLD)]


def pattern_names(variant_id: str, key: str) -> tuple[str, str]:
    """(中文, English) of a pattern or event key, from the variant's own scoring tables (the Chinese in the current
    Chinese language, strings.cn)."""
    fam = family(variant_id)
    if fam in ("wenshan", "yuxi"):
        names = [f"rules.pattern.{fam}.{key}"]
    else:
        names = [f"rules.pattern.{variant_id}.{key}", f"rules.event.{variant_id}.{key}"]
    for name in names:
        if i18n.has(name):
            return i18n.text(name, strings.cn()), i18n.text(name, "en")
    return key, key.replace("_", " ")


class _Refused:
    """A refused_win event read like a Score (for ``refusal_texts``)."""

    def __init__(self, ev: dict[str, Any]):
        self.refusal = ev.get("refusal") or None


# ====================================================================== settlement

def settlement_lessons(result: dict[str, Any]) -> list[Lesson]:
    """One lesson per settlement item that collects (or scores nothing), in the screen's order: who gets
    what from whom, and the rule behind it."""
    out = []
    for i, it in enumerate(result.get("items") or []):
        pts = it.get("points", 0)
        if pts < 0:
            continue  # the payer's side of a line already told from the receiver's side
        payers = payers_of(result, i) or _detail_seats(it.get("detail", ""), "←")
        label = (i18n.label(it, strings.cn()), i18n.label(it, "en") or i18n.label(it, strings.cn()))
        args: tuple[tuple[str, str, Any], ...]
        if pts == 0:
            what, args = "teach.item.zero", (seat("who", it.get("seat")), ("label", PAIR, label))
        elif payers:
            what = "teach.item.paid"
            args = (seat("who", it.get("seat")), ("label", PAIR, label), ("pts", TEXT, pts),
                    ("payers", SEATS, tuple(payers)))
        else:
            what, args = "teach.item.got", (seat("who", it.get("seat")), ("label", PAIR, label), ("pts", TEXT, pts))
        gloss = explain(it.get("key"))
        out.append(Lesson(what, args, "teach.rule.pattern" if gloss else None, (("gloss", GLOSS, it.get("key")),),
                          seat=it.get("seat"), item=i))
    return out


def payers_of(result: dict[str, Any], i: int) -> list[int]:
    """The seats that paid settlement item ``i``'s seat for it (the transfers carrying its label)."""
    it = (result.get("items") or [])[i]
    label = i18n.label(it, "zh")
    return sorted({t["from"] for t in result.get("transfers") or []
                   if t.get("to") == it.get("seat") and (i18n.label(t, "zh") or t.get("reason")) == label})


def _detail_seats(detail: str, arrow: str) -> list[int]:
    d = str(detail or "")
    if not d.startswith(arrow):
        return []
    try:
        return [int(p) for p in d[1:].split(",") if p.strip()]
    except ValueError:
        return []

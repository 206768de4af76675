"""Engine events turned into what the table shows and plays: animations, sounds, captions (no window needed).

``stage(events, Stage(...))`` returns steps in event order; the table scene
applies them (``Animator.add``, the sound queue, the caption list, its own hand
state). Animation delays and durations are in unscaled seconds (the animator
applies the speed factor); sound and hand-over times are app times.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import game.i18n as i18n
from game.ui.kit import strings, tileart
from game.ui.kit.rulesdoc import explain
from game.ui.table.context import deal_counts
from game.ui.table.layout import TableLayout
from game.ui.table.myhand import hand_slots
from game.ui.table.tableview import display_meld, tile_marks

BIG_LABEL = {"chow": "big.chow", "pung": "big.pung", "kong": "big.kong", "added_kong": "big.kong",
             "concealed_kong": "big.kong"}
LABEL_COLORS = {"chow": (170, 255, 170), "pung": (160, 210, 255), "kong": (226, 180, 255), "hu": (255, 214, 96),
                "ready": (255, 150, 120)}
DEAL_SECONDS = 0.9


@dataclass(frozen=True)
class Anim:
    """An ``Animator.add`` call."""

    kind: str
    dur: float
    delay: float = 0.0
    hide: tuple = ()
    hold: float = 0.0
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Sound:
    at: float  # app time
    name: str


@dataclass(frozen=True)
class Caption:
    text: str


@dataclass(frozen=True)
class NewHand:
    """A hand starts: forget the last one's selection, prompt, settlement and animations."""


@dataclass(frozen=True)
class Deal:
    start: float  # app time
    dur: float  # seconds (speed applied)


@dataclass(frozen=True)
class DiscardLanded:
    """The player's own discard flew from where it was picked: forget that place."""


@dataclass(frozen=True)
class HandOver:
    result: dict | None
    settle_at: float  # app time the settlement shows


@dataclass(frozen=True)
class BotsWait:
    until: float  # app time before which no bot acts


Step = Anim | Sound | Caption | NewHand | Deal | DiscardLanded | HandOver | BotsWait


@dataclass
class Stage:
    """The table as the scene shows it when the events arrive."""

    view: dict  # the view after the events
    layout: TableLayout
    me: int
    names: list[str]
    now: float
    factor: float  # animation speed (0: no animations)
    demo: bool = False
    deal_start: float | None = None
    deal_dur: float = 0.0
    reveal: list | None = None  # hands shown face up (demo)
    public_slots: dict = field(default_factory=dict)  # where the corner panel draws public tiles
    discard_from: tuple[int, int] | None = None  # where the player's own discard was picked

    @property
    def scale(self) -> float:
        return self.layout.s


def stage(events: list[dict], st: Stage) -> list[Step]:
    """The steps that show ``events`` (one batch from ``session.poll()``)."""
    return _Director(st).run(events)


def quiet(events: list[dict], view: dict | None, now: float) -> list[Step]:
    """Joining a hand under way: only what the scene must remember, no history replayed as animation."""
    out: list[Step] = []
    for ev in events:
        if ev.get("type") == "start":
            out.append(NewHand())
        elif ev.get("type") == "end":
            out.append(HandOver(view.get("result") if view else None, now + 0.3))
    return out


def _hl(mark: str | None) -> str | None:
    return mark if mark in ("wild", "standin", "chicken") else None


def _en_pattern(p: dict) -> str:
    return p.get("name_en") or p.get("key", "").replace("_", " ")


class _Director:
    def __init__(self, st: Stage):
        self.st = st
        self.out: list[Step] = []
        self.deal_start = st.deal_start
        self.deal_dur = st.deal_dur
        self.discard_from = st.discard_from

    # ------------------------------------------------------------------ helpers
    def anim(self, kind: str, dur: float, delay: float = 0.0, hide=(), hold: float = 0.0, **data) -> None:
        self.out.append(Anim(kind, dur, delay, tuple(hide), hold, data))

    def sound(self, at: float, name: str) -> None:
        self.out.append(Sound(at, name))

    def caption(self, text: str) -> None:
        self.out.append(Caption(text))

    def caption_claim(self, seat: int, kind: str) -> None:
        self.caption(strings.tr("demo.claim", who=self.st.names[seat], what=strings.tr(f"act.{kind}")))

    def label(self, seat: int, text: str, color, delay: float) -> None:
        self.anim("label", 1.1, delay=delay, text=text, pos=self.st.layout.label_anchor(seat), color=color, size=104)

    def my_slots(self):
        st = self.st
        counts = None
        if self.deal_start is not None and self.deal_dur > 0:
            counts = deal_counts(st.view, st.me, st.view["n"], (st.now - self.deal_start) / self.deal_dur)
        return hand_slots(st.view, st.me, st.layout, counts)

    # ------------------------------------------------------------------ the batch
    def run(self, events: list[dict]) -> list[Step]:
        st = self.st
        L = st.layout
        s = st.scale
        now = st.now
        f = st.factor
        new = st.view
        delay = 0.0
        for ev in events:
            et = ev.get("type")
            if et == "deal":
                continue
            if et == "start":
                self.out.append(NewHand())
                if f > 0:
                    self.deal_start, self.deal_dur = now, DEAL_SECONDS * f
                    self.out.append(Deal(now, DEAL_SECONDS * f))
                    delay = DEAL_SECONDS
                self.sound(now, "deal")
            elif et == "flip":
                delay += self.flip(ev, delay)
            elif et == "tail_take" and ev.get("seat") is not None:
                tile = strings.tile_name(ev["tile"])
                self.caption(strings.tr("demo.tail_take", who=st.names[ev["seat"]], tile=tile))
            elif et == "blind_draw" and ev.get("seat") is not None:
                self.caption(strings.tr("demo.blind_draw", who=st.names[ev["seat"]]))
            elif et == "sequence_win" and ev.get("seat") is not None:
                what = explain(ev.get("pattern")) or str(ev.get("pattern"))
                self.label(ev["seat"], what.split("：")[0].split(":")[0], LABEL_COLORS["hu"], delay)
                self.caption(strings.tr("demo.sequence", who=st.names[ev["seat"]], what=what))
            elif et == "chicken":
                seat = ev.get("seat")
                if seat is not None and ev.get("what") in ("chong_feng", "gen_chong"):
                    text = strings.tr("pub.chong_feng_wu" if ev.get("tile") == 16 else "pub.chong_feng")
                    self.anim("label", 1.2, delay=delay, text=text, pos=L.label_anchor(seat), color=(255, 170, 120),
                              size=56)
                    self.caption(strings.tr("demo.claim", who=st.names[seat], what=text))
            elif et == "draw":
                seat = ev.get("seat")
                if seat == st.me and not st.demo:
                    _disp, slots, _m, _ms = self.my_slots()
                    if slots and new.get("drawn") is not None:
                        sl = slots[-1]
                        self.anim("fly", 0.22, delay=delay, hide=[("my", len(slots) - 1)], tile=new.get("drawn"),
                                  p0=(sl.x, sl.y - round(60 * s)), p1=(sl.x, sl.y), w=sl.w, standing=True,
                                  highlight=_hl(tile_marks(new).get(_tile_or(new.get("drawn")))))
                    self.sound(now + delay * f, "draw")
                elif seat is not None:
                    self.fly_draw_other(seat, delay)
                delay += 0.12
            elif et == "discard":
                self.fly_discard(ev["seat"], ev["tile"], delay)
                self.sound(now + (delay + 0.2) * f, "tile")
                delay += 0.24
            elif et == "claim":
                self.claim(ev, delay)
                delay += 0.3
            elif et == "kong":
                if ev.get("kind") in ("concealed_kong", "added_kong"):
                    self.label(ev["seat"], strings.tr("big.kong"), LABEL_COLORS["kong"], delay)
                    self.sound(now + delay * f, "kong")
                    self.caption_claim(ev["seat"], "kong")
            elif et == "win_lapsed" and ev.get("seat") is not None and ev.get("winner") is not None:
                # 一炮多响 off: a nearer seat won the tile this seat also said 胡 on (told to that seat alone)
                self.caption(strings.tr("demo.win_lapsed", who=st.names[ev["seat"]], winner=st.names[ev["winner"]]))
            elif et == "declare_ready":
                self.label(ev["seat"], strings.tr("big.ready"), LABEL_COLORS["ready"], delay)
                self.sound(now + delay * f, "claim")
                self.caption(strings.tr("demo.claim", who=st.names[ev["seat"]], what=strings.tr("act.declare_ready")))
            elif et == "win":
                self.win(ev, events, delay)
                delay += 0.4
            elif et == "exhausted":
                self.anim("banner", 1.6, delay=delay, text=strings.tr("big.draw"), y=L.C[1], color=(220, 230, 240))
                self.sound(now + delay * f, "drawn_game")
                self.caption(strings.tr("demo.draw"))
            elif et == "end":
                wait = max(0.5, (delay + 1.3) * f) if f > 0 else 0.5
                self.out.append(HandOver(new.get("result"), now + wait))
        if any(e.get("type") == "start" for e in events) and f > 0:
            # bots wait for the deal and the flips; the player may act at once (input is never held back)
            self.out.append(BotsWait(now + delay * f + 0.3))
        return self.out

    # ------------------------------------------------------------------ tiles in flight
    def fly_discard(self, seat: int, tile: int, delay: float) -> None:
        st = self.st
        L = st.layout
        info = st.view["seats"][seat]
        shown = [d for d in info["discards"] if d.get("claimed_by") is None]
        claimed = bool(info["discards"]) and info["discards"][-1].get("claimed_by") is not None \
            and info["discards"][-1]["tile"] == tile
        idx = len(shown) if claimed else len(shown) - 1
        if idx < 0:
            return
        dst = L.pond_slot(seat, idx)
        if seat == st.me and self.discard_from is not None:
            p0 = self.discard_from
            w0 = L.hw
            rot0 = 0
        else:
            ax, ay = L.hand_anchor(seat)
            bw, bh = tileart.tile_size(L.pw, dst.rot)
            p0 = (ax - bw // 2, ay - bh // 2)
            w0 = L.pw
            rot0 = dst.rot
        if self.discard_from is not None:
            self.discard_from = None
            self.out.append(DiscardLanded())
        self.anim("fly", 0.24, delay=delay, hide=[] if claimed else [("pond", seat, idx)], tile=tile, p0=p0,
                  p1=dst.pos, w0=w0, w1=dst.w, w=dst.w, rot0=rot0, rot1=dst.rot, arc=round(18 * st.scale))

    def fly_draw_other(self, seat: int, delay: float) -> None:
        st = self.st
        L = st.layout
        new = st.view
        info = new["seats"][seat]
        if info["concealed"] % 3 != 2:
            return
        reveal = st.reveal[seat] if st.reveal is not None else None
        melds = [display_meld(m, seat, new["n"]) for m in info["melds"]]
        slots, _ = L.other_hand(seat, info["concealed"], True, melds, face_up=reveal is not None)
        if not slots:
            return
        sl = slots[-1]
        cx, cy = L.C
        self.anim("fly", 0.2, delay=delay, hide=[("hand", seat, len(slots) - 1)], tile=None,
                  p0=(cx - sl.rect().w // 2, cy - sl.rect().h // 2), p1=sl.pos, w=sl.w, rot0=sl.rot, rot1=sl.rot,
                  standing=sl.standing)

    def claim(self, ev: dict, delay: float) -> None:
        st = self.st
        L = st.layout
        new = st.view
        seat, src, kind = ev["seat"], ev.get("from"), ev.get("kind", "pung")
        color = LABEL_COLORS.get("kong" if "kong" in kind else kind, (255, 230, 140))
        self.label(seat, strings.tr(BIG_LABEL.get(kind, "big.pung")), color, delay)
        self.sound(st.now + delay * st.factor, "kong" if "kong" in kind else "claim")
        self.caption_claim(seat, "kong" if "kong" in kind else kind)
        if src is None:
            return
        shown = [d for d in new["seats"][src]["discards"] if d.get("claimed_by") is None]
        p0 = L.pond_slot(src, len(shown))
        melds = new["seats"][seat]["melds"]
        if not melds:
            return
        mi = len(melds) - 1
        dm = display_meld(melds[mi], seat, new["n"])
        j = dm.get("claimed")
        if j is None:
            return
        if seat == st.me:
            _disp, _slots, _dmelds, meld_slots = self.my_slots()
            if mi >= len(meld_slots):
                return
            target = meld_slots[mi][1][j]
            hide: list[tuple] = [("mymeld", mi, j)]
        else:
            info = new["seats"][seat]
            dmelds = [display_meld(m, seat, new["n"]) for m in info["melds"]]
            reveal = st.reveal[seat] if st.reveal is not None else None
            _slots, meld_slots = L.other_hand(seat, info["concealed"], False, dmelds, face_up=reveal is not None)
            if mi >= len(meld_slots):
                return
            target = meld_slots[mi][1][j]
            hide = [("meld", seat, mi, j)]
        self.anim("fly", 0.32, delay=delay + 0.05, hide=hide, tile=ev.get("tile"), p0=p0.pos, p1=target.pos,
                  w0=p0.w, w1=target.w, w=target.w, rot0=p0.rot, rot1=target.rot, arc=round(40 * st.scale))

    def flip(self, ev: dict, delay: float) -> float:
        """Tile flips: the 小鸡 indicator, yuxi's tail tiles, the 捉鸡牌 and its 翻牌鸡. Returns the time used."""
        st = self.st
        L = st.layout
        what = ev.get("what", "")
        tile = ev.get("tile")
        w = round(66 * st.scale)
        slots = st.public_slots
        snd = st.now + delay * st.factor
        if what == "indicator" and tile is not None:
            wild = ev.get("wildcard")
            self.anim("flip", 1.25, delay=delay, hide=[("pub", "indicator"), ("pub", "wildcard"), ("pub", "standin")],
                      tile=tile, center=L.C, w=w, caption=strings.tr("flip.indicator"),
                      target=slots.get(("indicator", 0)))
            if wild is not None:
                self.caption(strings.tr("flip.wildcard_is", tile=strings.tile_name(wild)))
            self.sound(snd, "flip")
            return 1.3
        if what == "tail":
            tiles = ev.get("tiles") or []
            if tile is None and tiles:  # the deal: both tail tiles turn up in front of everyone
                gap = round(w * 0.62)
                for j, t in enumerate(tiles):
                    cx = L.C[0] + (j - (len(tiles) - 1) / 2) * (w + gap)
                    self.anim("flip", 1.25, delay=delay + 0.12 * j, hide=[("pub", "tail", j)], tile=t,
                              center=(cx, L.C[1]), w=w, caption=strings.tr("flip.tail") if j == 0 else None,
                              target=slots.get(("tail", j)))
                names = " ".join(strings.tile_name(t) for t in tiles)
                self.caption(strings.tr("demo.flip", what=strings.tr("flip.tail"), tile=names))
                self.sound(snd, "flip")
                return 1.4
            slot = ev.get("slot", len(tiles) - 1)
            target = slots.get(("tail", slot if isinstance(slot, int) else 0))
            if target is not None and tile is not None:
                tx, ty, tw = target
                bw, bh = tileart.tile_size(tw)
                self.anim("flip", 0.6, delay=delay, hide=[("pub", "tail", slot)], tile=tile,
                          center=(tx + bw // 2, ty + bh // 2), w=tw)
            return 0.2
        if tile is None:
            return 0.0
        # the chicken flip at the end: the 捉鸡牌, then the tile after it is the 翻牌鸡
        chick = ev.get("chicken")
        gap = round(w * 0.5)
        c1 = (L.C[0] - (w + gap) // 2, L.C[1]) if chick is not None else L.C
        self.anim("flip", 1.3, delay=delay, hold=1.0, tile=tile, center=c1, w=w, caption=strings.tr("pub.zhuo"))
        if chick is not None:
            c2 = (L.C[0] + (w + gap) // 2, L.C[1])
            self.anim("flip", 1.3, delay=delay + 0.5, hold=0.5, tile=chick, center=c2, w=w,
                      caption=strings.tr("pub.chicken"), highlight="chicken")
            self.caption(strings.tr("flip.chicken_is", tile=strings.tile_name(chick)))
        else:
            self.caption(strings.tr("demo.flip", what=strings.tr("flip.chicken"), tile=strings.tile_name(tile)))
        self.sound(snd, "flip")
        self.sound(snd + 0.5 * st.factor, "flip")
        return 2.3

    def win(self, ev: dict, events: list[dict], delay: float) -> None:
        st = self.st
        seat = ev["seat"]
        how = ev.get("how")
        wins = [e for e in events if e.get("type") == "win"]
        text = strings.tr("big.zimo") if how == "self_draw" else strings.tr("big.hu")
        self.label(seat, text, LABEL_COLORS["hu"], delay)
        if len(wins) > 1 and ev is wins[0]:
            self.anim("banner", 1.6, delay=delay + 0.3, text=strings.tr("big.multi"), y=st.layout.C[1])
        if ev is wins[0]:
            self.sound(st.now + delay * st.factor, "win")
        pats = ev.get("patterns") or []
        names = []
        res = st.view.get("result") or {}
        for w in res.get("wins", []):
            if w.get("seat") == seat:
                names = [i18n.pattern_name(p, strings.lang()) if strings.is_zh() else _en_pattern(p)
                         for p in w.get("patterns", [])]
        if not names:
            names = pats
        self.caption(strings.tr("demo.win", who=st.names[seat], pats=" ".join(names) or strings.tr("act.hu")))


def _tile_or(tile: int | None) -> int:
    """A tile for a lookup keyed by tiles; -1 (no tile) for None."""
    return -1 if tile is None else tile

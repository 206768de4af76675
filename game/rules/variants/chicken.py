"""贵阳捉鸡 (guiyang) and 捉鸡麻将 (zhuoji): one chicken-game variant, driven by value tables.

Binding reading: shared/rules/chicken.md. ``ChickenGame`` holds every rule; ``Guiyang`` and
``Zhuoji`` only name their table (chicken_tables.py) and options. Patterns and waits live in
chicken_patterns.py, chickens in chicken_fowl.py, the shared settlement (in parts: hand,
events, 连庄, beans, chickens, 包鸡/包豆, 查叫) in chicken_settle.py.

Decisions taken where chicken.md and the seeds are silent (what a player of the region expects):

- 报听 is offered right after a player's first discard when the hand is ready and the player
  has made no claim yet (a concealed kong does not prevent it). The discard made with the
  declaration is already a declared player's discard: winning on it is 杀报/杀听.
- A declared player's non-winning draw is discarded automatically (not a logged action); a
  winning draw may be won or discarded. Declared players may not pung, kong or claim anything
  but a win. (Should every player have declared, the engine chains at most 64 automatic steps
  per action; the forced discard is then offered as the seat's only legal action.)
- 天胡/地胡 cannot be passed: guiyang 天胡 = the dealer's win on the dealt 14 before any kong;
  guiyang 地胡 = a non-dealer's first draw or any discard before their own first discard, while
  nobody has claimed or konged. zhuoji allows concealed kongs before both (the replacement
  draw still counts, and 杠开's 6 is added) and its 地胡 on a discard is only on the dealer's
  first discard. While a 天胡/地胡 is on offer the player cannot pung or kong that tile either.
- 单吊 (大对子单吊): four melds of any kind (concealed kongs included), so the concealed hand is
  the lone tile that pairs. Equal values (e.g. 龙七对 and 合扑七对, both 20) show the pattern
  listed first in chicken_tables.PREFERENCE (天胡/地胡, then the 清 forms, 龙 before 合扑).
- Ready (叫嘴): winners, and every other player whose current hand has a wait of any shape of
  the variant (standard, seven pairs with quadruples as two pairs, zhuoji's 地龙). A wait on a
  tile the player holds all four of (hand and melds) is no wait: there is no fifth copy.
- 查叫 pays the largest pattern over the waits judged as a plain discard win: no events, no
  素瓜豆, and the pass rule does not apply (readiness is about the shape). zhuoji's 连庄 does not
  apply to 查叫, beans or chickens, only to the hand payments of a won hand (the guiyang seed's
  "荒庄不算连庄分").
- 冲锋/责任 are decided by the *first* discard of 1s (and of 8p): unclaimed → 冲锋, ponged or
  konged → 责任; a first discard that is won on is neither. 跟冲 (zhuoji): after a 冲锋, each
  other player whose own first discard is the same tile and is not claimed gets a 冲锋鸡 too.
- 上下鸡 (zhuoji option): the tiles just below and just above the 捉鸡牌 (9 → 1 wrapping); the
  one above is the flipped chicken anyway. 本鸡: the 捉鸡牌's kind. A tile that is a chicken in
  two ways counts once, at its higher value (a default chicken keeps its wider counting).
- A burned player (烧) receives nothing from beans, chickens, 责任鸡, 包鸡 or 包豆; they still pay.
- 抢杠包两家 (guiyang): the robbed player pays (players - 1) shares of the hand, and 自摸翻倍
  doubles it too (it is "scored as a self-draw"); each of several robbers is paid so.
- zhuoji 杀报 on a self-draw is charged to the declared seats only. The ``score`` command cannot
  name them (its JSON has no such field): there the 15 shows in ``total`` and no seat pays it.
- 满鸡清一色 (guiyang): the winner's counted flipped chickens (hand, melds and - as the winner -
  discards) are all four copies; the pattern takes 清一色's value if smaller, then the +10
  events are added to it (平胡 is no longer the pattern, so nothing is dropped).
- 素瓜豆 (zhuoji): a self-drawn 平胡 whose winner owns no kong (憨包豆 included) and has no
  chicken counted for them (flip, discards and 冲锋 included) scores 6 instead of 3.
- guiyang's drawn-hand dealer with two players: exactly one ready → that player deals. With
  three players and two ready the dealer always stays (chicken.md).
- Settlement items: ``Item.key`` is the settlement part (hand, events, lian_zhuang, cha_jiao,
  beans, chickens, bao); ``detail`` names the other seats (←1,2 received from, →0 paid to);
  transfers carry the rule key as ``reason`` (pattern or event key, men_dou, yao_ji,
  chong_feng_ji, ze_ren_ji, bao_ji, bao_dou, cha_jiao ...). 0-point items show what scored
  nothing (平胡 0 under a +10 event, 憨包豆 ×0, burned or void collections).
- The engine marks an added kong late (憨包豆) when its fourth tile was already held at the pung:
  declining the 点豆 on that discard and adding the tile later is the "delayed kong".
- 一炮多响 off (guiyang ``multi_win``, chicken.md Options): the window still waits for every seat that may win,
  so each decides as with it on; then the first 胡 after the discarder in turn order wins. The others' 胡
  lapse: each is told so privately at once (``win_lapsed``), and the settlement shows everyone a 0-point
  line on its row; a lapsed seat settles as a ready player (its chickens and beans count, it is not a
  winner: no flipped chicken in its discards, no hand payment). It passed nothing, so no 过胡 follows (the
  hand is over anyway). A 地胡 that lapses lapses too: the rule names no exception.
- 包鸡 off (guiyang ``bao_ji``): the exposed chickens a not-ready player no longer owes show as a 0-point
  line (包鸡 … 不包), so the settlement says why nothing was paid.
- ``first_dealer`` (every variant): ``random`` draws ``random.Random(f"{seed}:first_dealer")`` - the draw
  zhuoji made before the option existed, so matches saved by 0.1.0 replay with the same dealers.
"""

from __future__ import annotations

from typing import ClassVar, cast

from .. import events, tiles
from ..actions import DISCARD, KONG, PUNG, Action
from ..events import Event
from ..kinds import ActionKind, HandEnd, MeldKind, Phase, WinBy
from ..options import Option, Options
from ..public import ChickenPublic, PublicInfo
from ..settlement import Settlement
from ..situation import Score, Situation
from ..state import HandState, Meld, PendingWin
from . import chicken_fowl, chicken_settle
from . import chicken_patterns as patterns
from .base import Variant, first_dealer_option
from .chicken_tables import GUIYANG, ZHUOJI, Table


class ChickenGame(Variant):
    """The chicken games' rules; subclasses name the table and the options."""

    table: Table = GUIYANG
    claim_policy = "simultaneous"
    multi_win = True
    allow_chow = False
    missed_pung = True
    button_order = (ActionKind.PUNG, ActionKind.KONG, ActionKind.HU, ActionKind.PASS)

    # ---- table ----------------------------------------------------------------
    def tile_set(self, options: Options) -> list[int]:
        return tiles.tile_set(tiles.SUITED)

    # ---- decisions ---------------------------------------------------------------
    def claim_allowed(self, st: HandState, seat: int, kind: ActionKind) -> bool:
        if st.seats[seat].declared:
            return False
        if kind in (PUNG, KONG) and st.last_discard is not None:
            src, tile = st.last_discard
            if self.special_win(st, seat, WinBy.DISCARD, src) \
                    and self.win_score(st, seat, tile, WinBy.DISCARD, src) is not None:
                return False  # a 地胡 cannot be passed, not even for a pung
        return True

    def turn_kong_allowed(self, st: HandState, seat: int) -> bool:
        return not st.seats[seat].declared

    def discard_choices(self, st: HandState, seat: int) -> list[int] | None:
        s = st.seats[seat]
        if s.declared and s.drawn is not None:
            return [s.drawn]
        return None

    def can_declare(self, st: HandState, seat: int) -> bool:
        """报听: right after one's first discard, with no claim made, when the hand is ready."""
        s = st.seats[seat]
        if s.declared or len(s.discards) != 1 or any(m.kind != MeldKind.CONCEALED_KONG for m in s.melds):
            return False
        return patterns.is_ready(self.table, s.counts, s.melds)

    def automatic_action(self, st: HandState) -> Action | None:
        """A declared player discards a drawn tile that does not win."""
        if st.phase != Phase.TURN:
            return None
        s = st.seats[st.turn]
        if s.declared and s.drawn is not None and st.extra.get("_self_win") is None:
            return Action(st.turn, DISCARD, s.drawn)
        return None

    def on_claim_closed(self, st: HandState, emitted: list[Event]) -> list[PendingWin]:
        chicken_fowl.record_unclaimed(st, st.options, self.table.gen_chong, emitted)
        return []

    # ---- winning -------------------------------------------------------------------
    def special_win(self, st: HandState, seat: int, how: WinBy, source: int | None) -> str | None:
        """"tian_hu" / "di_hu" when a win by ``seat`` now would be one (they cannot be passed)."""
        tb = self.table
        if st.claim_count:
            return None
        if not tb.kongs_before_tian_di and any(x.melds for x in st.seats):
            return None
        s = st.seats[seat]
        if how == WinBy.SELF_DRAW:
            if seat == st.dealer:
                return "tian_hu" if st.discard_count == 0 else None
            if s.discards or (not tb.kongs_before_tian_di and s.draws != 1):
                return None
            return "di_hu"
        if how == WinBy.DISCARD:
            if seat == st.dealer or s.discards:
                return None
            if tb.di_hu_dealer_discard_only and (source != st.dealer or st.discard_count != 1):
                return None
            return "di_hu"
        return None

    def quick_win(self, st: HandState, seat: int, tile: int | None, how: WinBy) -> bool:
        s = st.seats[seat]
        counts = s.counts
        if tile is not None:
            counts = list(counts)
            counts[tile] += 1
        return patterns.is_winning(self.table, counts, s.melds, tile if tile is not None else s.drawn)

    def situation(self, st: HandState, seat: int, tile: int, how: WinBy, source: int | None) -> Situation:
        s = st.seats[seat]
        counts = self.win_counts(st, seat, tile, how)
        flags = set()
        if how == WinBy.SELF_DRAW and st.after_kong:
            flags.add("after_kong")
        sp = self.special_win(st, seat, how, source)
        if sp:
            flags.add(sp)
        if s.declared:
            flags.add("declared_ready")
        declared = [i for i, x in enumerate(st.seats) if x.declared and i != seat]
        if how == WinBy.SELF_DRAW:
            if declared:
                flags.add("discarder_declared")
        elif source is not None and st.seats[source].discards and how == WinBy.DISCARD:
            last = st.seats[source].discards[-1]
            if last.declared:
                flags.add("discarder_declared")
            if last.after_kong:
                flags.add("hot")
        return Situation(self.id, st.options, st.n, st.dealer, seat, counts, list(s.melds), tile, how, source,
                         frozenset(flags), None, tuple(st.kong_draws), st.dealer_streak,
                         {"declared_seats": declared})

    def score(self, sit: Situation) -> Score:
        return patterns.score(self.table, sit)

    def must_win(self, st: HandState, seat: int, how: WinBy) -> bool:
        if how == WinBy.SELF_DRAW:
            return self.special_win(st, seat, WinBy.SELF_DRAW, None) is not None
        if how == WinBy.DISCARD and st.last_discard is not None:
            return self.special_win(st, seat, WinBy.DISCARD, st.last_discard[0]) is not None
        return False

    # ---- end of hand -----------------------------------------------------------------
    def on_hand_end(self, st: HandState, emitted: list[Event]) -> None:
        """捉鸡: after a win, the first tile left in the wall is turned up (none when the wall is empty)."""
        if st.end == HandEnd.WIN and st.front < st.back:
            zhuo = st.wall[st.front]
            st.extra["zhuo"] = zhuo
            emitted.append(events.flip_chicken(zhuo, chicken_fowl.next_tile(zhuo)))

    def settle(self, st: HandState) -> Settlement:
        return chicken_settle.settle(st, self.table)

    def ready_seats(self, st: HandState) -> list[bool]:
        if st.settlement is not None and "ready" in st.settlement.info:
            return list(st.settlement.info["ready"])
        win = {w.seat for w in st.wins}
        return [s in win or patterns.is_ready(self.table, st.seats[s].counts, st.seats[s].melds) for s in range(st.n)]

    def next_dealer(self, st: HandState) -> int:
        if st.end == HandEnd.WIN:
            seats = list(dict.fromkeys(w.seat for w in st.wins))
            if len(seats) == 1:
                return seats[0]
            src = st.wins[0].source
            assert src is not None  # several winners: on a discard or a robbed kong
            if self.table.multi_win_dealer == "discarder" or len(seats) == st.n - 1:
                return src
            return min(seats, key=lambda s: (s - src) % st.n)
        if self.table.draw_dealer == "stay":
            return st.dealer
        return drawn_hand_dealer(self.ready_seats(st), st.dealer, st.n)

    # ---- presentation ---------------------------------------------------------------
    def public_info(self, st: HandState, seat: int | None) -> ChickenPublic:
        zhuo = st.extra.get("zhuo")
        first = chicken_fowl.first_discards(st, st.options)
        return {
            "default_chickens": chicken_fowl.default_tiles(st.options),
            "zhuo": zhuo,
            "chicken": chicken_fowl.next_tile(zhuo) if zhuo is not None else None,
            "declared": [i for i, s in enumerate(st.seats) if s.declared],
            "chong_feng": {tiles.name(t): r[1] for t, r in first.items() if r[0] == "chong"},
            "gen_chong": [[tiles.name(t), seat] for t, seat, _i in st.extra.get("gen_chong", [])],
            # [discarder, claimer]
            "ze_ren": {tiles.name(t): [r[1], r[3]] for t, r in first.items() if r[0] == "ze_ren"},
        }

    def public_tiles(self, public: PublicInfo) -> list[int]:
        zhuo = cast(ChickenPublic, public).get("zhuo")
        return [] if zhuo is None else [zhuo]

    def tiles_win(self, options: Options, public: PublicInfo, counts: list[int], melds: list[Meld],
                  tile: int | None) -> bool:
        return patterns.is_winning(self.table, counts, melds, tile)


def drawn_hand_dealer(ready: list[bool], dealer: int, n: int) -> int:
    """guiyang 荒庄: the next dealer by who is ready (chicken.md, Next dealer)."""
    k = sum(ready)
    if k == 0 or k == n:
        return dealer
    if k == 1:
        return ready.index(True)
    if k == n - 1:
        if n == 3 and ready[dealer]:
            return dealer
        return ready.index(False)
    if ready[dealer]:
        return dealer
    return next((dealer + i) % n for i in range(1, n) if ready[(dealer + i) % n])


# ---------------------------------------------------------------------------- options

class Guiyang(ChickenGame):
    id = "guiyang"
    table = GUIYANG
    min_players = 2
    max_players = 4
    schema: ClassVar[list[Option]] = [
        Option("players", 4, (2, 3, 4)),
        Option("wu_gu", True, scope="guiyang"),
        Option("man_tang", False),
        Option("yin_ji", False, scope="guiyang"),
        Option("zuan_shi", False),
        Option("man_ji_qing", False),
        Option("zimo_double", False),
        Option("rob_pays_all", True, scope="guiyang"),
        Option("rob_burns_beans", False),
        Option("rob_burns_chickens", False),
        Option("base", 1, scope="chicken"),
        Option("multi_win", True, calc=False, scope="guiyang"),
        Option("bao_ji", True, calc=False, scope="guiyang"),
        first_dealer_option("host"),
    ]

    def tile_set(self, options: Options) -> list[int]:
        return tiles.tile_set(tiles.SUITED + (tiles.RED,))


class Zhuoji(ChickenGame):
    id = "zhuoji"
    table = ZHUOJI
    min_players = 4
    max_players = 4
    schema: ClassVar[list[Option]] = [
        Option("players", 4, (4,), fixed=True),
        Option("wu_gu", True, fixed=True, scope="zhuoji"),
        Option("man_tang", False),
        Option("yin_ji", True, fixed=True, scope="zhuoji"),
        Option("rob_burns_beans", True, fixed=True),
        Option("rob_burns_chickens", True, fixed=True),
        Option("ben_ji", False),
        Option("shang_xia_ji", False),
        Option("base", 1, scope="chicken"),
        Option("multi_win", True, fixed=True, calc=False, scope="zhuoji"),
        Option("bao_ji", True, fixed=True, calc=False, scope="zhuoji"),
        first_dealer_option("random"),  # 首局由系统随机选取 (seed 004)
    ]


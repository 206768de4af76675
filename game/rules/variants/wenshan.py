"""文山翻小鸡 (wenshan) and its preset twin 昆明文山麻将 (kunming).

Binding reading: shared/rules/wenshan.md. Decisions taken where it and the seed
are silent (a player of the region would expect these):

- A concealed kong needs at least one natural tile of its face; the rest may be
  wildcards or 白 standing in. Pung/kong substitutes are chosen automatically
  (fewest substitutes; 白 used before a wildcard, which is the more flexible tile).
- Concealed patterns (烂牌, 幺牌, 七星, the seven-pairs family) allow no meld at
  all, a concealed kong included (they are 14-tile shapes).
- 天胡 is the dealer's win on the dealt 14 tiles before any kong; a win after a
  kong on the first turn is 杠上花.
- 海底捞月 is a self-draw of the last drawable tile from the front; the tiles
  kept back by `reserved_tiles` are not drawable (kong replacements may still use them).
- After the last drawable tile the final discard can only be won on (no claims
  that would hand someone a turn without a draw).
- A wildcard won on (discarded or robbed) counts as its face, and every 白 may
  stand for that face too, so a reading may hold five of it (4m + 白白白白 as
  444m 44m): that reading counts like any other, 清一色 included.
- 杠上炮 cancels the points of every kong the discarder made in that turn.
- A kong needs a replacement tile: none is offered once the wall is empty.
- Concealed kongs show all four tiles face down to the others, except that a
  kong mixing different tiles shows one of each kind face up (seed rule).
- Claims are asked in turn (胡, then 杠/碰, then 吃; nearer seats first), and a
  seat is asked once, with every option it has: one prompt offers 碰 and 吃
  together. A claim at the seat's highest level is made at once; a lower one
  (吃 chosen where it could 碰) waits while the later prompts that outrank it
  (another seat's 胡/杠/碰) are asked, and stands only if they pass. The seat
  sees its claim waiting, as it used to see its 吃 prompt wait; the others see
  nothing of it. Matches saved before this keep their old replay (one prompt
  per priority level; ``match.CLAIM_PROMPT``).
"""

from __future__ import annotations

from typing import ClassVar, cast

from .. import events, tiles
from ..events import Event
from ..kinds import HandEnd, MeldKind, WinBy
from ..options import Option, Options
from ..public import PublicInfo, WenshanPublic
from ..settlement import Settlement
from ..situation import Score, Situation
from ..state import HandState, Meld
from ..texts import msg
from . import wenshan_score
from . import wenshan_shapes as shapes
from .base import Variant, first_dealer_option


class Wenshan(Variant):
    id = "wenshan"
    claim_policy = "sequential"
    multi_win = False
    allow_chow = True
    missed_pung = False
    schema: ClassVar[list[Option]] = [
        Option("players", 4, (2, 3, 4)),
        Option("soft_lan", False),
        Option("penalty_discard", False),
        Option("reserved_tiles", 0, (0, 8, 14, 20)),
        Option("base", 1, scope="wenshan"),
        first_dealer_option("host"),
    ]

    def tile_set(self, options: Options) -> list[int]:
        return tiles.tile_set(tiles.ALL_KINDS)

    # ---- setup / wall ---------------------------------------------------------
    def setup(self, state: HandState, emitted: list[Event]) -> None:
        state.back -= 1
        ind = state.wall[state.back]
        wild = shapes.wildcard_of(ind)
        state.extra["indicator"] = ind
        state.extra["wildcard"] = wild
        emitted.append(events.flip_indicator(ind, wild))

    def out_of_play(self, state: HandState) -> list[int]:
        return [state.extra["indicator"]]

    def drawable(self, state: HandState) -> int:
        return state.back - state.front - int(state.options.get("reserved_tiles", 0))

    def jokers(self, state: HandState) -> frozenset[int]:
        return frozenset((state.extra["wildcard"],))

    def standins(self, state: HandState) -> dict[int, int]:
        w = state.extra["wildcard"]
        return {} if w == tiles.WHITE else {tiles.WHITE: w}

    # ---- winning ---------------------------------------------------------------
    def quick_win(self, state: HandState, seat: int, tile: int | None, how: WinBy) -> bool:
        s = state.seats[seat]
        counts = s.counts
        if tile is not None:
            counts = list(counts)
            counts[tile] += 1
        wild = state.extra["wildcard"]
        fixed = 1 if tile is not None and tile == wild else 0
        concealed = not s.melds
        soft = bool(state.options.get("soft_lan"))
        for c, j, _nat in shapes.readings(counts, wild, fixed):  # noqa: SIM110 - a loop: quick_win is hot
            if wenshan_score.bases_of(c, j, concealed, soft):
                return True
        # a discarded 白 may be taken as the wildcard's face
        return False

    def tiles_win(self, options: Options, public: PublicInfo, counts: list[int], melds: list[Meld],
                  tile: int | None) -> bool:
        wild = cast(WenshanPublic, public).get("wildcard")
        if wild is None:
            return False
        soft = bool(options.get("soft_lan"))
        return any(wenshan_score.bases_of(c, j, not melds, soft) for c, j, _nat in shapes.readings(counts, wild, 0))

    def wildcards(self, public: PublicInfo) -> frozenset[int]:
        wild = cast(WenshanPublic, public).get("wildcard")
        return frozenset() if wild is None else frozenset((wild,))

    def public_tiles(self, public: PublicInfo) -> list[int]:
        ind = cast(WenshanPublic, public).get("indicator")
        return [] if ind is None else [ind]

    def situation(self, state: HandState, seat: int, tile: int, how: WinBy, source: int | None) -> Situation:
        s = state.seats[seat]
        counts = self.win_counts(state, seat, tile, how)
        flags = set()
        if how == WinBy.SELF_DRAW:
            if state.after_kong:
                flags.add("after_kong")
                if state.kong_chain >= 2:
                    flags.add("double_kong")
            elif self.drawable(state) <= 0:
                flags.add("last_tile")
            if seat == state.dealer and state.discard_count == 0 and state.claim_count == 0 and s.draws == 0:
                flags.add("tian_hu")
        elif how == WinBy.DISCARD and source == state.dealer and seat != state.dealer \
                and state.discard_count == 1 and state.claim_count == 0:
            flags.add("di_hu")
        return Situation(self.id, state.options, state.n, state.dealer, seat, counts, list(s.melds), tile, how,
                         source, frozenset(flags), state.extra["wildcard"], tuple(state.kong_draws),
                         state.dealer_streak)

    def score(self, sit: Situation) -> Score:
        return wenshan_score.score(sit)

    # ---- settlement ----------------------------------------------------------------
    def settle(self, state: HandState) -> Settlement:
        st = Settlement(state.n)
        base = int(state.options.get("base", 1))
        cancelled: set[int] = set()
        if state.end == HandEnd.WIN:
            w = state.wins[0]
            sc = w.score
            formula = _formula(sc)
            for payer, pts in sorted(sc.payments.items()):
                line = msg("rules.settle.wenshan.hand", patterns=sc.names, formula=formula)
                if w.how == WinBy.DISCARD and payer == w.source and state.options.get("penalty_discard"):
                    line = msg("rules.settle.wenshan.penalty", line=line)
                st.pay(payer, w.seat, pts, sc.main_key, line)
            d = state.seats[w.source] if w.source is not None else None
            if w.how == WinBy.DISCARD and d is not None and d.discards and d.discards[-1].after_kong:
                turn = d.extra.get("turns", 0)
                cancelled = {id(m) for m in d.melds if m.is_kong and m.turn == turn}
                if cancelled and w.source is not None:
                    st.note(msg("rules.settle.wenshan.kong_dealt_in", seat=w.source))
        for seat, s in enumerate(state.seats):
            for m in s.melds:
                if not m.is_kong:
                    continue
                name = tiles.name(m.face)
                if m.subs:
                    st.item(seat, "kong_sub", msg("rules.settle.wenshan.kong_sub", tile=name), 0)
                    continue
                if id(m) in cancelled:
                    st.item(seat, "gang_shang_pao", msg("rules.settle.wenshan.kong_cancelled", tile=name), 0)
                    continue
                if m.kind == MeldKind.CONCEALED_KONG:
                    per, key = 2, "an_gang"
                elif m.kind == MeldKind.ADDED_KONG:
                    per, key = 1, "bu_gang"
                else:
                    per, key = 1, "zhi_gang"
                for other in range(state.n):
                    if other != seat:
                        st.pay(other, seat, per * base, key, msg(f"rules.settle.wenshan.{key}", tile=name))
        st.itemize()
        if state.end == HandEnd.DRAW:
            st.note(msg("rules.settle.wenshan.draw"), first=True)
        return st

    # ---- presentation -------------------------------------------------------------
    def public_info(self, state: HandState, seat: int | None) -> WenshanPublic:
        w = state.extra.get("wildcard")
        return {"indicator": state.extra.get("indicator"), "wildcard": w,
                "standin": None if w == tiles.WHITE else tiles.WHITE,
                "reserved": int(state.options.get("reserved_tiles", 0))}

    def meld_public_tiles(self, state: HandState, meld: Meld) -> tuple[int | None, ...]:
        if meld.kind != MeldKind.CONCEALED_KONG or state.end is not None:
            return meld.tiles
        if len(set(meld.tiles)) == 1:
            return (None,) * 4
        seen = set()
        out = []
        for t in meld.tiles:
            out.append(t if t not in seen else None)
            seen.add(t)
        return tuple(out)


def _formula(sc: Score) -> str:
    base = [p.value for p in sc.patterns if p.key in wenshan_score.BASE]
    added = [p.value for p in sc.patterns if p.key in wenshan_score.ADDED]
    mult = [p.value for p in sc.patterns if p.key in wenshan_score.MULT]
    terms = base + added
    s = "+".join(map(str, terms)) if terms else "0"
    if len(terms) > 1 and mult:
        s = f"({s})"
    for m in mult:
        s += f"×{m}"
    return f"{s}={sc.total}" if (mult or len(terms) > 1) else f"{sc.total}"


class Kunming(Wenshan):
    """天天爱昆明文山麻将: the same rules and defaults under its own name (seed 003)."""

    id = "kunming"

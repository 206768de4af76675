"""玉溪扳倒胡 (yuxi): 108 tiles (136 with 有风), two face-up tail tiles, 杠上花 family, 2^(N+M).

Binding reading: shared/rules/yuxi.md (seed 002). The variant runs on the common
round engine through its hooks: ``replacement`` (face-up tail tile or a blind draw
from the front), ``kong_face_allowed`` (抄底 off: only a guaranteed 杠上花, at most
two kongs in a row), ``automatic_action`` (the automatic best-value win with a
tail tile), ``on_claim_closed`` (十风/十三幺), ``last_discard_claims`` (the 20-tile stop).

Decisions taken where the reference and the seed are silent (what a player of the
region expects):

- The face-up tail tiles are always the last two tiles still in the wall. When one
  is taken the next tile from the back turns up in its slot; the other keeps its slot.
- After a kong the replacement is a tail tile exactly when one completes the hand (the
  seed lets the player pick the blind draw instead; a certain win is never the worse
  choice and the engine has no decision point between a kong and its replacement, so
  the winning tail tile is always taken);
  if both do, the one giving the higher value is taken (the left slot on a tie).
  The automatic win with a tail tile considers continuing the chain: when the tail
  tile makes a further kong possible whose replacement (again a face-up tile) wins
  for more 番 (双杠上花 / 双杠五梅花), the kong is made automatically and then the win.
  Equal value: the win is taken at once. With 抄底 on, chains are searched 3 kongs deep.
- A kong needs a tile behind the two face-up ones (one turns up when a tail tile is
  taken). In play the hand ends with 20 tiles left, so this only matters for a
  scenario wall holding nothing but the two face-up tiles: there no kong is offered.
- 抄底 off: the "at most two kongs in a row" counts every kong of the turn, a kong on a
  discard included (a kong on a discard followed by one more kong is 双杠花).
- 双杠上花 (and 双杠五梅花) also covers three or more kongs in a row (抄底 on); 双杠五梅花
  holds when any replacement of the chain, or the winning tile, is 5p.
- The 20-tile stop: "the last discard" is the first discard made once the wall
  (face-up tiles included) is down to 20. It may be won, konged, punged or chowed.
  After a claim on it (or a kong's replacement) the claimer's discard may only be
  won on; otherwise the hand is drawn. Past the stop, a kong in one's own turn is
  allowed only when a face-up tail tile completes the hand (no blind draw past the
  stop), whatever 抄底 says; the kong on the last discard itself takes a blind
  draw when no tail tile wins (抄底 on).
- 一炮多响: every player who may win is asked; each one who answers 胡 wins (the
  seed's client fills in the others' clicks; here a pass is a pass, and a passed
  win gains nothing once someone else wins). Several robbers of one kong likewise.
  Next dealer after several winners (on a discard or a robbed kong): the discarder /
  the robbed player.
- 过手胡 compares 番 (N+M); passing a 抢杠胡 is a passed discard win too. It lasts until
  the player's next draw, kong replacement or claim. 过手碰 lasts until the player's
  next draw or claim; a kong on that tile is not restricted.
- 十风 / 十三幺 are judged on the discarder's own discards when a discard's claim window
  closes unclaimed: exactly the 10th (十风, needs 有风) / 13th (十三幺) discard, every one
  of them an honor (十风) or an honor or 1/9 (十三幺), none claimed, and the player has no
  meld at all (a concealed kong breaks it too). The win is scored with the discarded tile
  as the winning tile and paid as a self-draw; no extra pattern applies to it.
- Kongs score nothing and settle nothing; a draw (流局) settles nothing (no 查叫).
- The seed's 小灯泡 for 十风/十三幺 (progress visible, not usable): ``public_info["sequence"]``
  gives every seat's progress (discards and melds are public anyway; None once broken).
- Settlement lines show the computation, e.g. "清大对 杠上花 2^(2+1)=8 自摸",
  "平胡 2^0=1 抢杠胡 三家包×3=3", "... ×底注2=16"; with several winners each line names
  its winner (胡家N).
- 平胡 is named only alone; with an extra it counts 0 and is not listed.
"""

from __future__ import annotations

from typing import ClassVar, cast

from .. import analysis, events, tiles
from ..actions import CHOW, HU, KONG, PUNG, Action
from ..events import Event
from ..kinds import ActionKind, HandEnd, MeldKind, Phase, WinBy
from ..options import Option, Options
from ..public import PublicInfo, SequenceProgress, YuxiPublic
from ..settlement import Settlement
from ..situation import Score, Situation
from ..state import HandState, Meld, PendingWin
from ..texts import msg
from . import yuxi_score
from .base import Variant, first_dealer_option

STOP = 20  # the hand is drawn when the wall (face-up tail tiles included) is down to this
_KONG_NEED = {MeldKind.KONG: 3, MeldKind.ADDED_KONG: 1, MeldKind.CONCEALED_KONG: 4}
_CHAIN_DEPTH = 3  # further kongs searched by the automatic tail-tile win (抄底 on)
_LOOK = 12  # wall tiles at the back the plan looks at (face-up ones and those turned up next)


class Yuxi(Variant):
    id = "yuxi"
    claim_policy = "simultaneous"
    multi_win = True
    allow_chow = True
    missed_pung = True
    priority: ClassVar[dict[ActionKind, int]] = {HU: 4, KONG: 3, PUNG: 2, CHOW: 1}
    schema: ClassVar[list[Option]] = [
        Option("players", 4, (2, 3, 4)),
        Option("with_honors", False),
        Option("chao_di", False),
        Option("rob_pays_all", True, scope="yuxi"),
        Option("base", 1, scope="yuxi"),
        first_dealer_option("host"),
    ]

    # ---- table --------------------------------------------------------------------
    def tile_set(self, options: Options) -> list[int]:
        return tiles.tile_set(tiles.ALL_KINDS if options.get("with_honors") else tiles.SUITED)

    def setup(self, state: HandState, emitted: list[Event]) -> None:
        n = min(2, state.back - state.front)
        state.extra["tail"] = [state.wall[state.back - 2 + i] for i in range(2 - n, 2)]
        emitted.append(events.flip_tail(list(state.extra["tail"])))
        self._mark_stop(state)

    # ---- wall -----------------------------------------------------------------------
    def drawable(self, state: HandState) -> int:
        return state.back - state.front - STOP

    def can_replace(self, state: HandState) -> bool:
        return state.back - state.front > 2

    def _mark_stop(self, state: HandState) -> None:
        """Remember the discard count when the wall first reaches the stop (the next discard is the last)."""
        if "stop_at" not in state.extra and self.drawable(state) <= 0:
            state.extra["stop_at"] = state.discard_count

    def tail_tiles(self, state: HandState) -> list[int]:
        return list(state.extra.get("tail", []))

    def replacement(self, state: HandState, seat: int, emitted: list[Event]) -> int:
        s = state.seats[seat]
        lo = max(state.front, state.back - _LOOK)
        seq = state.wall[lo:state.back]
        best = self._best_take(state, list(s.counts), list(s.melds), seq, state.kong_chain,
                               list(state.kong_draws), 0)
        if best is None:  # 抄底: a blind draw from the front
            state.extra.pop("_tail", None)
            tile = state.wall[state.front]
            state.front += 1
            emitted.append(events.blind_draw(seat))
            self._mark_stop(state)
            return tile
        idx = lo + best[1]
        tile = state.wall[idx]
        b = state.back
        state.wall[idx], state.wall[b - 1] = state.wall[b - 1], state.wall[idx]
        state.back -= 1
        tail = state.extra.get("tail", [])
        slot = tail.index(tile) if tile in tail else 0
        new = state.wall[state.back - 2] if state.back - state.front >= 2 else None
        if new is None:
            tail.pop(slot)
        else:
            tail[slot] = new
        state.extra["_tail"] = seat
        emitted.append(events.tail_take(seat, tile, slot))
        if new is not None:
            emitted.append(events.flip_tail_slot(new, slot, list(tail)))
        self._mark_stop(state)
        return tile

    # ---- the automatic tail-tile win: best plan over tail tiles and further kongs ------
    def _best_take(self, state: HandState, counts: list[int], melds: list[Meld], seq: list[int], chain: int,
                   draws: list[int], depth: int) -> tuple[int, int, tuple[ActionKind, int] | tuple[ActionKind]] | None:
        """(fan, index in seq, first action) of the best winning tail tile, or None if none wins."""
        best = None
        tail = state.extra.get("tail", [])
        cands = [i for i in (len(seq) - 2, len(seq) - 1) if i >= 0]
        if depth == 0 and len(cands) == 2 and tail and seq[cands[1]] == tail[0] != seq[cands[0]]:
            cands.reverse()  # ties go to the left slot
        for i in cands:
            t = seq[i]
            c = list(counts)
            c[t] += 1
            if not analysis.is_win(c):
                continue
            rest = seq[:i] + seq[i + 1:]
            fan, act = self._continue(state, c, melds, rest, chain, draws + [t], t, depth)
            if best is None or fan > best[0]:
                best = (fan, i, act)
        return best

    def _continue(self, state: HandState, counts: list[int], melds: list[Meld], seq: list[int], chain: int,
                  draws: list[int], tile: int, depth: int) -> tuple[int, tuple[ActionKind, int] | tuple[ActionKind]]:
        """Best of winning now and making one more kong whose replacement is a winning tail tile."""
        fan = self._fan(state, counts, melds, tile, chain, draws)
        act: tuple[ActionKind, int] | tuple[ActionKind] = (HU,)
        chao_di = bool(state.options.get("chao_di"))
        if (chain < 2 or (chao_di and depth < _CHAIN_DEPTH)) and len(seq) > 2:
            for face, kind in _kong_options(counts, melds):
                c2 = list(counts)
                c2[face] -= _KONG_NEED[kind]
                m2 = melds + [Meld(MeldKind.KONG, (face,) * 4, (face,) * 4)]
                sub = self._best_take(state, c2, m2, seq, chain + 1, draws, depth + 1)
                if sub is not None and sub[0] > fan:
                    fan, act = sub[0], (KONG, face)
        return fan, act

    def _fan(self, state: HandState, counts: list[int], melds: list[Meld], tile: int, chain: int,
             draws: list[int]) -> int:
        flags = {"after_kong"} | ({"double_kong"} if chain >= 2 else set())
        sit = Situation(self.id, state.options, state.n, state.dealer, state.turn, counts, melds, tile, WinBy.SELF_DRAW,
                        None, frozenset(flags), None, tuple(draws))
        sc = yuxi_score.score(sit)
        fan: int = sc.info["fan"] if sc.valid else -1
        return fan

    def automatic_action(self, state: HandState) -> Action | None:
        if state.phase != Phase.TURN or state.extra.get("_tail") != state.turn or "_self_win" not in state.extra:
            return None
        seat = state.turn
        s = state.seats[seat]
        assert s.drawn is not None  # a tail tile was just taken
        lo = max(state.front, state.back - _LOOK)
        _fan, act = self._continue(state, list(s.counts), list(s.melds), state.wall[lo:state.back],
                                   state.kong_chain, list(state.kong_draws), s.drawn, 0)
        if len(act) == 2:
            return Action(seat, KONG, act[1])
        return Action(seat, HU)

    # ---- decisions ------------------------------------------------------------------
    def kong_face_allowed(self, state: HandState, seat: int, face: int, kind: MeldKind) -> bool:
        counts = list(state.seats[seat].counts)
        counts[face] -= _KONG_NEED[kind]
        if counts[face] < 0:
            return False
        tail_wins = False
        for t in self.tail_tiles(state):
            counts[t] += 1
            ok = analysis.is_win(counts)
            counts[t] -= 1
            if ok:
                tail_wins = True
                break
        chain = 0 if kind == MeldKind.KONG else state.kong_chain
        if not state.options.get("chao_di"):
            return tail_wins and chain < 2
        if tail_wins or kind == MeldKind.KONG:  # the engine offers claims past the stop only on the last discard
            return True
        return self.drawable(state) > 0

    def last_discard_claims(self, state: HandState) -> bool:
        stop = state.extra.get("stop_at")
        return stop is not None and state.discard_count == stop + 1

    def on_draw(self, state: HandState, seat: int, tile: int, emitted: list[Event]) -> None:
        state.extra.pop("_tail", None)
        self._mark_stop(state)

    def on_claim_closed(self, state: HandState, emitted: list[Event]) -> list[PendingWin]:
        """十风 / 十三幺: the rules declare the win on the discarder's sequence (the engine ends the hand)."""
        assert state.last_discard is not None
        src, tile = state.last_discard
        key = self.sequence_win(state, src)
        if key is None:
            return []
        s = state.seats[src]
        counts = list(s.counts)
        counts[tile] += 1
        sit = Situation(self.id, state.options, state.n, state.dealer, src, counts, [], tile, WinBy.SELF_DRAW, None,
                        frozenset({key}), None, (), state.dealer_streak)
        sc = yuxi_score.score(sit)
        if not sc.valid:
            return []
        emitted.append(events.sequence_win(src, key))
        return [PendingWin(src, tile, WinBy.SELF_DRAW, None, sc)]

    def sequence_win(self, state: HandState, seat: int) -> str | None:
        """十风 / 十三幺 due right now for ``seat`` (judged after its latest discard)."""
        s = state.seats[seat]
        if s.melds:
            return None
        d = s.discards
        if any(x.claimed_by is not None or x.won_by for x in d):
            return None
        if len(d) == 10 and state.options.get("with_honors") and all(x.tile >= 27 for x in d):
            return "shi_feng"
        if len(d) == 13 and all(tiles.is_terminal_or_honor(x.tile) for x in d):
            return "shi_san_yao"
        return None

    def sequence_progress(self, state: HandState, seat: int) -> SequenceProgress:
        """How far ``seat`` is on 十风 / 十三幺 (None once broken). Everything here is public."""
        s = state.seats[seat]
        d = s.discards
        clean = not s.melds and all(x.claimed_by is None for x in d)
        feng = len(d) if clean and state.options.get("with_honors") and all(x.tile >= 27 for x in d) and len(d) <= 10 \
            else None
        yao = len(d) if clean and all(tiles.is_terminal_or_honor(x.tile) for x in d) and len(d) <= 13 else None
        return {"shi_feng": feng, "shi_san_yao": yao}

    # ---- winning --------------------------------------------------------------------
    def quick_win(self, state: HandState, seat: int, tile: int | None, how: WinBy) -> bool:
        s = state.seats[seat]
        k = list(s.keys)
        if tile is not None:
            k[tile // 9] += analysis.POW5[tile % 9]
        if analysis.is_win_keys(*k):
            return True
        if s.melds:
            return False
        counts = s.counts
        if tile is not None:
            counts = list(counts)
            counts[tile] += 1
        return sum(counts) == 14 and not any(c & 1 for c in counts)

    def waits(self, state: HandState, seat: int) -> list[int]:
        """Tile kinds completing ``seat``'s 13-tile (3k+1) hand: sets and a pair, or seven pairs (no melds).

        All copies count as possible (table convention); 十风/十三幺 are not hand shapes.
        """
        s = state.seats[seat]
        if s.n_concealed % 3 != 1:
            return []
        out = set(analysis.waits_keys(s.keys))
        if not s.melds:
            out.update(analysis.waits_seven_pairs(s.counts))
        kinds = set(self.tile_set(state.options))
        return sorted(k for k in out if k in kinds)

    def situation(self, state: HandState, seat: int, tile: int, how: WinBy, source: int | None) -> Situation:
        s = state.seats[seat]
        counts = self.win_counts(state, seat, tile, how)
        flags = set()
        draws: tuple[int, ...] = ()
        if how == WinBy.SELF_DRAW and state.after_kong and state.turn == seat:
            flags.add("after_kong")
            if state.kong_chain >= 2:
                flags.add("double_kong")
            draws = tuple(state.kong_draws)
        return Situation(self.id, state.options, state.n, state.dealer, seat, counts, list(s.melds), tile, how,
                         source, frozenset(flags), None, draws, state.dealer_streak)

    def score(self, sit: Situation) -> Score:
        return yuxi_score.score(sit)

    def win_value(self, sc: Score) -> int:
        fan: int = sc.info.get("fan", 0)
        return fan

    # ---- end of hand ------------------------------------------------------------------
    def settle(self, state: HandState) -> Settlement:
        st = Settlement(state.n)
        if state.end == HandEnd.WIN:
            multi = len(state.wins) > 1
            for w in state.wins:
                sc = w.score
                how = sc.info.get("how", w.how)
                line = yuxi_score.labels(sc, how, state.n, w.seat if multi else None)
                for payer, pts in sorted(sc.payments.items()):
                    st.pay(payer, w.seat, pts, sc.main_key, line)
        st.itemize()
        if state.end == HandEnd.DRAW:
            st.note(msg("rules.settle.yuxi.draw"))
        st.info["tail"] = self.tail_tiles(state)
        return st

    # ---- presentation -------------------------------------------------------------------
    def public_info(self, state: HandState, seat: int | None) -> YuxiPublic:
        return {"tail": self.tail_tiles(state), "stop": STOP, "chao_di": bool(state.options.get("chao_di")),
                "sequence": [self.sequence_progress(state, i) for i in range(state.n)]}

    def public_tiles(self, public: PublicInfo) -> list[int]:
        return list(cast(YuxiPublic, public).get("tail") or [])

    def tiles_win(self, options: Options, public: PublicInfo, counts: list[int], melds: list[Meld],
                  tile: int | None) -> bool:
        if analysis.is_win(counts):
            return True
        return not melds and sum(counts) == 14 and not any(c & 1 for c in counts)


def _kong_options(counts: list[int], melds: list[Meld]) -> list[tuple[int, MeldKind]]:
    """(face, kind) kongs a hand could make in its own turn."""
    out = []
    for t, c in enumerate(counts):
        if c == 4:
            out.append((t, MeldKind.CONCEALED_KONG))
    for m in melds:
        if m.kind == MeldKind.PUNG and counts[m.face]:
            out.append((m.face, MeldKind.ADDED_KONG))
    return out


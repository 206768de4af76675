"""The Variant base class: rule hooks with the common-ground defaults the engine calls."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from .. import tiles
from ..actions import CHOW, HU, KONG, PUNG, Action
from ..events import Event
from ..kinds import ActionKind, MeldKind, WinBy
from ..options import Option, Options, resolve
from ..public import NoPublic, PublicInfo
from ..settlement import Settlement
from ..situation import Score, Situation
from ..state import HandState, Meld, PendingWin

# Claim priorities (higher first). Variants may override.
PRIORITY: dict[ActionKind, int] = {HU: 3, KONG: 2, PUNG: 2, CHOW: 1}

FIRST_DEALERS = ("host", "random")


def first_dealer_option(default: str = "host") -> Option:
    """首局庄家, in every variant (chicken.md, Options): ``host`` = seat 0, whoever opened the table (the player
    in a local game, the host at a LAN table); ``random`` = a seat drawn from the match seed."""
    return Option("first_dealer", default, FIRST_DEALERS, calc=False)


class Variant:
    """Rules as data plus small hooks. Subclasses set the class attributes and override hooks."""

    id = "base"
    claim_policy = "simultaneous"  # or "sequential"
    multi_win = True
    allow_chow = False
    missed_pung = False  # 过手碰
    priority: ClassVar[dict[ActionKind, int]] = PRIORITY
    min_players = 2
    max_players = 4
    schema: ClassVar[list[Option]] = []
    button_order: ClassVar[tuple[ActionKind, ...]] = (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.HU,
                                            ActionKind.PASS)

    # ---- table ----------------------------------------------------------
    def resolve_options(self, given: dict[str, Any] | None) -> Options:
        return resolve(self.schema, given)

    def table_options(self, given: dict[str, Any] | None, players: object = None) -> Options:
        """Resolve options as a table or scenario gives them, with an optional separate player count.

        Raises ValueError (OptionError) naming the problem.
        """
        opts = dict(given or {})
        if players is not None:
            if type(players) is not int:  # bool is an int subclass, and "3" is not a count
                raise ValueError(f"players must be a whole number, not {players!r}")
            if "players" in opts and str(opts["players"]) != str(players):
                raise ValueError("players and options.players disagree")
            if any(o.key == "players" for o in self.schema):
                opts["players"] = players
        return self.resolve_options(opts)  # every variant's schema holds "players", so the count is checked there

    def players(self, options: Options) -> int:
        return int(options.get("players", 4))

    def tile_set(self, options: Options) -> list[int]:
        return tiles.tile_set(tiles.SUITED)

    def first_dealer(self, options: Options, seed: Any, n: int) -> int:
        """The first hand's dealer: seat 0 (``first_dealer=host``) or drawn from the match seed (``random``)."""
        if options.get("first_dealer", "host") == "random":
            return random.Random(f"{seed}:first_dealer").randrange(n)
        return 0

    def multi_win_on(self, options: Options) -> bool:
        """Whether several players may win on one discard (一炮多响): the variant allows it and, where it is an
        option (``multi_win``), the table has it on."""
        return self.multi_win and bool(options.get("multi_win", True))

    def setup(self, state: HandState, emitted: list[Event]) -> None:
        """After the deal: flips, indicators. Default nothing."""

    def out_of_play(self, state: HandState) -> list[int]:
        """Tiles taken out of the wall that belong to no seat (wenshan's indicator), for conservation checks."""
        return []

    # ---- wall -------------------------------------------------------------
    def drawable(self, state: HandState) -> int:
        """Tiles that may still be drawn from the front."""
        return state.back - state.front

    def can_replace(self, state: HandState) -> bool:
        """Is a kong replacement tile available?"""
        return state.back - state.front > 0

    def replacement(self, state: HandState, seat: int, emitted: list[Event]) -> int:
        """Take the kong replacement tile (default: the back of the wall)."""
        state.back -= 1
        return state.wall[state.back]

    # ---- substitutes (wildcards) -----------------------------------------
    def jokers(self, state: HandState) -> frozenset[int]:
        return frozenset()

    def standins(self, state: HandState) -> dict[int, int]:
        """{tile: face} for tiles that may stand for one other face (wenshan's 白)."""
        return {}

    def discard_faces(self, state: HandState, tile: int) -> tuple[int, ...]:
        """Faces a discarded tile may serve as, natural face first."""
        s = self.standins(state).get(tile)
        return (tile,) if s is None else (tile, s)

    # ---- decisions ----------------------------------------------------------
    def discard_choices(self, state: HandState, seat: int) -> list[int] | None:
        """Restrict discards (e.g. after 报听); None = any concealed tile."""
        return None

    def claim_allowed(self, state: HandState, seat: int, kind: ActionKind) -> bool:
        return True

    def last_discard_claims(self, state: HandState) -> bool:
        """May the discard made after the last drawable tile be claimed other than to win?"""
        return False

    def kong_face_allowed(self, state: HandState, seat: int, face: int, kind: MeldKind) -> bool:
        """May ``seat`` make this kong (kind: kong / added_kong / concealed_kong) of ``face`` now?"""
        return True

    def turn_kong_allowed(self, state: HandState, seat: int) -> bool:
        return True

    def can_declare(self, state: HandState, seat: int) -> bool:
        return False

    def automatic_action(self, state: HandState) -> Action | None:
        """An action the rules take by themselves at this point (auto-wins, forced discards)."""
        return None

    def on_draw(self, state: HandState, seat: int, tile: int, emitted: list[Event]) -> None:
        pass

    def on_claim_closed(self, state: HandState, emitted: list[Event]) -> list[PendingWin]:
        """A discard's claim window closed with no claim; wins the rules declare by themselves (yuxi's 十风)."""
        return []

    # ---- winning ----------------------------------------------------------
    def quick_win(self, state: HandState, seat: int, tile: int | None, how: WinBy) -> bool:
        """Fast shape test; ``tile`` is the offered tile (None for self-draw: already in hand)."""
        return True

    def situation(self, state: HandState, seat: int, tile: int, how: WinBy, source: int | None) -> Situation:
        """Build the scoring input for a possible win by ``seat``."""
        raise NotImplementedError

    @staticmethod
    def win_counts(state: HandState, seat: int, tile: int, how: WinBy) -> list[int]:
        """The winner's 34 counts with the winning tile in (a copy: a self-drawn tile is in the hand already)."""
        counts = list(state.seats[seat].counts)
        if how != WinBy.SELF_DRAW:
            counts[tile] += 1
        return counts

    def score(self, sit: Situation) -> Score:
        raise NotImplementedError

    def win_check(self, state: HandState, seat: int, tile: int | None, how: WinBy,
                  source: int | None) -> Score | None:
        """The Score of a win by ``seat`` now, valid or refused (``Score.refusal``); None when the shape fails."""
        if not self.quick_win(state, seat, tile, how):
            return None
        if tile is None:
            tile = state.seats[seat].drawn
        sit = self.situation(state, seat, tile, how, source)  # type: ignore[arg-type]
        return self.score(sit)

    def win_score(self, state: HandState, seat: int, tile: int | None, how: WinBy,
                  source: int | None) -> Score | None:
        """The Score of a win possible right now, or None."""
        sc = self.win_check(state, seat, tile, how, source)
        return sc if sc is not None and sc.valid else None

    def must_win(self, state: HandState, seat: int, how: WinBy) -> bool:
        """Wins that may not be passed (天胡/地胡 in the chicken games)."""
        return False

    def win_value(self, sc: Score) -> int:
        """The value compared by the missed-win rule."""
        return sc.total

    # ---- end of hand --------------------------------------------------------
    def on_hand_end(self, state: HandState, emitted: list[Event]) -> None:
        pass

    def settle(self, state: HandState) -> Settlement:
        raise NotImplementedError

    def next_dealer(self, state: HandState) -> int:
        if state.end == "win":
            seats = sorted({w.seat for w in state.wins})
            if len(seats) == 1:
                return seats[0]
            src = state.wins[0].source
            return state.dealer if src is None else src
        return state.dealer

    # ---- presentation -------------------------------------------------------
    def public_info(self, state: HandState, seat: int | None) -> PublicInfo:
        """Variant facts every seat sees (indicator, wildcard, tail tiles ...): the family's record in public.py."""
        return NoPublic()

    # ---- advice (game/rules/advice.py): the same rules judged from a view's public facts alone ------
    def public_tiles(self, public: PublicInfo) -> list[int]:
        """Tiles lying face up outside every seat's hand, melds and discards (an indicator, tail tiles)."""
        return []

    def wildcards(self, public: PublicInfo) -> frozenset[int]:
        """The tile kinds that stand for any tile (``jokers``), from the public facts."""
        return frozenset()

    def tiles_win(self, options: Options, public: PublicInfo, counts: list[int], melds: list[Meld],
                  tile: int | None) -> bool:
        """The shape test of ``quick_win`` for a seat holding ``counts`` (3k+2 tiles, ``tile`` the one that
        just came) and ``melds``, judged from public facts only."""
        raise NotImplementedError

    def meld_public_tiles(self, state: HandState, meld: Meld) -> tuple[int | None, ...]:
        """What other seats see of a meld; None entries are face-down tiles."""
        if meld.kind == MeldKind.CONCEALED_KONG and state.end is None:
            return (None, None, None, None)
        return meld.tiles

    # ---- generic claim enumeration (substitute-aware) ------------------------
    def _servers(self, state: HandState, counts: list[int], face: int) -> list[tuple[int, int]]:
        """Hand tiles that can serve as ``face``: [(tile, available)], naturals first."""
        out = []
        if counts[face]:
            out.append((face, counts[face]))
        for x, f in self.standins(state).items():
            if f == face and x != face and counts[x]:
                out.append((x, counts[x]))
        for j in sorted(self.jokers(state)):
            if j != face and counts[j]:
                out.append((j, counts[j]))
        return out

    def pick(self, state: HandState, counts: list[int], face: int, need: int) -> list[int] | None:
        """Fewest-substitute choice of ``need`` hand tiles serving as ``face``."""
        out: list[int] = []
        for t, avail in self._servers(state, counts, face):
            take = min(avail, need - len(out))
            out.extend([t] * take)
            if len(out) == need:
                return out
        return None

    def pung_kong_plan(self, state: HandState, seat: int, tile: int, need: int) -> tuple[int, list[int]] | None:
        """(face, hand tiles) for a pung (need 2) or kong (need 3) on ``tile``, fewest substitutes."""
        counts = state.seats[seat].counts
        best = None
        for i, face in enumerate(self.discard_faces(state, tile)):
            got = self.pick(state, counts, face, need)
            if got is None:
                continue
            subs = sum(1 for t in got if t != face) + (1 if tile != face else 0)
            key = (subs, i)
            if best is None or key < best[0]:
                best = (key, face, got)
        return None if best is None else (best[1], best[2])

    def chow_options(self, state: HandState, seat: int, tile: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """[(physical tiles in face order, faces)] for chows on ``tile``; wildcard rule applied."""
        counts = state.seats[seat].counts
        jokers = self.jokers(state)
        standins = self.standins(state)
        found = {}
        for face in self.discard_faces(state, tile):
            if face >= 27:
                continue
            base = face - face % 9
            for start in range(max(base, face - 2), min(face, base + 6) + 1):
                faces = (start, start + 1, start + 2)
                others = [f for f in faces if f != face]
                for combo in _combos(counts, others, standins, jokers):
                    phys = []
                    it = iter(combo)
                    for f in faces:
                        phys.append(tile if f == face else next(it))
                    key = tuple(phys)
                    if key not in found:
                        wild = sum(1 for t, f in zip(phys, faces) if t in jokers and t != f)
                        found[key] = (faces, wild)
        if not found:
            return []
        if jokers and sum(counts[j] for j in jokers) >= 2 and any(w == 1 for _, w in found.values()):
            found = {k: v for k, v in found.items() if v[1] <= 1}
        return [(k, v[0]) for k, v in sorted(found.items(), key=lambda kv: (kv[1][1], kv[1][0], kv[0]))]

    def concealed_kong_plans(self, state: HandState, seat: int) -> list[tuple[int, list[int]]]:
        counts = state.seats[seat].counts
        out = []
        natural_only = not self.standins(state) and not self.jokers(state)
        for face in range(tiles.NUM_KINDS):
            if counts[face] == 0 or (natural_only and counts[face] < 4):
                continue
            got = self.pick(state, counts, face, 4)
            if got is not None:
                out.append((face, got))
        return out

    def added_kong_plans(self, state: HandState, seat: int) -> list[tuple[int, int, int]]:
        """[(face, meld index, hand tile)] for 补杠."""
        s = state.seats[seat]
        out = []
        for i, m in enumerate(s.melds):
            if m.kind != MeldKind.PUNG:
                continue
            got = self.pick(state, s.counts, m.face, 1)
            if got is not None:
                out.append((m.face, i, got[0]))
        return out

    def hand_seed(self, seed: Any, hand_no: int) -> random.Random:
        return random.Random(f"{seed}:{hand_no}")


def _combos(counts: list[int], faces: list[int], standins: dict[int, int],
            jokers: frozenset[int]) -> list[tuple[int, int]]:
    """Distinct physical choices from the hand serving the given faces (one tile each)."""
    options_per_face: list[list[int]] = []
    for f in faces:
        opts: list[int] = []
        if counts[f]:
            opts.append(f)
        for x, sf in standins.items():
            if sf == f and x != f and counts[x]:
                opts.append(x)
        for j in sorted(jokers):
            if j != f and counts[j]:
                opts.append(j)
        if not opts:
            return []
        options_per_face.append(opts)
    out = []
    for a in options_per_face[0]:
        for b in options_per_face[1]:
            need: dict[int, int] = {}
            need[a] = need.get(a, 0) + 1
            need[b] = need.get(b, 0) + 1
            if all(counts[t] >= c for t, c in need.items()):
                out.append((a, b))
    return out

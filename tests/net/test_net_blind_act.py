"""Issue 42, point 3: a seat cannot act on a turn it has not been shown yet (the fuzz test's rare "different game").

After a discard the host shows every seat the claim window's point and holds what follows
until the window closes. When nobody may claim, the rules have already gone on: the next
seat has drawn, but it has not been told. Its ``ack`` still names the newest state it was
sent, so an action for that unseen turn once passed the stale check and was played: the
fuzz test's seat 3 slipped in "discard a tile I do not hold" after answering a claim, and
when the tile it drew next was that very tile, the host played the discard (seat 3
discarded 2m on the LAN where the same match played locally discards 9p). Such an action
is refused as stale, and the hand goes on as if it had never been sent.
"""

from __future__ import annotations

import threading

from game.rules import tiles
from netplay.client import BotClient
from netplay.protocol import Code
from tests.helpers.net_util import CANNOT, Passer, claim_deal_host, start_clients, wait_until

TILE_9P = 17


class Racer(BotClient):
    """Seat 1: shown dealer 0's first discard (which nobody may claim), it discards a tile it holds at once,
    acknowledging the state that showed the discard: its turn has begun at the host, unseen."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.raced = threading.Event()
        self.sent: list | None = None

    def step(self) -> None:
        s = self.session
        events = s.poll()
        self.events.extend(events)
        if self.sent is None and any(e.get("type") == "discard" and e.get("seat") == 0 for e in events):
            assert s.view is not None
            self.sent = [1, "discard", tiles.name(s.view["hand"][0])]
            s._send_msg("act", ack=s.seq, a=self.sent)
            self.raced.set()


def test_an_action_for_a_turn_the_window_still_hides_is_refused_as_stale(monkeypatch):
    """Dealer 0 discards 9p, which nobody may claim; the window is 30 s, so it is open throughout. Seat 1 (next to
    draw) is shown the discard with no decision, and at once sends a discard of a tile it holds with that state's
    ``seq``. Expected: the host refuses it as ``stale`` and plays nothing for seat 1: the hand still stands at one
    discard, seat 1's turn, its 14 tiles untouched."""
    from netplay.table import CLAIM_S_MAX

    h = claim_deal_host(monkeypatch, CANNOT, claim_s=CLAIM_S_MAX)
    racer = Racer(*h.address, "simple", "p1", seat=1)
    bcs = [racer if i == 1 else BotClient(*h.address, "simple", f"p{i}", seat=i) for i in range(4)]
    for bc in bcs:
        bc.bot = Passer()  # seat 0 discards 9p first; the others have nothing to decide before seat 1's turn
    start_clients(bcs, 300)
    try:
        assert racer.raced.wait(120), "seat 1 never saw the dealer's discard"
        t = h.tables["t"]

        def moved() -> bool:  # the host answered: refused (an error frame) or played (its discard is in the log)
            return bool(racer.session.refusals) or h.call(lambda: t.st.discard_count) > 1

        wait_until(moved, 60, "the host's answer to seat 1")
        assert [c for c, _ in racer.session.refusals] == [Code.STALE], f"seat 1's blind {racer.sent} was played"
        st = h.call(lambda: t.st.copy() if t.state is not None else None)
        assert st is not None and (st.discard_count, st.turn, str(st.phase)) == (1, 1, "turn")
        assert st.log[-1].seat == 0 and st.log[-1].tile == TILE_9P  # the dealer's discard is the last action
        assert sum(st.seats[1].counts) == 14 and st.seats[1].drawn is not None  # drawn, nothing discarded
        assert h.call(lambda: t.window is not None and not t.window.asked), "not the open window nobody may answer"
    finally:
        for bc in bcs:
            bc.session.close()
        h.stop()

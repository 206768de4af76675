"""Bot pacing: when the next automatic move may come at a table people follow (one policy for every table).

A session owns one ``Pacing`` (``Session.pacing``): a local table's bots move
through ``Session.advance(now)``, the 托管 bot of a window and a LAN host's bots
ask ``due(now)`` / ``wait(now)``, and the table tells it when a person moved or
what people must see first. Pure: times are the caller's clock.
"""

from __future__ import annotations

from dataclasses import dataclass

PERSON_SHARE = 0.8  # after a person's move the next automatic one waits this share of the delay


@dataclass
class Pacing:
    """When the next automatic move may come at a table people follow: the one place bots are paced.

    Every automatic participant of a table waits ``delay()`` seconds after the last
    move before it acts: a local table's bots, the 托管 bot that plays a person's
    seat, a LAN host's bots. The table may hold them longer (an animation people
    must see, a lesson to read). Times are the caller's clock (a window's app time,
    a host's event loop); nothing here reads a clock. ``Pacing.fixed(s)`` waits
    ``s`` seconds whatever the animations do (a LAN host).
    """

    step: float = 0.62  # seconds between moves at normal animation speed
    instant: float = 0.16  # seconds between moves with animations off
    floor: float = 0.0  # the speed factor never counts as less than this (the demo stays readable)
    speed: float = 1.0  # the table's animation factor (0: off; the window sets it)
    pace: float = 1.0  # every delay multiplied (``play --auto`` runs faster)
    scaled: bool = True  # False: ``step`` whatever the animations (a host has none)
    next_at: float = 0.0  # the time before which no automatic move comes

    @classmethod
    def fixed(cls, seconds: float) -> Pacing:
        return cls(step=seconds, scaled=False)

    def delay(self) -> float:
        """Seconds an automatic move waits after the last move."""
        if not self.scaled:
            return self.step * self.pace
        f = max(self.floor, self.speed)
        return (self.instant if f <= 0 else self.step * f) * self.pace

    def due(self, now: float) -> bool:
        return now >= self.next_at

    def wait(self, now: float) -> float:
        """Seconds from ``now`` until an automatic move may come (0: now)."""
        return max(0.0, self.next_at - now)

    def moved(self, now: float) -> None:
        """An automatic participant moved: the next one waits a whole delay."""
        self.next_at = max(self.next_at, now + self.delay())

    def answered(self, now: float) -> None:
        """A person moved: the next automatic move waits most of a delay (a reply that is not rushed)."""
        self.next_at = max(self.next_at, now + self.delay() * PERSON_SHARE)

    def hold(self, until: float) -> None:
        """No automatic move before ``until`` (an animation or a lesson is still being shown)."""
        self.next_at = max(self.next_at, until)

"""Test helpers: invariants every hand state must satisfy, option combinations, state fingerprints."""

from __future__ import annotations

import itertools

from game.rules import tiles


def tile_census(st) -> list[int]:
    """Counts of every tile the state accounts for: hands, melds, discards, wall, out-of-play."""
    c = [0] * tiles.NUM_KINDS
    for s in st.seats:
        for k in range(tiles.NUM_KINDS):
            c[k] += s.counts[k]
        for m in s.melds:
            for t in m.tiles:
                c[t] += 1
        for d in s.discards:
            if d.claimed_by is None:
                c[d.tile] += 1
    for t in st.wall[st.front:st.back]:
        c[t] += 1
    for t in st.variant.out_of_play(st):
        c[t] += 1
    if st.pending_kong is not None:
        c[st.pending_kong[2]] += 1
    if "robbed_tile" in st.extra:
        c[st.extra["robbed_tile"]] += 1
    return c


def check_conservation(st) -> None:
    full = tiles.counts(st.variant.tile_set(st.options))
    got = tile_census(st)
    if got != full:
        diff = {tiles.name(k): got[k] - full[k] for k in range(tiles.NUM_KINDS) if got[k] != full[k]}
        raise AssertionError(f"tile conservation broken (phase {st.phase}): {diff}")
    for i, s in enumerate(st.seats):
        assert all(0 <= x <= 4 for x in s.counts), f"seat {i} counts out of range"


def check_zero_sum(st) -> None:
    se = st.settlement
    assert se is not None
    assert sum(se.deltas) == 0, f"settlement does not sum to zero: {se.deltas}"
    for t in se.transfers:
        assert t.points > 0 and t.payer != t.payee, t
        assert t.reason and (t.text or t.reason)
    per_seat = [0] * st.n
    for it in se.items:
        per_seat[it.seat] += it.points
    assert per_seat == se.deltas, f"items {per_seat} disagree with transfers {se.deltas}"


def fingerprint(st) -> tuple:
    return (
        st.phase, st.turn, st.front, st.back, st.version, st.discard_count, st.claim_count,
        tuple(tuple(s.counts) for s in st.seats),
        tuple(tuple((m.kind, m.tiles) for m in s.melds) for s in st.seats),
        tuple(tuple((d.tile, d.claimed_by) for d in s.discards) for s in st.seats),
        tuple(s.declared for s in st.seats),
        tuple(st.window.answers.items()) if st.window else None,
        st.window.cursor if st.window else None,
    )


def option_combos(variant, limit: int = 64) -> list[dict]:
    """Every combination of the variant's option values (bounded), players varied."""
    axes = []
    for o in variant.schema:
        if o.fixed or o.key == "base":
            continue
        if o.is_bool:
            axes.append([(o.key, False), (o.key, True)])
        elif o.choices:
            axes.append([(o.key, c) for c in o.choices])
    combos = [dict(x) for x in itertools.product(*axes)] if axes else [{}]
    if len(combos) > limit:
        step = len(combos) / limit
        combos = [combos[int(i * step)] for i in range(limit)]
    return combos

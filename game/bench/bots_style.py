"""``bench bots``'s style object: how four 高手 and four 熟手 play the same walls, in figures an expert reads.

Per variant both tables play the same walls (``style:SEED:VARIANT:i``, one hand each). Each key holds
``{"strong": x, "normal": y}``; rates are fractions of seat-hands (or of the chances the key names),
per-100 figures are counts per 100. ``None`` where a variant has no such thing (硬功 outside 文山, first
chickens outside the chicken games).

- ``ready_at_end``: seat-hands that end won or ready (the chicken games' 查叫 readiness; elsewhere the
  final hand has a winning tile by the variant's own shape test);
- ``qi_dui_per_100_wins`` / ``qing_yi_se_per_100_wins``: wins with a seven-pairs pattern (七对, 龙七对,
  清七对 ...) / with a one-suit pattern (清一色, 清大对, 清七对 ...) per 100 wins;
- ``free_kongs_taken_at_once``: of the turns where a kong of the tile just drawn (闷豆 / 爬坡豆) costs no
  shanten (the 熟手's test), the share where the seat made it;
- ``first_chicken_claimed``: of the seat's discards that were the first 幺鸡 (or 乌骨鸡) of the hand, the
  share another player punged or konged (责任鸡);
- ``ying_gong_rate``: seat-hands won 硬功 (no substitutes; 文山/昆明);
- ``self_draw_rate``, ``win_rate``: seat-hands won by self-draw, won at all;
- ``mean_win_total``: the winning hand's total (its score's ``total``) averaged over wins;
- ``deal_ins_per_100``: discards won on, per 100 seat-hands.
"""

from __future__ import annotations

from collections import Counter

KEYS = ("ready_at_end", "qi_dui_per_100_wins", "qing_yi_se_per_100_wins", "free_kongs_taken_at_once",
        "first_chicken_claimed", "ying_gong_rate", "self_draw_rate", "mean_win_total", "deal_ins_per_100",
        "win_rate")
LEVELS = ("strong", "normal")
DEFAULT_HANDS = 400
SEVEN_PAIRS = frozenset(("qi_dui", "long_qi_dui", "shuang_long", "san_long", "qing_qi_dui", "qing_long_bei",
                         "qing_long", "qing_shuang_long", "qing_san_long", "he_pu_qi_dui", "qing_he_pu"))
CHICKEN_GAMES = ("guiyang", "zhuoji")
WENSHAN = ("wenshan", "kunming")


def is_seven_pairs(key: str) -> bool:
    return key in SEVEN_PAIRS


def is_one_suit(key: str) -> bool:
    return key.startswith("qing_")


def play_wall(task: tuple[str, dict[str, object], str, dict[str, object]]) -> dict[str, Counter[str]]:
    """One wall played by four of each level: per level, the counts the figures are made of (the 高手 with
    the experiments' ``settings``, if any)."""
    from ..bots import make_bot
    from ..bots.ctx import Ctx
    from ..bots.levels import StrongBot
    from ..bots.normal import NormalBot
    from ..bots.runner import decisions
    from ..bots.variants import strategy_for
    from ..rules.kinds import ActionKind
    from ..rules.match import Match
    from ..rules.tiles import tile as tile_of
    from ..rules.variants import get

    vid, options, wall, settings = task
    v = get(vid)
    opts = v.resolve_options(options)
    n = v.players(opts)
    strat = strategy_for(vid)
    judge = NormalBot(seed="style")  # the 熟手's test of a kong's shanten cost
    chickens = {tile_of("1s"), tile_of("8p")} if vid in CHICKEN_GAMES else set()
    out: dict[str, Counter[str]] = {}
    for level in LEVELS:
        c: Counter[str] = Counter()
        st, _ = Match(v, opts, wall, 1).start_hand()
        bots = [StrongBot(f"{wall}:{s}", {vid: settings}) if level == "strong" and settings
                else make_bot(level, seed=f"{wall}:{s}") for s in range(n)]
        first: list[tuple[int, int]] = []  # (seat, index in its discards) of first chicken discards
        thrown: set[int] = set()
        for seat, vw, a in decisions(st, bots):
            drawn = vw.get("drawn")
            if drawn is not None and any(x.kind == ActionKind.KONG and x.tile == drawn for x in vw["legal"]):
                ctx = Ctx(vw)
                if judge.turn_kong_ok(ctx, strat, drawn, strat.normal_routes(ctx)):
                    c["free_kongs"] += 1
                    c["free_kongs_taken"] += a.kind == ActionKind.KONG and a.tile == drawn
            if a.kind == ActionKind.DISCARD and a.tile in chickens and a.tile not in thrown:
                first.append((seat, len(st.seats[seat].discards)))
            if a.kind == ActionKind.DISCARD and a.tile is not None:
                thrown.add(a.tile)
        c["seat_hands"] += n
        for seat, i in first:
            c["first_chickens"] += 1
            c["first_chickens_claimed"] += st.seats[seat].discards[i].claimed_by is not None
        info = st.settlement.info if st.settlement is not None else {}
        ready = info.get("ready") if isinstance(info, dict) else None
        winners = {w.seat for w in st.wins}
        for s in range(n):
            if ready is not None:
                c["ready"] += bool(ready[s])
            else:
                c["ready"] += s in winners or _ready(v, opts, st, s)
        for w in st.wins:
            keys = {p.key for p in w.score.patterns}
            c["wins"] += 1
            c["win_total"] += w.score.total
            c["self_draws"] += w.how != "discard"
            c["deal_ins"] += w.how == "discard"
            c["qi_dui"] += any(is_seven_pairs(k) for k in keys)
            c["qing_yi_se"] += any(is_one_suit(k) for k in keys)
            c["ying_gong"] += "ying_gong" in keys
        out[level] = c
    return out


def _ready(v: object, opts: dict[str, object], st: object, seat: int) -> bool:
    """Does the seat's final hand have a winning tile (the variant's own shape test, public facts only)?"""
    from ..rules.state import HandState
    from ..rules.variants.base import Variant

    assert isinstance(v, Variant) and isinstance(st, HandState)
    s = st.seats[seat]
    counts = list(s.counts)
    if sum(counts) % 3 != 1:
        return False
    public = v.public_info(st, None)
    jokers = v.wildcards(public)
    for t in v.tile_set(opts):
        if counts[t] >= 4 and t not in jokers:
            continue  # no fifth copy (the advice's waits skip it alike)
        counts[t] += 1
        try:
            if v.tiles_win(opts, public, counts, list(s.melds), t):
                return True
        finally:
            counts[t] -= 1
    return False


def figures(vid: str, totals: dict[str, Counter[str]]) -> dict[str, dict[str, float | None]]:
    """The style object of one variant from the summed counts of its walls."""

    def rate(c: Counter[str], num: str, den: str, scale: float = 1.0) -> float | None:
        return round(scale * c[num] / c[den], 4) if c[den] else None

    out: dict[str, dict[str, float | None]] = {k: {} for k in KEYS}
    for level in LEVELS:
        c = totals.get(level, Counter())
        out["ready_at_end"][level] = rate(c, "ready", "seat_hands")
        out["qi_dui_per_100_wins"][level] = rate(c, "qi_dui", "wins", 100)
        out["qing_yi_se_per_100_wins"][level] = rate(c, "qing_yi_se", "wins", 100)
        out["free_kongs_taken_at_once"][level] = rate(c, "free_kongs_taken", "free_kongs")
        out["first_chicken_claimed"][level] = (rate(c, "first_chickens_claimed", "first_chickens")
                                               if vid in CHICKEN_GAMES else None)
        out["ying_gong_rate"][level] = rate(c, "ying_gong", "seat_hands") if vid in WENSHAN else None
        out["self_draw_rate"][level] = rate(c, "self_draws", "seat_hands")
        out["mean_win_total"][level] = round(c["win_total"] / c["wins"], 3) if c["wins"] else None
        out["deal_ins_per_100"][level] = rate(c, "deal_ins", "seat_hands", 100)
        out["win_rate"][level] = rate(c, "wins", "seat_hands")
    return out


def run(vid: str, options: dict[str, object], hands: int, seed: int, imap: object = None,
        settings: dict[str, object] | None = None) -> dict[str, dict[str, float | None]]:
    """The style object of ``vid`` over ``hands`` walls (``imap``: a pool's imap, else played here)."""
    tasks = [(vid, options, f"style:{seed}:{vid}:{i}", settings or {}) for i in range(hands)]
    mapper = imap if callable(imap) else map
    totals: dict[str, Counter[str]] = {level: Counter() for level in LEVELS}
    for part in mapper(play_wall, tasks):
        for level, c in part.items():
            totals[level].update(c)
    return figures(vid, totals)

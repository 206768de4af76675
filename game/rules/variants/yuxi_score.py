"""玉溪扳倒胡 scoring (shared/rules/yuxi.md): base pattern N, extra pattern M, 2^(N+M) and payments.

Only the largest base pattern and the largest extra pattern count; their 番 add:
points per payer = 底注 × 2^(N+M). 平胡 (0 番) is named only when nothing else
applies (no other base pattern and no extra).
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import analysis, tiles
from ..codes import Refusal
from ..kinds import MeldKind, WinBy
from ..situation import Pattern, Score, Situation, pattern, refused
from ..state import Meld
from ..texts import Msg, msg

FIVE_PIN = tiles.FIVE_PIN

BASE = {  # key: 番 (names: pattern.yuxi.<key> in the catalogs)
    "ping_hu": 0,
    "da_peng_dui": 1,
    "qing_yi_se": 1,
    "qi_dui": 1,
    "shi_feng": 1,
    "shi_san_yao": 0,
    "qing_da_dui": 2,
    "qing_qi_dui": 2,
    "long_qi_dui": 2,
    "shuang_long": 3,
    "qing_long": 3,
    "san_long": 4,
    "qing_shuang_long": 4,
    "qing_san_long": 5,
}
EXTRA = {
    "gang_shang_hua": 1,
    "shuang_gang_hua": 2,
    "wu_mei_hua": 2,
    "shuang_wu_mei_hua": 4,
}
SEQUENCE = ("shi_feng", "shi_san_yao")  # discard-sequence wins (flags of the same name)
_SEVEN = ("qi_dui", "long_qi_dui", "shuang_long", "san_long")
_QING_SEVEN = ("qing_qi_dui", "qing_long", "qing_shuang_long", "qing_san_long")



def one_suit(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """清一色: every tile of one suit (an honor anywhere, or honors only, is not)."""
    suits = set()
    for t, c in enumerate(counts):
        if c:
            if t >= 27:
                return False
            suits.add(t // 9)
    for m in melds:
        for f in m.faces:
            if f >= 27:
                return False
            suits.add(f // 9)
    return len(suits) == 1


def seven_pairs_quads(counts: Sequence[int], melds: Sequence[Meld]) -> int:
    """-1 if not seven pairs (14 concealed tiles, no meld), else the number of 4-of-a-kind sets."""
    if melds or sum(counts) != 14 or any(c & 1 for c in counts):
        return -1
    return sum(1 for c in counts if c == 4)


def all_pungs(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """大碰对: no chow meld; the concealed tiles are pungs and exactly one pair."""
    return not any(m.kind == MeldKind.CHOW for m in melds) and analysis.is_pungs_and_pair(counts)


def base_of(counts: Sequence[int], melds: Sequence[Meld]) -> str | None:
    """The largest base pattern of a hand shape (None: not a winning hand)."""
    qing = one_suit(counts, melds)
    best = None
    q = seven_pairs_quads(counts, melds)
    if q >= 0:
        best = (_QING_SEVEN if qing else _SEVEN)[min(q, 3)]
    if sum(counts) % 3 == 2 and analysis.is_win(counts):
        if all_pungs(counts, melds):
            k = "qing_da_dui" if qing else "da_peng_dui"
        else:
            k = "qing_yi_se" if qing else "ping_hu"
        if best is None or BASE[k] > BASE[best]:
            best = k
    return best


def extra_of(sit: Situation) -> str | None:
    """The extra pattern of the situation: 杠上花 family on a self-drawn kong replacement."""
    f = sit.flags
    if sit.how != WinBy.SELF_DRAW or not ({"after_kong", "double_kong"} & f):
        return None
    if "double_kong" in f:
        five = sit.win_tile == FIVE_PIN or FIVE_PIN in sit.kong_draws
        return "shuang_wu_mei_hua" if five else "shuang_gang_hua"
    return "wu_mei_hua" if sit.win_tile == FIVE_PIN else "gang_shang_hua"


def _pattern(table: dict[str, int], key: str) -> Pattern:
    return pattern("yuxi", key, table[key])


def formula(n: int, m: int) -> str:
    """'2^(2+1)=8' or '2^2=4'."""
    return f"2^({n}+{m})={2 ** (n + m)}" if m else f"2^{n}={2 ** n}"


def score(sit: Situation) -> Score:
    """Score a yuxi win (or a 十风/十三幺 declared by the rules)."""
    opts = sit.options
    seq = [k for k in SEQUENCE if k in sit.flags]
    if len(seq) > 1:
        return refused(Refusal.SEQUENCE_BOTH)
    flags = []
    if seq:
        key = seq[0]
        if key == "shi_feng" and not opts.get("with_honors"):
            return refused(Refusal.SHI_FENG_NEEDS_HONORS)
        if sit.melds:
            return refused(Refusal.SHI_FENG_NO_MELDS if key == "shi_feng" else Refusal.SHI_SAN_YAO_NO_MELDS)
        base_key: str | None = key
        extra_key: str | None = None
        flags.append(key)
    else:
        base_key = base_of(sit.counts, sit.melds)
        if base_key is None:
            return refused(Refusal.NOT_A_WIN)
        extra_key = extra_of(sit)
        if extra_key:
            flags.append("double_kong" if extra_key.startswith("shuang") else "after_kong")
    assert base_key is not None
    n = BASE[base_key]
    m = EXTRA[extra_key] if extra_key else 0
    pats = []
    if base_key != "ping_hu" or not extra_key:
        pats.append(_pattern(BASE, base_key))
    if extra_key:
        pats.append(_pattern(EXTRA, extra_key))
    total = 2 ** (n + m)
    base = int(opts.get("base", 1))
    unit = total * base
    how = WinBy.SELF_DRAW if seq else sit.how
    pays_all = bool(opts.get("rob_pays_all", True))
    payments: dict[int, int] = {}
    if how == WinBy.SELF_DRAW:
        payments = {s: unit for s in range(sit.n) if s != sit.seat}
    elif how == WinBy.DISCARD:
        assert sit.source is not None
        payments = {sit.source: unit}
    elif how == WinBy.ROB_KONG:
        assert sit.source is not None
        payments = {sit.source: unit * (sit.n - 1) if pays_all else unit}
    # base and rob_pays_all: what the payments were made with, so the settlement line says what is paid
    info = {"fan": n + m, "n": n, "m": m, "base_key": base_key, "extra_key": extra_key, "flags": flags,
            "how": how, "formula": formula(n, m), "base": base, "rob_pays_all": pays_all}
    return Score(True, pats, total, payments, info=info)


def labels(sc: Score, how: WinBy, n_players: int, winner: int | None = None) -> Msg:
    """The settlement line explaining a win's payment, e.g. '清大对 杠上花 2^(2+1)=8 自摸'.

    Every multiplication is shown with its result: '×底注2=16', '抢杠胡 三家包×3=24'. The stake and
    who pays for a robbed kong are the ones the score's payments were made with (its info), never
    another set of options: the line's last figure is what each payer pays.
    """
    head = msg("rules.settle.yuxi.head", patterns=sc.names, formula=sc.info["formula"])
    pts = sc.total
    base = int(sc.info.get("base", 1))
    base_part: Msg | str = ""
    if base != 1:
        pts *= base
        base_part = msg("rules.settle.yuxi.base", base=base, points=pts)
    if sc.info.get("base_key") in SEQUENCE:
        how_part = msg("rules.settle.yuxi.as_self_draw")
    else:
        how_part = msg(f"rules.settle.yuxi.how.{WinBy(how).value}")
    rob: Msg | str = ""
    if how == WinBy.ROB_KONG:
        if sc.info.get("rob_pays_all", True):
            k = n_players - 1
            rob = msg("rules.settle.yuxi.rob_all", payers=msg(f"rules.settle.yuxi.payers.{k}"), k=k, points=pts * k)
        else:
            rob = msg("rules.settle.yuxi.rob_one")
    won: Msg | str = msg("rules.settle.yuxi.winner", seat=winner) if winner is not None else ""
    return msg("rules.settle.yuxi.line", head=head, base=base_part, how=how_part, rob=rob, winner=won)

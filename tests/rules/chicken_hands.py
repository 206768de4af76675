"""The chicken games' named hands and scripted plays, shared by the flow, fowl, bean, advice and mutation tests."""

from __future__ import annotations

from tests.rules.chicken_util import run

# ---- 报听 ----------------------------------------------------------------------------------------------
# Seat 1 draws 4p, lets 9p go and declares ready (waits 1s/4p). Seat 3 then discards 1s: seat 1 may win
# (no pass needed) but not pung; it passes. Seat 0's 4p right after is the same value: 过胡 forbids it.
# Seat 1's next draw (6s) is discarded by itself. Seat 0's next 4p is won: 报听 10 (平胡's 1 dropped).
S0 = "7z1m4m7m1p5p7p2s4s6s3m6m9m3p"
S1 = "123m456m789m1s1s4p9p"
S2_JUNK = "2m5m8m2p6p9p3s5s8s9s4m7m1p"
S2_READY = "234m567p678s9m9m4s5s"  # waits 3s/6s
S3 = "1s2m5m8m3p6p9p2s5s7z7z3s9s"
S0_Z = "9s1m4m7m1p5p7p2s4s6s3m6m9m3p"  # zhuoji twins (no 红中)
S3_Z = "1s2m5m8m3p6p9p2s5s5p5p3s9s"
OPENING = [[0, "discard", "7z"], [1, "discard", "9p"], [1, "declare_ready"], [2, "discard", "2s"],
           [3, "discard", "1s"], [1, "pass"]]


J3 = "2m5m8m3p6p9p3s9s4m7m5p7s1p"


WAIT_6S_9M = "234m567p345s6s6s9m9m"


# ---- 查叫 at a drawn hand -------------------------------------------------------------------------------------
# The wall runs out. Seat 0 waits 4s with seven pairs (and holds 11s), seat 1 waits 2m-6m (best: 5m makes
# 222m 333m 444m 999p 55m). Seats 2 (a 闷豆 of 2s) and 3 (led 8p: 冲锋乌骨鸡) are not ready.
D = ["1s1s3p3p5p5p7s7s9m9m6p6p4s8m", "222m333m444m5m999p", "2222s1m4m7m1p4p8s6s3s9s", "8p1m7m2p5p3s6s9s5s8s6m8m7p"]
D_ACTIONS = [[0, "discard", "8m"], [1, "discard", "7p"], [2, "kong", "2s"], [2, "discard", "2m"],
             [3, "discard", "8p"], [0, "discard", "7m"]]


# ---- guiyang: the default chickens, 冲锋, 包鸡 and the flip --------------------------------------
#
# Dealer 0 (not ready) discards 1s first (冲锋鸡, nobody claims) and 1s again later (a plain one).
# Seat 1 draws 1s, drops 4p and waits 8p/1s; it self-draws 8p: 平胡, holding 888p and 11s.
# Seat 2 is ready (waits 1m/4m) and holds 77p. Seat 3 (not ready) discards 8p first: 冲锋乌骨鸡.
# The 捉鸡牌 is the next wall tile after seat 1's draw.
A_HANDS = ["1s1s2m5m9m3p6p9p4s7s7z3m5p9s", "123m456m789m8p8p1s4p", "123p456p789s23m77p", "8p1m4m7m2p5p9p2s5s3s6s7z9m"]
A_ACTIONS = [[0, "discard", "1s"], [1, "discard", "4p"], [2, "discard", "9m"], [3, "discard", "8p"],
             [0, "discard", "1s"], [1, "hu"]]


def play_a(zhuo, options=None, front="1s9m7z6s8p", fill=True):
    return run("guiyang", A_HANDS, front=front + zhuo, actions=A_ACTIONS, options=options, fill=fill)


# ---- 责任鸡 both ways (guiyang ×1, zhuoji ×3) ----------------------------------------------------
# Dealer 0 discards 1s first; seat 2 pungs it (责任鸡: seat 0 is responsible to seat 2).
# Seat 1 (waits 1p/4p) self-draws 4p. 捉鸡牌 8s → 9s (nobody ready holds one).
Z_SEAT1 = "234s567s678m11m2p3p"
Z_SEAT3 = "3m6m4s7s2s5s8s5p7m1m3p6p9s"
Z_ACTIONS = [[0, "discard", "1s"], [2, "pung"], [2, "discard", None], [3, "discard", "4m"], [0, "discard", "7s"],
             [1, "hu"]]


def play_zeren(variant, seat0, seat2, drop):
    acts = [list(a) for a in Z_ACTIONS]
    acts[2] = [2, "discard", drop]
    return run(variant, [seat0, Z_SEAT1, seat2, Z_SEAT3], front="4m7s4p8s", actions=acts)


# ---- zhuoji: 冲锋 ×3, 跟冲, 金鸡 ×3, 本鸡, 上下鸡, 连庄 -----------------------------------------------
# Dealer 0 discards 1s (冲锋鸡) and waits 1p/4p; seat 1's first discard is 1s too (跟冲) and it waits
# 2m/5m; seat 2 (not ready) also leads 1s (跟冲, owed as 包). Seat 0 self-draws 4p.
C_HANDS = ["1s123m456m789m2p3p7p7p", "1s234s567s9m9m5p6p3m4m", "1s1m4m7m2p5p9p3s6s9s8m2m6p",
           "1m4m7m2p5p9p3s6s9s8m5m1p4s"]
C_ACTIONS = [[0, "discard", "1s"], [1, "discard", "1s"], [2, "discard", "1s"], [3, "discard", "7s"], [0, "hu"]]


def play_c(zhuo, options=None, streak=0):
    return run("zhuoji", C_HANDS, front="7p3p7s4p" + zhuo, actions=C_ACTIONS, options=options, streak=streak)


# ---- 闷豆 and 点豆 -----------------------------------------------------------------------------
# Seat 1 holds 5555m and makes a concealed kong on its first turn (闷豆). Seat 3 konges dealer 0's 9p
# (点豆, seat 3 stays not ready). Seat 2 self-draws 3s: 平胡. 捉鸡牌 8m → 9m: seat 2, the winner,
# discarded a 9m (a winner's flipped chickens count in its discards): 1 from each.
B1 = ["9p1m4m7m2p5p3s6s9m7z3m6m2s4p", "5555m123p456s78s2m", "234m678m234p567p3s", "999p1p4s7s1m5s8s7z7z9s9m"]


def b1_actions(first):
    return [[0, "discard", first], [1, "kong", "5m"], [1, "discard", "9s"], [2, "discard", "9m"],
            [3, "discard", "1p"], [0, "discard", "9p"], [3, "kong"], [3, "discard", "4m"], [0, "discard", "5p"],
            [1, "discard", "7m"], [2, "hu"]]


# ---- burning (烧) ----------------------------------------------------------------------------------
# 热炮: seat 1 konges 5555m, draws the replacement 9m and lets 2p go: seat 2 wins on it (平胡 needs no
# pass on a 热炮). Seat 1 is ready with 11s and a 闷豆 but collects nothing: burned.
R_SEAT3 = "3m6m9m1p4p7p2s5s8s4s7s1m9m"


# Dealer 0 leads 9p; seat 1 konges it with 999p (点豆), discards the replacement and waits 6s/9s; it
# self-draws 6s. Nobody else is ready or holds a chicken; 捉鸡牌 2p → 3p, which seat 1 does not hold.
DIAN = ["9p1m4m7m2p5p3s6s9m{x}3m6m2s4p", "999p123m456m78s5s5s", "1m4m7m2p5p3s6s9s8m5m1p4s6m",
        "2m5m8m3p6p2s5s8s{x}3m9m4p7p"]


def play_dian(variant: str):
    x = "7z" if variant == "guiyang" else "9s"
    hands = [h.format(x=x) for h in DIAN]
    actions = [[0, "discard", "9p"], [1, "kong"], [1, "discard", x], [2, "discard", "2m"], [3, "discard", "3p"],
               [0, "discard", "4s"], [1, "hu"]]
    return run(variant, hands, front="2m3p4s6s2p", back=x, actions=actions)

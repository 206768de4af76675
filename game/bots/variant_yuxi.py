"""玉溪扳倒胡 for every level: the standard shape and seven pairs, chows allowed.

Most hands are a 平胡 (1 point) within five or six rounds, so speed and not dealing in decide the
game. The 高手 plays with its own expert (``strong_yuxi``).
"""

from __future__ import annotations

from .variant import PAIRS, STD, VariantStrategy


class YuxiStrategy(VariantStrategy):
    id = "yuxi"
    routes = (STD, PAIRS)

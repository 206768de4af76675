"""The three bot strengths by command-line name: easy 新手, normal 熟手, strong 高手."""

from __future__ import annotations

from .easy import EasyBot
from .normal import NormalBot
from .strong import StrongBot

LEVELS = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}

"""云贵麻将: desktop mahjong for the regional rule sets of Yunnan and Guizhou."""

__version__ = "0.1.0"

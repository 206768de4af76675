"""Tools for developers, not screens: screenshots, the UI audit, the tile preview."""

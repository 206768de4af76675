"""LAN play in the window: host, find and join a table, the lobby, the seat, and watching a table."""

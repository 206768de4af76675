"""LAN play: protocol, host, discovery, clients, secrecy, durability, abuse, watching."""

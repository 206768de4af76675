"""LAN play: wire protocol, zeroconf discovery, the authoritative host and the network session."""

"""The tests: specifications of the rules, bots, window, LAN play, command line and tools, one room each."""

"""The command line and the program as a player starts it: subcommands, --auto play, version, user folders."""

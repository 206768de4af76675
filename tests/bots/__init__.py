"""The bots: decisions with one right answer, each level's play, the framework, soaks."""

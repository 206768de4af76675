"""The rules core's specifications: tiles, analysis, engine, scoring and settlement of every variant, properties."""

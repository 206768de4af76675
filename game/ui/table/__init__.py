"""The table scene and its parts: hand, hud, prompt, panels, switches, cues, animations, settlement, links."""

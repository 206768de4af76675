"""The table scene and the elements it composes: board, hand view, prompt, hud, switches, panels, settlement, cues."""

"""The client's toolkit: what every screen draws and speaks with (widgets, tile art, fonts, felt, sound, texts)."""

"""The score calculator (算分器): its screen, its model, what it draws and its notation."""

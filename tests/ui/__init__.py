"""The window: scenes, input, the table's parts, the calculator, the demo, LAN screens, fonts and tile art."""

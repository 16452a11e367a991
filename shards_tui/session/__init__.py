"""Playing a game, without a screen: the seats, the bots at a pace, autosave and listeners.

One ``Session`` drives each game in play, whoever shows it: the hot-seat table, the demo, a
lesson, or a networked table of the SSH server. Nothing here imports Textual.
"""

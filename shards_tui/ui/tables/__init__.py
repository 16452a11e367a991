"""Each game's table screen and the widgets it is made of, one package per game."""

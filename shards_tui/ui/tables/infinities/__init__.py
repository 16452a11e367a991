"""The Infinities table's parts (the guide comes with the layout, below)."""

"""The Fractured Net's table parts (table data, widgets) and its deck builder and collection.

See the sections below for what the screen that assembles them reads and wires.
"""

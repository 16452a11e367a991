"""The Infinities table's parts, for the screen that assembles them on the shared table base.

The registry names ``shards_tui.ui.tables.infinities.screen:InfinitiesTable``. Attributes
down, messages up: the screen reads ``controller.view(seat)``, turns it into what each part
shows with the functions below, calls each part's ``show(...)`` and sends the legal move a
part's message carries (its text). No part holds game state or touches the controller; each
keeps at most a cursor. The class names start with ``Inf`` because Textual's CSS type names
are global.

Data (no Textual)
    ``table_data.py``: ``looks(view)`` (each seat's colour, pawn symbol for NO_COLOR, team
    letter); ``targets(view)`` (``Targets``: the map's legal moves by hex: steps and
    discoveries, flips, the Power actions on the leader standing there, a question's answers
    that name a hex, a direction or a leader; the viewer's reach; the space a discovery
    fills); ``tray(view)`` (the dice and their legal rerolls, conversions, lock and rolls);
    ``moves_on_card``, ``own_moves`` (the legal moves of a hand card, of the leader, units
    and timeline).
    ``map_data.py``: ``faces(view, looks, targets, size, flip_mode, reach, preview)``: a
    ``HexFace`` per tile and per empty space next to one (type, name, pawn, Influence; walls
    on their edges; a fill and a mark where the viewer may act; the discovery being chosen,
    turned, its edge towards the mover drawn open). ``describe_hex``: the status line's
    sentence for the hex under the cursor.
    ``choosing.py``: ``on_hex(view, targets, hex, flip_mode)``: what choosing a hex does: a
    legal move, a list of moves (the Power actions on a leader), a move sent so that the
    rules say in one line why it cannot be made (a wall, a pawn, out of reach: nothing
    changes), or a sentence (too far, off the map).
    ``words.py``: each legal move as a sentence (menus, the palette), the heading, the
    hand-off cover and game-over words (from the public view), the log's rule citations.
    ``card_text.py``: what ``i`` reads whole (a card, a tile, a leader with their group).
    ``stops.py``: at one keyboard, whether a question on another's turn is a hand-off.

Parts (messages derive from ``ui.widgets.card_messages.SentBy``)
    the map: ``ui.widgets.hex_grid.HexGridView`` (generic: flat-top hexes drawn line by
    line, rows repainted only where they changed; arrows and 8 9 3 2 1 7 move the cursor,
    Enter or a click posts ``Chosen(hex)``, the cursor's moves ``CursorMoved(hex)``).
    ``InfDiceTray``: ``show(tray)``; t p f and Enter make the action check, ←→ r c Enter
    reroll, convert and lock. Posts ``Send(command)``, ``Offer(commands)``, ``Refused``.
    ``InfHand`` (a ``CardList``): ``show(hand, redraw, hidden)``; Enter posts ``Chosen(card)``
    (the screen offers that card's moves in a ``MoveMenu``), Space marks cards and r posts
    ``Redraw(positions)`` during a deploy.
    ``InfDiscovery``: ``show(view)`` while the viewer discovers: ↑↓ a tile, ←→ turn it (only
    turns that leave the path open), Enter posts ``Send``; each change posts
    ``Previewed(tile, rot)`` and the map draws it. It is the lower row's second page
    (``ui.widgets.scrolled_pages.ScrolledPages``; the first holds the tray, the hand and the
    question's panel): the row scrolls to it, so opening it lays nothing out.
    ``InfPlayers``, ``InfMat``: a compact line per leader; the whole mat of the highlighted
    one (tracks with levels and what each gives, Health, gambit, group, timeline).
    ``InfTurnBar``, ``InfRoles``: the round, turn order and what wins; the Roles with each
    leader's progress, the Points and the queue. ``MoveMenu``: a list of moves over the table.

An Adventure chapter (``adventure.py``, its words in ``adventure_words.py``)
    ``InfChapter`` in the right column: each win condition with every side's progress, where
    the plot tokens are, the special actions (lit when usable); ``ChapterScreen``: the
    chapter's page (where it stands, then its story and rules), before the first move, with o
    and with F1. The map writes tokens on their tiles, the turn bar the viewer's goal, and a
    special action is a move in a, the palette and ':'.

The screen's helpers
    ``table_map.py``: ``TableMap``, what the screen keeps of its map (the seat's moves there,
    flipping or moving, the discovery's preview, the zoom, the cursor kept on the pawn) and
    draws into the ``HexGridView``. ``keys.py``: the table's bindings (ids, tooltips) and
    ``key_hints``, which of them the hint line offers now. ``focus.py``: where the keys go
    (the part the turn's phase is played with, the discovery's list, a question's panel).

The screen (``screen.py``)
    Layout: the turn bar; the map over the dice tray and the hand (a question's panel, the
    leader choice or the discovery picker take the hand's place); at 100 columns and more a
    right column of the leaders, the mat, the Roles and the log (at 80 columns p shows it
    over the map). Short screens draw smaller hexes (z switches), each tile by a short name
    made from its words, its type's sign and its Influence ('GaleS', '♣ 3'). Keys: m map, h
    hand, d dice, p leaders, a the leader's and units' moves, e end the turn (twice with dice
    left), f flip mode, c centre the map on your pawn, s stops, k the map key (the signs and
    the short names), and the shared ones (i reads the card, tile
    or leader under the cursor; l the log). The question panel answers every question the
    map cannot; a hex that names an answer answers it on the map.
"""

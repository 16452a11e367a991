"""The Disco Infinity table's parts, for the screen that assembles them on the shared table base.

The registry names ``shards_tui.ui.tables.disco.screen:DiscoTable``. Everything it shows is
built here. Attributes down, messages up: the screen reads
``controller.view(seat)``, turns it into display data with the functions below, calls each
widget's ``show(...)``, and turns the widgets' messages into commands. No widget holds game
state or touches the controller; each keeps at most a cursor. The class names start with
``Disco`` because Textual's CSS type names are global (the shell already has an ``ActionRow``
and a ``HandView``).

Data (no Textual; ``table_data.py``, ``placement.py``, ``card_details.py``)
    ``data = table_data(view)``: a frozen ``TableData``: ``row`` (``RowData``: six spaces,
    ``RowCard`` or None, ``placed``, ``firing``), ``orbits`` and ``meters`` as (beyond the
    action row, nearer: the viewer's, or seat 0 for a public view), ``hand`` (the viewer's
    ``HandCard``s; None when the view has no hand), ``piles``, ``draft`` (``DraftData``: the
    viewer's offer and the legal ``draft N`` answers, or the legal ``draft``/``pass``, or who
    is drafting), ``placing`` (the viewer may place now), ``options`` (card ids that answer
    the viewer's question).
    ``placing(view, card_id, data)``: the legal gaps of a hand card and, for each, the row after
    the placement and its card's Placement effect (``Preview``: every card's new space and the
    space it leaves, the question the effect asks if it does, and the legal ``Place``
    command); read from ``view.legal_of(Place)`` and the game's ``view.placements``. None
    when it cannot be placed.
    ``describe(data, card_id)``: the card text panel's ``CardDetails`` (the game's text, where
    the card is); None for a card the data does not show.
    ``answer_command(view, card_id)``: the legal ``choose`` that picks just that card, so a
    click on a marked card can answer a question; None otherwise.

Widgets (each with a .tcss beside it; messages derive from ``ui.widgets.card_messages.SentBy``, whose
``control`` is the widget, so ``@on(DiscoActionRow.GapChosen, "#action-row")`` works)
    ``DiscoBoard``: ``show(data, placing)``. Composes, top to bottom, ``#far-meters``,
    ``#far-orbit``, ``#action-row``, ``#draft`` (shown instead of the row while
    ``data.draft.active`` and nothing is being placed), ``#near-orbit``, ``#near-meters``;
    the parts' messages bubble through it. ``.action_row``, ``.draft``, ``.orbit(near)``.
    ``DiscoActionRow``: ``show(row, placing=None, title)``. Placing: a gap cursor, the row
    drawn as it would be after the placement. Otherwise: a space cursor for reading cards.
    Keys: left/right, home/end, 1-7 (the gap where the card takes that space; or that space),
    enter, escape (``disco.row.*``). Mouse: over a gap previews it, a click places there; a
    click on a card when not placing. Posts ``GapHighlighted(preview)``, ``GapChosen``
    (``.command``: the legal ``Place``; ``.card``, ``.gap``), ``CardHighlighted(card|None)``,
    ``CardClicked(card)``, ``Backed``.
    ``DiscoOrbitRow``: ``show(orbit)``. Columns under the row's boxes: the space and that
    player's research ('2 ◆3'), the stack bottom first with tokens ('Dry Dock ●4'), '+N more'
    past four rows. Keys: left/right/up/down, enter (``disco.orbit.*``). Posts
    ``CardHighlighted(card|None)``, ``CardClicked(card)`` (a click or enter on a satellite).
    ``DiscoMeters``: ``show(player_meters)``. One line: '▶' for the player to act, name,
    faction, shields/research/token lead with bars; narrower lines drop the faction, then
    the bars. No keys, no messages.
    ``DiscoHand`` (an OptionList): ``show(hand, selected, hidden=...)``; None shows ``hidden``.
    Keys: the list's own, enter (``disco.hand.choose``). Posts ``Selected(card)`` (highlight
    moved, by key or click) and ``Chosen(card)`` (enter or click: take it to the row).
    ``DiscoPiles``: ``show(piles)``: counts for both players, the draft and cycled decks, and
    the trash newest first in a list; ``focus_trash()`` gives the list the keys. Posts
    ``TrashHighlighted(card)``.
    ``DiscoDraft``: ``show(draft)``: three offered cards side by side, or the keys to take a
    draft cycle or pass, or who is drafting. Keys: left/right, 1-3, enter, d, p
    (``disco.draft.*``); a click on a card keeps it, on a line takes or passes. Posts
    ``Highlighted(card)``, ``Picked(index, card, command)``, ``Taken(command)``,
    ``Passed(command)``: each command is the legal one from the view.
    ``DiscoCardText``: ``show(details)``: name, kind and deck, where it is, the text a part a
    line. Fixed height, scrolls. No keys, no messages.

    ``DiscoFooter``: the table's own keys and the app's, never the focused part's (each part
    says its keys on its border and in the key hints; ``?`` lists them all), so the footer is
    not rebuilt when the keys move between the hand and the row.

Wiring (``tests/ui/tables/disco/disco_ui_support.py``'s ``TablePlayApp`` does exactly this
and plays whole rounds in the tests; copy it)
    ``DiscoHand.Selected`` -> keep the card as selected, re-show (the row previews it);
    ``DiscoHand.Chosen`` -> the same, then focus the action row; ``GapChosen``, ``Picked``,
    ``Taken``, ``Passed`` -> send ``message.command``; ``Backed`` -> focus the hand;
    ``CardClicked`` -> send ``answer_command(view, card)`` if there is one, else show the card;
    every ``*Highlighted`` -> show that card in ``DiscoCardText`` via ``describe``. After each
    change: focus the draft panel while the viewer drafts, else the hand.

Layout (checked at 120x40 and 80x24 with that app, and in the snapshots)
    Left column: the board (``height: 1fr``; the action row or the draft takes what its orbit
    rows leave, 6 to 13 rows, and its boxes show each card's text when tall enough), then the
    hand and card text side by side (7 rows on a short screen, up to 14 on a tall one). At
    100 columns and more a right column of 38: the piles over the log. At 80 columns the
    piles need a place of their own (a key that shows them with the trash focused).

Left for the screen
    The decision panel answers every question the board cannot (a space, an order, a
    discard); a hot-seat cover shows ``view(None)`` (no hand: the hand says it is hidden);
    the action phase plays at a readable pace by re-showing the row with ``firing`` set
    (``dataclasses.replace(data.row, firing=k)``) as the log steps; the shell's own keys
    must not shadow the row's digits, enter and escape, or the draft's d and p, while those
    widgets have the focus.

The screen (``screen.py``, with ``pace.py`` for the action phase's playback)
    Keys: h the hand, r the row's own cards (a hand card being placed is put down), o the
    orbit rows (the opponent's first, again: yours), t the piles, and the shared ones (i the
    whole text of the card in the card panel, l the log). A key that moves through the hand
    or into the row redraws only the row and the card text (``_show_placing``); a change of
    the game redraws everything from a new view. While the row fires, a hot-seat table shows
    the public view and a networked seat its own view; nobody moves until it ends.
"""

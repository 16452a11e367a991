"""The Fractured Net's table (its parts and the screen assembling them on the shared table base),
and its collection and deck builder.

The registry names ``shards_tui.ui.tables.fractured_net.screen:FracturedNetTable``. Attributes
down, messages up: the screen reads ``controller.view(seat)``, turns it into display data with
``table_data``, calls each widget's ``show(...)``, and sends the text of the command a widget's
message carries (``message.command.text()``, through the base's ``run_command_text``). Every
command in the data is one of the view's legal moves; no widget matches command strings, holds
game state or touches the controller; each keeps at most a cursor. Class names start with
``Net`` because Textual's CSS type names are global.

Data (no Textual; ``table_data.py``, ``card_details.py``, ``stops.py``, ``deck_data.py``)
    ``data = table_data(view, remaining=None)``: a frozen ``TableData``: ``sides`` as (far, near)
    ``SideData`` (health, ``Energy`` available/used/capacity, resources, ``CreatureFace``s with
    power/defense/damage, tapped, sick, keywords, equipment, can_attack, forced (Reckless),
    attacking, blocking, dies, the legal ``activate``; unattached equipment, deck/hand/discard
    counts, the mulligan state), ``hand`` (the viewer's ``HandCard``s with cost, playable, the
    rules' ``why_not`` and the legal ``play``; None for anyone else), ``combat`` (``CombatData``:
    stage, attackers, blocks, ``pairings`` with each blocker's damage taken and dealt and who
    would die, from the game's ``combat.forecast``; the legal attack/withdraw/block/unblock/
    confirm commands and lookups ``toggle_command``, ``block_command``, ``unblock_command``,
    ``can_block_with``), ``window`` (``WindowData``: which window, who may respond, the legal
    Responses and pass, ``sentence``), ``mulligan``, ``timer`` (limit, whose clock runs, the
    ``remaining`` seconds the session gives), ``end``, ``question``/``options``.
    ``answer_command(view, card)``: the legal ``choose`` picking just that card (a click on a
    marked creature answers a question). ``describe(data, card)``: the card text panel's
    ``CardDetails``. ``stops.auto_pass(view, setting)``: the pass the table sends for a player
    whose stops say not to ask them (``ALWAYS`` by default; ``WHEN_ABLE``, whose cost
    ``SENTENCES`` says plainly). ``deck_data``: ``Filters``, ``pool(filters, deck)``,
    ``DeckDraft`` (changed, verdict, curve_sentence), ``curve_lines``.

Widgets (each with a .tcss beside it; messages derive from ``ui.widgets.card_messages.SentBy``, whose ``control``
is the widget, so ``@on(NetCombat.Assigned, "#combat")`` works)
    ``NetBattlefield``: ``show(data)``. Composes ``#far-meters``, ``#far-side``, ``#near-side``,
    ``#near-meters``; ``.side(near)``, ``.meters(near)``. The sides' messages bubble through it.
    ``NetSide``: ``show(side)``. Creature cells of three lines (two with class ``-compact``), a
    resources line above. Keys: arrows, enter, a (``net.side.*``). Mouse: a click chooses. Posts
    ``Highlighted(card)``, ``Chosen(card)``, ``Activated(command)``.
    ``NetMeters``: ``show(side)``: one line: acting mark, name, health bar, energy, piles; it
    narrows. No keys, no messages.
    ``NetHand`` (an OptionList): ``show(hand, energy, selected, hidden)``: '▶ 2/4 Flare ...'
    (playable, cost/energy left). Keys: the list's, enter (``net.hand.play``). Posts
    ``Selected(card)``, ``Played(card, command, why_not)`` (command None: not playable, and
    why).
    ``NetCombat``: ``show(data)``: declaring (creatures numbered, toggled by number (two
    digits past 9), enter or click, a all, c confirm), blocking (an attacker cursor by up/down or click, a number/click assigns or
    takes back a blocker, c confirms; every pairing's forecast), watching. Posts
    ``Declared(command)``, ``Assigned(command)``, ``Confirmed(command)``, ``Highlighted(card)``.
    ``mode_of(data)`` says which.
    ``NetMulligan``: ``show(mulligan, hand)``. Keys k, m; a click on their lines. Posts
    ``Decided(command)``.
    ``NetTurnBar``: ``show(data)``: the turn and step, the timer, what the viewer may do. Never
    focused: the screen binds e and p to ``action_end``/``action_pass``; a click on line two.
    Posts ``Ended(command)``, ``Passed(command)``.
    ``NetCardText``: ``show(details)``: name, cost, type, where, the text and its keywords
    explained. No keys, no messages.

Wiring (``screen.py`` does it; ``tests/ui/tables/fractured_net/net_ui_support.py``'s
``TablePlayApp`` does the same without the base)
    Every message with a ``command`` -> send its text; ``NetHand.Played`` without one -> the
    ``why_not`` on the status line; ``NetSide.Chosen`` -> ``answer_command`` if a question takes
    that card, else read it; every ``Highlighted``/``Selected`` -> the card text panel. Focus:
    the question's list, else the mulligan panel while the viewer decides, else the combat panel
    while the viewer blocks or declares, else the hand. Screen keys (``screen_keys.py``): e end,
    p pass, t open the combat panel, h hand, f battlefield, n choose none, s stops, x concede
    (confirmed by ``NetConfirm``), escape back to the hand; the base's u, :, ?, ctrl+s, F1, b.

Layout (``screen.tcss``; played at 120x40 and 80x24)
    Top: the turn bar. Left column: the battlefield, the mulligan or combat panel when they
    apply, the question, then the hand and card text side by side, the status line and key
    hints. At 100 columns and more a right column of 38 holds the log. On a short screen the
    sides and combat panel lose their borders, creature cells take two lines, the card text is
    hidden, and a question takes the hand's rows.

Collection and deck builder (screens of their own: ``deck_screens.py``, ``browser.py``,
``deck_dialogs.py``)
    ``NetCollection()``, ``NetDeckBuilder(deck=None, lib=None)``: push either on the app. The
    builder's keys are listed in its module; decks go through ``core.decks.DeckLibrary``.
"""

"""The shared parts of every game's table screen: what a table author builds on.

A game's table is one class, ``ui/tables/<id>/screen.py``, named in the game's registration
(``GameInfo.table_screen = "shards_tui.ui.tables.<id>.screen:MyTable"``). It subclasses
``TableScreen[ItsView]`` (``screen.py``; ``ItsView`` is the game's ``SeatView``, which
``show_view`` receives and ``self.view`` holds) and lays out its own widgets; the base follows
the game, passes the keyboard between players, plays the bots, and runs every key and widget
that all tables share. The Shards table (``ui/tables/shards/screen.py``) is a complete example.

Made by the shell, never by the game
    ``MyTable(game, autosave_path=None, *, hotseat=True, seat=None, bots=None,
    bot_pace=None, networked=False, guide=None)``: the app (new game, load, resume), a
    lesson, a demo and the SSH server's networked tables construct it so. ``game``: a
    ``Session`` (the SSH server's table shares its own), or a ``Controller`` for which the
    table opens a session of its own (``self.session``; closed with the table). ``seat``:
    show that seat only (a lesson's learner; a networked player; None with ``networked``: a
    spectator). ``bots``: {seat: level} (default: the bot seats in the game's setup).
    ``guide``: a lesson's coach or a demo's narrator (``guide.TableGuide``). Keep this
    signature (add keyword arguments after it if you must); ``self.ctl`` is the controller.

What the table implements (the hooks; ``hooks.py`` says each one's contract)
    ``table_parts() -> list[Widget]``: the widgets, top to bottom. Besides its own, it must
        hold one each of ``StatusLine`` and ``KeyHints`` (``ui.widgets.key_hints``),
        ``LogView``, ``CommandLine``, ``DecisionPanel`` and usually a ``SteadyFooter``: the
        base finds them by type (``self._part(Type)``; ``self._part("id")`` finds by id).
    ``show_view(view, seat) -> (heading, [KeyHint])``: draw your widgets from
        ``controller.view(seat)`` (seat None: the public view, as behind a hand-off or for a
        spectator; show hands as hidden then). Show this seat's question in the
        ``DecisionPanel`` (``panel.display = view.my_question``; ``panel.show(prompt,
        [(id, label)], min, max, asked=(seat, self._last_seq()))``). Return the key hints:
        a heading ('Your turn.') and ``KeyHint(key, words, action)`` items; the base adds
        who is being waited for, the bots' pause key, "watching" and "out of the game".
    ``summary() -> (headline, lines)``: the result screen's words (who won, where each
        player finished); the shell adds why it ended, the figures, ratings and Rematch.
    ``BINDINGS``: your move keys. They merge with the shared ones (``keys.SHARED_BINDINGS``);
        a key you bind again replaces the shared one. Put your move actions' names in
        ``seat_moves`` (plus "undo") so that they stop once the game is over and, networked,
        while another seat is to act.
    Optional: ``handoff_words(who, since)`` (the cover's name, reason and public lines; the
        default says "It is your move."), ``welcome(seat)`` (the status line as a player takes
        the keyboard), ``seat_changed()`` / ``keyboard_taken()`` / ``covered_by_handoff()``
        (forget a selection, clear a card panel), ``_restore_focus()`` (which widget gets the
        keys after each change; the default focuses the question's list when it shows),
        ``question_anchor()`` (the rules anchor F1 opens while a question is asked),
        ``stop_words`` and ``stop_answer(view, setting)`` (a question a player may let the
        table answer when their own view shows they cannot act: ``stops.py``; bind ``s`` to
        an action that calls ``stops.switch(self)``),
        ``guide_anchor(placement)`` (the part a guide's panel is mounted before: "above" the
        table's lower half, a coach; "beside" it, a demo's narration),
        ``card_under_cursor()`` (below), ``palette_entries()`` ((command text, plain words)
        of each legal move; the palette shows the words, once each, with the move's kind
        under them: ``move_help``; default: the text), ``seats_that_never_act()``,
        ``action_focus_hand`` (bind ``h`` to it: the base also calls it, through
        ``cursor_to_hand()``, when this seat's turn begins and after an undo, so the turn
        starts with the cursor on the hand), ``footer_hidden()`` (default: the
        ``seat_moves`` while the seat on screen may not move),
        ``_after_a_question()``, ``_short_screen_classes()`` (classes that make room on a
        short screen), ``CSS_PATH`` (your layout; the base sets the breakpoints
        ``-narrow``/``-wide`` at 100 columns and ``-short``/``-tall`` at 32 rows).

Reading over the table (every table, at any size: 80x24 too)
    ``l`` opens the whole log over the table (``ui/screens/reading.py``: ``LogScreen``; it
    follows the game while open); PageUp/PageDown page the log on the table, or open it over
    the table where the table has no room for it. ``i`` opens the whole text of the card under
    the cursor: the table says which card that is by returning a ``CardText(title, text)``
    (``from shards_tui.ui.tables.base import CardText``) from ``card_under_cursor()``: the
    card's name and every line a player may read of it (kind, numbers, where it is, each
    ability in full, Enter/Death ones too), generated from the game's data for the seat on
    screen, from whatever has the cursor (the selected card, a question's highlighted option,
    an opponent's card). Return None where no card has it: the base then says so in the status
    line. Esc closes either, and the table is as it was (cursor, focus, question). A hand-off
    cover closes every pop-up over the table first (``close_pop_ups``). Example::

        def card_under_cursor(self) -> CardText | None:
            card = self._selected_card()          # the table's own cursor
            if card is None:
                return None
            return CardText(card.name, "\n".join(full_text_lines(card)))

Sending moves
    Every move goes through ``self.run_command_text(text)`` (the ``MoveSender`` part,
    moves.py; ``self.send_move(Kind, **fields)`` builds the text): a guide sees it first (a lesson
    checks it against its step); it refuses while nobody or a bot is to move, sends the
    text for the seat on screen through ``self.session.send``, shows the refusal's sentence in
    the status line (``reject``; F1 then opens the rule it cites), or a summary of what the
    move did. Build the text from the legal moves in the view (``view.legal_of(Kind)``,
    ``move.text``), never by matching strings. ``self.say(text, error=False)`` writes the
    status line. ``self.seat`` is the seat on screen (None: nobody's, a cover is up or a
    spectator watches); ``self.view`` the view on screen.

What the base does for every table
    ``TableScreen`` follows the game; the rest is done by parts that own their state, each
    in its module: ``MoveSender`` (moves.py), ``Handoff``, ``BotWatch`` (bots.py), ``ShellKeys``
    (keys.py), ``Overlays``, ``TableAutosave`` (autosave.py), ``TakeBacks`` (takeback.py),
    ``TurnStart`` and ``GameEnd`` (result.py). A part reads the table through
    ``surface.TableSurface`` and posts its news to the table as a message of its own
    (``Handoff.Taken``, ``BotWatch.NoticeRead``); none imports the screen or another part.
    Following the game: it listens to the controller and re-renders (``_sync``) after every
    commit; networked, the server calls ``game_changed()`` instead.
    Hand-off (hot-seat, ``handoff.py``): when the seat to act (``actor()``: the first human
        seat among ``acting_seats()``, several of which may act at once) is another human's, the table is re-drawn with
        the public view and covered by ``HandoffScreen`` with ``handoff_words``; the named
        player's Enter shows their seat. Bots act in their own seats without a hand-off;
        while they do, the only human's seat (or, with several humans, the public view) is
        shown. With one human there is no hand-off at all. A hot-seat game that opens on a
        hand-off builds its widgets behind the cover (``table_parts`` is called then).
    Bots (``bots.py``): the session plays a bot seat after ``bot_pace`` seconds, thinking
        on a thread from a snapshot, with its reason as the log note (a bot's error becomes
        a random legal move); the status line says who is thinking; ``b`` pauses and resumes
        them (``session.hold``); a player who goes out is told that the others play on, the
        bots held while they read it; too small, they wait. Networked, the server's table
        plays them. Moves from the session's task reach the screen through the app's queue
        (``_in_app``).
    Decision panel: ``Answered`` becomes ``choose ID...`` (or ``choose none``).
    Command line (``:``): shell words (help, undo, save, rules, keys; networked: ``say``
        chats) or a move; Tab completes from the legal moves. Palette (ctrl+p): the legal
        moves (``palette_entries``). Log: every line of the view, PageUp/PageDown scroll it.
    Keys help (?), rules (F1, at ``question_anchor()`` or the last refusal's anchor), undo
        (u: ``controller.undo(seat)``), save (ctrl+s: a file in the saves folder, named after
        the game), the result again (g), the whole log (l) and a card's text (i), all in
        ``keys.py`` (the key actions are the table's ``action_*``, each handed to its part).
    Too small: below 60x20 a notice covers the table, its keys do nothing and the bots wait
        (``too_small`` is True meanwhile).
    Autosave (``autosave.py``): with ``autosave_path`` every commit is written on a thread; a
        failure is one warning; leaving the table flushes it.
    Turn start (``turn_start.py``): when the seat on screen begins its turn (after the
        other's move, an answered question, the cover) the cursor goes to its hand, over SSH
        the bell rings (':bell' turns it off, kept per player), and an Enter still pressed
        for what came before (a quick series begun before the turn) plays nothing.
    Game over (``result.py``): the result screen once (``g`` shows it again): ``summary()``,
        why, the figures (the game's registration ``figures`` names them), the
        rating changes of a ranked game, Rematch (seats rotated) and the way back.
"""

from shards_tui.ui.screens.reading import CardText
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.widgets.key_hints import KeyHint

__all__ = ["CardText", "KeyHint", "TableScreen"]

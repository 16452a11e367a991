"""Typed rejections. Each carries one sentence a player can read; tests assert the type."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error shown to a player. ``str(err)`` is the sentence."""

    anchor: str | None = None

    def __init__(self, message: str, anchor: str | None = None) -> None:
        super().__init__(message)
        if anchor is not None:
            self.anchor = anchor

    @property
    def message(self) -> str:
        return str(self)


class CommandRejected(GameError):
    """A command that was not carried out; the state is unchanged."""


class MalformedCommand(CommandRejected):
    """The text could not be understood as a command."""


class UnknownVerb(MalformedCommand):
    """The first word is not one of the game's commands."""


class NotYourTurn(CommandRejected):
    """The seat that sent it may not act now (another seat's turn or decision)."""


class IllegalCommand(CommandRejected):
    """Well formed and from the right seat, but the rules do not allow it now."""


class GameOver(CommandRejected):
    """The game has ended; no more moves."""


class InvalidState(GameError):
    """A transition produced a state that breaks an invariant; it was rolled back."""


class SaveFileError(GameError):
    """A save file that cannot be loaded (missing, corrupt, wrong format, does not replay)."""


class ScenarioError(GameError):
    """A scenario file that is malformed or names something unknown."""

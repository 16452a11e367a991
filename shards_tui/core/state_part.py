"""The base of every model kept inside a game state."""

from pydantic import BaseModel, ConfigDict


class StatePart(BaseModel):
    """A model stored in a game state. Validating a state validates each part it holds
    afresh, as a new object, even when it is given the part itself rather than a dict; so
    validating a state's fields builds a deep copy of it (``GameState.validated_copy``)."""

    model_config = ConfigDict(revalidate_instances="always")

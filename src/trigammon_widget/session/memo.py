"""What the session works out from its slices, kept until they change; never written by
a facet."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["Memo"]

T = TypeVar("T")


class Memo:
    """Derived values by name, each kept with the key it was made for (a version, a line,
    a report): asked again with the same key, the kept value; with another, made anew.
    ``limit`` bounds how many keys a name keeps (the oldest go first)."""

    def __init__(self) -> None:
        self._kept: dict[str, dict[Hashable, Any]] = {}

    def get(self, name: str, key: Hashable, make: Callable[[], T], limit: int = 1) -> T:
        kept = self._kept.setdefault(name, {})
        if key in kept:
            value: T = kept[key]
            return value
        made = make()
        while len(kept) >= limit:
            del kept[next(iter(kept))]
        kept[key] = made
        return made

"""An append-only sequence shared between versions: a game state's notes.

A state is immutable, so adding a note used to copy the whole tuple of notes (`(*notes, text)`),
which makes folding n notes cost n² / 2 copies: 50,000 notes took seconds. A Chain is a view of
the first `length` items of a list shared by every version made from it: `added(item)` appends
to that list in place when this view is its latest (the usual case: each event adds to the state
just before it) and copies only when an older version branches off (a note checked but refused,
or added after an undo). Reading is a tuple's: len, index, iterate, compare with a tuple.
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
import threading
from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class Chain(Sequence[T], Generic[T]):
    __slots__ = ("_items", "_length", "_lock")

    def __init__(self, items: Sequence[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._length = len(self._items)
        self._lock = threading.Lock()

    @classmethod
    def _view(cls, items: list[T], length: int, lock: threading.Lock) -> Chain[T]:
        view: Chain[T] = cls.__new__(cls)
        view._items, view._length, view._lock = items, length, lock
        return view

    def added(self, item: T) -> Chain[T]:
        """This sequence with `item` at the end (self is unchanged)."""
        with self._lock:
            if len(self._items) == self._length:  # the latest view: share the list
                self._items.append(item)
                return Chain._view(self._items, self._length + 1, self._lock)
        return Chain([*self._items[:self._length], item])

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self._items[:self._length][index])
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("Chain index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        # islice runs in C: every answer lists a state's notes, a long game has hundreds
        return itertools.islice(self._items, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chain):
            return self._length == other._length and (
                self._items is other._items or self._items[:self._length]
                == other._items[:other._length])
        if isinstance(other, (tuple, list)):
            return len(other) == self._length and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Chain({tuple(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Chain, (tuple(self),))


_INIT_FIELDS: dict[type, frozenset[str]] = {}


def evolve(obj: T, /, **changes: Any) -> T:
    """dataclasses.replace for a game state, without its per-call walk over the fields: the
    new object takes the old one's attributes and then the changes. Used where every field is
    an __init__ field with no __post_init__, slots or cached properties (anything else, or an
    unknown name, goes to dataclasses.replace, which also raises its TypeError)."""
    cls = type(obj)
    names = _INIT_FIELDS.get(cls)
    if names is None:
        names = _INIT_FIELDS[cls] = _plain_fields(cls)
    if not names or not changes.keys() <= names:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    new: T = object.__new__(cls)
    attributes = new.__dict__
    attributes.update(obj.__dict__)
    attributes.update(changes)
    return new


def _plain_fields(cls: type) -> frozenset[str]:
    if not dataclasses.is_dataclass(cls) or any("__slots__" in c.__dict__ for c in cls.__mro__) \
            or hasattr(cls, "__post_init__") \
            or any(isinstance(v, functools.cached_property) for v in vars(cls).values()):
        return frozenset()
    found = dataclasses.fields(cls)
    if not all(f.init for f in found):
        return frozenset()
    return frozenset(f.name for f in found)

"""A history's numbers per version, packed once they are old: a long table's cost a few bytes
a version in memory, not forty.

A History keeps, for every version, a handful of small numbers (its lane, the previous event
in its lane, the table's head and undo target, its depth) and two tuples (the seats' heads
and undo targets, most often the same tuple for hundreds of versions). Writes and most reads
want the newest versions; older ones are read only by an undo or revert that reaches back, an
event listing or an export. So a Column keeps its newest values plain (between BLOCK and
2 * BLOCK of them) and each whole block of BLOCK older values packed: numbers as the steps
between them in the smallest machine int they fit (versions count up: a block of 64 packs
from 256 bytes to 9, or to 69 where steps vary), tuples as their runs. A read of an old value
unpacks its block (a few microseconds) and keeps it for the next read, which is usually its
neighbour.

Readers need no lock: the plain part and where it starts are swapped together, in one
assignment, after the block leaving it has been packed (as a History's other reads, safe
beside one writer).
"""
from __future__ import annotations

import operator
import sys
from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate
from typing import Any, Generic, TypeVar, overload

BLOCK = 64
"""Values packed together (and the fewest kept plain)."""

T = TypeVar("T")
_LITTLE = sys.byteorder == "little"
"""Steps are narrowed by keeping their low bytes (elsewhere they stay 8 bytes each)."""
_INT_MIN, _INT_MAX = -2**31, 2**31 - 1
"""The values an array "i" holds (a step may not: it is the difference of two)."""


class Column(Generic[T]):
    """One value per version, from version 0: the newest plain, whole older blocks packed."""

    __slots__ = ("_packed", "_plain", "_open", "_make", "_pack", "_unpack")

    def __init__(self, make: Callable[[Iterable[T]], Any], pack: Callable[[Any, int], list[Any]],
                 unpack: Callable[[Any], Any], values: Iterable[T] = ()) -> None:
        self._make, self._pack, self._unpack = make, pack, unpack
        self._packed: list[Any] = []
        self._plain: tuple[int, Any] = (0, make(()))
        """Where the plain values start, and they (swapped together)."""
        self._open: tuple[int, Any] = (-1, None)
        """The block unpacked last, and its values."""
        self.extend(values)
        self.pack()

    @property
    def packed(self) -> int:
        """Values kept packed (the rest are plain)."""
        return self._plain[0]

    def __len__(self) -> int:
        start, plain = self._plain
        return start + len(plain)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Any: ...

    def __getitem__(self, index: int | slice) -> Any:
        """A value, or a slice as the plain kind (array "i" or list)."""
        start, plain = self._plain
        if isinstance(index, slice):
            first, stop, step = index.indices(start + len(plain))
            if first >= start and step == 1:
                return plain[first - start:stop - start]
            return self._make(self[i] for i in range(first, stop, step))
        if index >= start:
            return plain[index - start]
        if index < 0:
            return self[index + start + len(plain)]
        block, values = self._open
        if block != index // BLOCK or values is None:
            block = index // BLOCK
            values = self._unpack(self._packed[block])
            self._open = (block, values)
        return values[index % BLOCK]

    def __eq__(self, other: object) -> bool:
        """The same values, however each is packed."""
        if not isinstance(other, Column):
            return NotImplemented
        return len(self) == len(other) and self[0:len(self)] == other[0:len(other)]

    __hash__ = None  # type: ignore[assignment]

    def append(self, value: T) -> None:
        plain = self._plain[1]
        plain.append(value)
        if len(plain) >= 2 * BLOCK:
            self.pack()

    def extend(self, values: Iterable[T]) -> None:
        """Add these values plain (`pack` packs the older ones, in one pass)."""
        self._plain[1].extend(values)

    def pack(self) -> None:
        """Pack every whole block but the newest (at least BLOCK values stay plain)."""
        start, plain = self._plain
        if len(plain) < 2 * BLOCK:
            return
        whole = (len(plain) - BLOCK) // BLOCK * BLOCK  # keep at least one block plain
        self._packed.extend(self._pack(plain, whole))
        self._plain = (start + whole, plain[whole:])


def numbers(values: Iterable[int] = ()) -> Column[int]:
    """Machine ints (array "i"), blocks packed as their steps (_zip)."""
    return Column(_ints, _zip, _unzip, values)


def tuples(values: Iterable[Any] = ()) -> Column[Any]:
    """Values most often equal to the one before (shared tuples), blocks packed as runs."""
    return Column(_list, _runs, _unruns, values)


def _list(values: Iterable[Any]) -> list[Any]:
    return list(values)


def _ints(values: Iterable[int]) -> array:  # type: ignore[type-arg]
    return array("i", values)


def _zip(values: array, whole: int) -> list[bytes]:  # type: ignore[type-arg]
    """Each block of the first `whole` values: its first value, then one step for the whole
    block where the values count by it (the usual block: versions count up by 1, a lane stays
    0), else each value less the one before it in the smallest machine int they all fit. The
    steps of them all are taken at once (a table resumed from its snapshots packs thousands of
    versions)."""
    steps = array("q", map(operator.sub, values[1:whole], values[:whole - 1]))
    out = []
    for at in range(0, whole, BLOCK):
        start = values[at].to_bytes(4, "little", signed=True)
        block = steps[at:at + BLOCK - 1]  # the steps after the block's first value
        step = block[0]
        if block.count(step) == BLOCK - 1 and _INT_MIN <= step <= _INT_MAX:
            out.append(b"=" + start + step.to_bytes(4, "little", signed=True))
            continue
        low, high = min(block), max(block)
        code, width = ("q", 8) if not _LITTLE else ("b", 1) if -128 <= low and high <= 127 \
            else ("h", 2) if -32768 <= low and high <= 32767 else ("q", 8)
        out.append(code.encode() + start + _narrowed(block.tobytes(), width))
    return out


def _narrowed(raw: bytes, width: int) -> bytes:
    """Little-endian 8-byte ints cut to their low `width` bytes (each fits them), in C."""
    if width == 8:
        return raw
    out = bytearray(len(raw) // 8 * width)
    for k in range(width):
        out[k::width] = raw[k::8]
    return bytes(out)


def _unzip(packed: bytes) -> array:  # type: ignore[type-arg]
    first = int.from_bytes(packed[1:5], "little", signed=True)
    if packed[:1] == b"=":  # one step throughout
        step = int.from_bytes(packed[5:9], "little", signed=True)
        return array("i", range(first, first + step * BLOCK, step)) if step else \
            array("i", (first,)) * BLOCK
    return array("i", accumulate(array(chr(packed[0]), packed[5:]), initial=first))


def _runs(values: Sequence[Any], whole: int) -> list[tuple[tuple[int, Any], ...]]:
    """Each block of the first `whole` values as (offset, value) wherever the value changes."""
    out: list[tuple[tuple[int, Any], ...]] = []
    for at in range(0, whole, BLOCK):
        block = values[at:at + BLOCK]
        if block.count(block[0]) == BLOCK:  # the usual block: one value throughout
            out.append(((0, block[0]),))
            continue
        runs: list[tuple[int, Any]] = []
        for i, value in enumerate(block):
            if not runs or (value is not runs[-1][1] and value != runs[-1][1]):
                runs.append((i, value))
        out.append(tuple(runs))
    return out


def _unruns(runs: tuple[tuple[int, Any], ...]) -> list[Any]:
    out: list[Any] = []
    for i, (at, value) in enumerate(runs):
        end = runs[i + 1][0] if i + 1 < len(runs) else BLOCK
        out.extend([value] * (end - at))
    return out

"""QR codes: the one place that talks to the qrcode library.

`qr_matrix` returns the dark/light modules; the renderer draws them as vector squares, which
is faster than a PIL image and stays sharp at any printer resolution.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

QUIET_ZONE = 4
"""Light modules a scanner needs around the code (ISO/IEC 18004)."""
MASK = 0


@lru_cache(maxsize=1024)
def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of `text` (error correction M, smallest version that fits), without its
    quiet zone: rows of modules, True for dark.

    The same code the qrcode library makes (tests/printables/test_qr_encoder.py compares
    them), four times faster: the library lays the bits down one call per bit and divides
    polynomials as lists of objects (2-3 ms a code, and a sheet has up to nine codes); here
    the bits gather in one integer and the error correction is a table-driven division. The
    library still chooses the segments, the version limits and places the modules."""
    import qrcode  # noqa: PLC0415  (lazy: the API must not pay for it at start-up)
    from qrcode import util  # noqa: PLC0415
    from qrcode.constants import ERROR_CORRECT_M  # noqa: PLC0415

    segments = list(util.optimal_data_chunks(text, minimum=20))  # as QRCode.add_data does
    version = _version(segments, ERROR_CORRECT_M)
    # A fixed mask: any of the eight is valid (ISO/IEC 18004 picks the lowest penalty only to
    # avoid patterns that confuse a scanner); scoring all eight costs 16 ms a code instead of
    # 3 ms, and every code we print is decoded at 150 dpi by tests/printables/test_codes.py.
    code = qrcode.QRCode(version=version, error_correction=ERROR_CORRECT_M, border=0,
                         mask_pattern=MASK)
    code.data_cache = _codewords(segments, version, ERROR_CORRECT_M)
    code.makeImpl(False, MASK)
    return tuple(tuple(bool(cell) for cell in row) for row in code.modules)


class _Bits:
    """A bit buffer as one integer (what qrcode's QRData.write puts its bits into)."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def put(self, number: int, length: int) -> None:
        self.value = (self.value << length) | (number & ((1 << length) - 1))
        self.length += length


def _bits(segments: list[Any], version: int) -> _Bits:
    from qrcode import util  # noqa: PLC0415

    sizes = util.mode_sizes_for_version(version)
    bits = _Bits()
    for segment in segments:
        bits.put(segment.mode, 4)
        bits.put(len(segment), sizes[segment.mode])
        segment.write(bits)
    return bits


def _version(segments: list[Any], level: int) -> int:
    """The smallest version that holds the segments, found as QRCode.best_fit finds it."""
    from bisect import bisect_left  # noqa: PLC0415

    from qrcode import util  # noqa: PLC0415
    from qrcode.exceptions import DataOverflowError  # noqa: PLC0415

    start = 1
    while True:
        version = bisect_left(util.BIT_LIMIT_TABLE[level], _bits(segments, start).length, start)
        if version == 41:
            raise DataOverflowError()
        if util.mode_sizes_for_version(version) is util.mode_sizes_for_version(start):
            return version
        start = version


def _codewords(segments: list[Any], version: int, level: int) -> list[int]:
    """Data and error-correction codewords, interleaved by block (qrcode's create_data)."""
    from qrcode import base, util  # noqa: PLC0415

    blocks = base.rs_blocks(version, level)
    limit = sum(block.data_count * 8 for block in blocks)
    bits = _bits(segments, version)
    bits.put(0, min(limit - bits.length, 4))  # terminator
    bits.put(0, -bits.length % 8)  # to a byte boundary
    data = list(bits.value.to_bytes(bits.length // 8, "big"))
    data += [util.PAD0 if i % 2 == 0 else util.PAD1 for i in range(limit // 8 - len(data))]
    dcdata, ecdata, offset = [], [], 0
    for block in blocks:
        dc = data[offset:offset + block.data_count]
        offset += block.data_count
        dcdata.append(dc)
        ecdata.append(_remainder(dc, block.total_count - block.data_count))
    out = []
    for group in (dcdata, ecdata):
        for i in range(max(map(len, group))):
            out.extend(words[i] for words in group if i < len(words))
    return out


@lru_cache(maxsize=64)
def _multiples(count: int) -> tuple[int, ...]:
    """For each byte value f, the Reed-Solomon generator of `count` error-correction
    codewords (after its leading 1) multiplied by f in GF(256), as one `count`-byte integer."""
    from qrcode import LUT, base  # noqa: PLC0415

    poly = LUT.rsPoly_LUT.get(count)
    if poly is None:
        product = base.Polynomial([1], 0)
        for i in range(count):
            product = product * base.Polynomial([1, base.gexp(i)], 0)
        poly = [product[i] for i in range(len(product))]
    exp, log = base.EXP_TABLE, base.LOG_TABLE
    logs = [log[c] for c in poly[1:]]
    return (0, *(int.from_bytes(bytes(exp[(g + log[f]) % 255] for g in logs), "big")
                 for f in range(1, 256)))


def warm() -> None:
    """Make the tables of every code up to version 12 (URLs of up to about 280 characters)
    now, once per worker: 2-4 ms each on the first code of its size."""
    from qrcode import base  # noqa: PLC0415
    from qrcode.constants import ERROR_CORRECT_M  # noqa: PLC0415

    for version in range(1, 13):
        for block in base.rs_blocks(version, ERROR_CORRECT_M):
            _multiples(block.total_count - block.data_count)
    qr_matrix("http://lairside.invalid/warm-up")  # and the library's own first-use work


def _remainder(data: list[int], count: int) -> list[int]:
    """The `count` error-correction codewords of `data`: data * x^count mod the generator,
    in GF(256), one shift and one table XOR per data codeword."""
    multiples = _multiples(count)
    top = 8 * (count - 1)
    mask = (1 << 8 * count) - 1
    rest = 0
    for word in data:
        rest = ((rest << 8) & mask) ^ multiples[word ^ (rest >> top)]
    return list(rest.to_bytes(count, "big"))

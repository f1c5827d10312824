"""printables.qr lays down the bits and the error correction itself (the qrcode library is
slow at both): its codes must be the library's own, module for module."""
from __future__ import annotations

import random
import string

import qrcode
from qrcode.constants import ERROR_CORRECT_M

from printables.qr import MASK, qr_matrix


def library(text: str) -> tuple[tuple[bool, ...], ...]:
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK)
    code.add_data(text)
    code.make(fit=True)
    return tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix())


def test_every_kind_of_text_makes_the_library_s_code():
    """URLs (a LAN address is an alphanumeric run the library encodes apart), digits, upper
    case, text beyond ASCII, empty, and lengths across the version and block boundaries."""
    texts = ["", "x", "http://lairside.test/g/tdt/rules/fund-deployment",
             "http://192.168.100.123:8000/g/tdt/setup?mode=mayhem&players=5&teams=3,2&seed=x",
             "12345678901234567890123", "HTTP://EXAMPLE.COM/ABC12345678901234567890",
             "\u00e9 \u2192 \u00b7 ok", "y" * 2000]
    rnd = random.Random(21)
    alphabets = [string.ascii_lowercase + "/:.-?=&", string.digits,
                 string.ascii_uppercase + string.digits + " $%*+-./:", string.printable]
    for length in (7, 14, 20, 26, 42, 77, 110, 154, 230, 330, 500, 900):
        texts += ["".join(rnd.choice(alphabet) for _ in range(length)) for alphabet in alphabets]
    for text in texts:
        assert qr_matrix(text) == library(text), text[:60]

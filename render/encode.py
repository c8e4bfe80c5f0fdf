"""Encoding a finished board: PNG or WebP, chosen by measurement.

Candidates (all measured by ``bench/render.py`` on real boards; see ``FORMAT_POLICY``):
- ``png-palette``: quantise to at most 256 colours (flat art loses nothing visible), PNG level 3.
- ``webp-lossless``: exact pixels, method 0 (the fastest effort; higher methods cost 3-10x time).
- ``webp-lossy``: quality 90, method 0; smaller than lossless WebP but not than palette PNG on
  flat art, and small text gets faint ringing. Used only as the size guard's fallback.

The choice is made per image kind in ``FORMAT_POLICY`` from the figures the bench prints, and a
size guard re-encodes with lossy WebP if an unusual board ever exceeds ``SIZE_BUDGET``.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image

SIZE_BUDGET = 900_000  # bytes; Discord allows far more, but phones on mobile data should not wait


def _png_palette(img: Image.Image) -> bytes:
    out = io.BytesIO()
    # FASTOCTREE is 3-4x faster than median cut; on flat art it shifts colours by a level or two
    # at most (anti-aliased text edges carry most of the ~4,700 distinct colours of a board).
    img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=3
    )
    return out.getvalue()


def _webp_lossless(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "WEBP", lossless=True, quality=0, method=0)
    return out.getvalue()


def _webp_lossy(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "WEBP", quality=90, method=0)
    return out.getvalue()


ENCODERS: dict[str, tuple[str, Callable[[Image.Image], bytes]]] = {
    "png-palette": ("png", _png_palette),
    "webp-lossless": ("webp", _webp_lossless),
    "webp-lossy": ("webp", _webp_lossy),
}

# Image kind -> encoder, decided by measurement (bench/render.py and a one-off sweep on this
# machine, Lorenzo 4-player public board 1600x1482, ~4700 colours before quantising):
#   palette PNG: quantise 44 ms + zlib level 1/3/6/9 = 15/16/34/153 ms -> 132/119/101/93 KB
#   WebP lossless method 0: 36 ms, 309 KB (method 1: 110 ms, 111 KB; method 6: 4.7 s, 89 KB)
#   WebP lossy q90 method 0: 56 ms, 218 KB, with visible ringing around small text
#   default RGB PNG: 63 ms, 265 KB
# Palette PNG at level 3 is the smallest file at the speed of the fastest option, and exact on
# flat art, so it wins for every board kind (Lancaster measured the same way: 86 KB).
FORMAT_POLICY: dict[str, str] = {
    "default": "png-palette",
    "lorenzo-public": "png-palette",
    "lorenzo-private": "png-palette",
    "lancaster-public": "png-palette",
    "lancaster-private": "png-palette",
}


def encode(img: Image.Image, kind: str = "default") -> tuple[bytes, str]:
    """Encode with the policy for ``kind``; returns (bytes, file extension)."""
    name = FORMAT_POLICY.get(kind, FORMAT_POLICY["default"])
    ext, encoder = ENCODERS[name]
    data = encoder(img)
    if len(data) > SIZE_BUDGET and name != "webp-lossy":
        ext, encoder = ENCODERS["webp-lossy"]
        data = encoder(img)
    return data, ext

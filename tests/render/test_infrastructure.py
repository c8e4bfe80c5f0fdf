"""Issue 5 (board images), shared parts: font shipping, palette, layout, encoding, the API."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest
from PIL import Image as PILImage

import render
from render import canvas, encode, layout, palette
from render.canvas import Canvas, Rect
from tests.render.helpers import image_format


def test_open_licence_font_is_shipped_with_its_licence() -> None:
    """Issue 5: "An open-licence font shipped in the package with its licence"."""
    fonts = canvas.FONT_DIR
    for name in canvas.FONT_FILES.values():
        assert (fonts / name).stat().st_size > 100_000
    licence = (fonts / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "Permission is hereby granted" in licence


def test_font_has_the_accented_letters_and_symbols_the_boards_use() -> None:
    """design.md "Rendering": the default Pillow font lacks accented letters; ours must not."""
    f = canvas.font("regular", 20)
    missing = bytes(f.getmask("\ue123"))  # a private-use code point: the "missing glyph" box
    for ch in "àèéìòùÀÈÉçñü⚡⚙★→−×·…":
        assert bytes(f.getmask(ch)) != missing, ch


def test_seat_colours_are_distinct_and_carry_letters_and_shapes() -> None:
    """Issue 5: colour-blind safe player colours, and every marker carries a letter or shape."""
    seats = [render.seat_colour(i) for i in range(5)]
    assert len({name for name, _ in seats}) == 5
    assert len({letter for _, letter in seats}) == 5
    assert all(len(letter) == 1 and letter.isupper() for _, letter in seats)
    assert seats[0] == ("blue", "B")
    assert len({palette.seat_style(i).shape for i in range(5)}) == 5


def test_seat_colours_come_from_the_okabe_ito_palette() -> None:
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
    for i in range(5):
        fill = palette.seat_style(i).fill
        assert "#{:02X}{:02X}{:02X}".format(*fill) in okabe_ito


def test_marker_draws_its_letter_through_the_recorder() -> None:
    c = Canvas(100, 100)
    c.marker(50, 50, 2, 40)
    assert c.texts == ["G"]
    assert c.image.getpixel((50, 35)) != palette.BACKGROUND


def test_text_shrinks_then_ellipsizes_to_fit() -> None:
    c = Canvas(400, 100)
    long = "A very long card name that cannot possibly fit in the box"
    width = c.text(0, 0, long, 20, max_width=150)
    assert width <= 150
    assert c.texts == [long]  # the recorder keeps what was asked, not the shortened form


def test_rect_splits_cover_the_area() -> None:
    r = Rect(10, 20, 300, 100)
    cols = r.columns(3, 6)
    assert [c.w for c in cols] == [96, 96, 96]
    assert cols[0].x == 10 and cols[2].right <= r.right
    rows = r.rows(2, 4)
    assert rows[1].bottom <= r.bottom and rows[0].h == 48


def test_layout_tables_fit_the_board_width() -> None:
    """Issue 5: layout coordinates live in a table; the player tables span the width exactly."""
    assert sum(w for _, _, w in layout.LorenzoPublic.table_columns) == layout.INNER
    assert sum(w for _, _, w in layout.LancasterPublic.castle_columns) == layout.INNER
    for table in (layout.LorenzoPublic, layout.LancasterPublic):
        assert table.title.w == layout.WIDTH == 1600


@pytest.mark.parametrize("name", sorted(encode.ENCODERS))
def test_every_encoder_round_trips_pixels_closely(name: str) -> None:
    img = PILImage.new("RGB", (320, 200), palette.BACKGROUND)
    c = Canvas(320, 200)
    c.box(Rect(10, 10, 200, 100), palette.PANEL)
    c.text(20, 20, "Round 3 of 6", 24)
    img = c.image
    ext, encoder = encode.ENCODERS[name]
    data = encoder(img)
    assert image_format(data) == ext
    back = PILImage.open(io.BytesIO(data)).convert("RGB")
    assert back.size == img.size
    if name != "webp-lossy":
        # Flat colours survive within a few levels (the fast octree quantiser rounds channels).
        before, after = img.getpixel((100, 90)), back.getpixel((100, 90))
        assert isinstance(before, tuple) and isinstance(after, tuple)
        assert all(abs(a - b) <= 8 for a, b in zip(before, after, strict=True))


def test_size_guard_falls_back_to_lossy_webp(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(encode, "SIZE_BUDGET", 10)
    data, ext = encode.encode(PILImage.new("RGB", (64, 64), (1, 2, 3)), "lorenzo-public")
    assert ext == "webp" and image_format(data) == "webp"


def test_unknown_game_gets_a_generic_board() -> None:
    image = render.render_view("chess", {"round": 3, "turn": 1, "pieces": [1, 2]}, private=False)
    assert image.width == 1600
    assert image.filename.startswith("chess-board.")
    assert image.filename.endswith((".png", ".webp"))
    assert image_format(image.data) == image.filename.rsplit(".", 1)[1]
    assert "round: 3" in image.alt_text


def test_render_package_never_calls_a_game_engine() -> None:
    """Issue 5: render/ is a pure function of a view; it never calls into a game or its state."""
    forbidden = {"player_view", "find_game", "all_games", "apply", "from_json", "setup", "legal_moves"}
    root = Path(render.__file__).parent
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                assert name not in forbidden, f"{path.name} calls {name}()"


def test_rendering_in_worker_threads_gives_the_same_bytes() -> None:
    """design.md "Rendering": the bot renders in worker threads; results must not depend on it."""
    from concurrent.futures import ThreadPoolExecutor

    views = [{"round": r, "turn": r % 3, "note": "Lorenzo è magnifico"} for r in range(8)]
    serial = [render.render_view("demo", v, private=False).data for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(lambda v: render.render_view("demo", v, private=False).data, views))
    assert threaded == serial


def test_text_that_cannot_fit_is_recorded_as_cut() -> None:
    """The legibility tests rely on ``Canvas.cut``: it must notice both ways text is cut."""
    c = Canvas(400, 200)
    c.text_in(Rect(0, 0, 40, 20), "A name far too long for forty pixels", 16)
    c.paragraph(Rect(0, 30, 60, 20), "Several words that need many lines in a narrow box", 16)
    c.text_in(Rect(0, 100, 300, 30), "fits", 16)
    assert c.cut == [
        "A name far too long for forty pixels",
        "Several words that need many lines in a narrow box",
    ]


@pytest.mark.parametrize("game_name", ["lorenzo", "lancaster"])
def test_rendering_is_a_pure_function_of_the_view(game_name: str) -> None:
    """design.md "Rendering": the same view always gives the same image, and the view is not
    modified by drawing it."""
    import copy

    from rules import find_game

    game = find_game(game_name)
    state = game.setup(players=3, seed=4, options={})
    for seat in (None, 1):
        view = game.player_view(state, seat)
        before = copy.deepcopy(view)
        first = render.render_view(game_name, view, private=seat is not None)
        second = render.render_view(game_name, view, private=seat is not None)
        assert first == second
        assert view == before


def test_paragraph_that_drops_lines_says_so_with_an_ellipsis() -> None:
    """A wrapped text too long for its box ends its last shown line with "…" (and is recorded as
    cut), so a reader knows there is more (the full text is in the channel log)."""
    canvas = Canvas(400, 100)
    text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    canvas.paragraph(Rect(0, 0, 200, 40), text, 16, min_size=16)
    shown = [line for line, _ in canvas.sizes]
    assert len(shown) == 2 and shown[-1].endswith("…") and not shown[-1].endswith("……")
    assert canvas.cut == [text]
    roomy = Canvas(400, 100)
    roomy.paragraph(Rect(0, 0, 400, 40), text, 16, min_size=16)
    assert roomy.cut == [] and not any(line.endswith("…") for line, _ in roomy.sizes)

"""Tile artwork renders headless: every kind, size, state; distinct faces; cached surfaces."""

import itertools

import pygame
import pytest

from game.ui.kit import tileart
from game.ui.kit.felt import felt_surface

SIZES = (24, 36, 64, 110, 160)
FACE_MID = (246, 242, 230)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _opaque(surf: pygame.Surface) -> pygame.Surface:
    bg = pygame.Surface(surf.get_size())
    bg.fill((40, 110, 60))
    bg.blit(surf, (0, 0))
    return bg


def _face_rect(width: int) -> pygame.Rect:
    m = tileart.margin(width)
    return pygame.Rect(m, m, width, tileart.face_height(width)).inflate(-width // 10, -width // 10)


def _ink_fraction(surf: pygame.Surface, width: int) -> float:
    """Share of the face that is not plain ivory: the artwork."""
    face = _opaque(surf).subsurface(_face_rect(width))
    plain = pygame.mask.from_threshold(face, FACE_MID, (24, 24, 24, 255)).count()
    return 1 - plain / (face.get_width() * face.get_height())


def _differing_fraction(a: pygame.Surface, b: pygame.Surface, area: pygame.Rect | None = None) -> float:
    a, b = _opaque(a), _opaque(b)
    if area is not None:
        a, b = a.subsurface(area), b.subsurface(area)
    d1, d2 = a.copy(), b.copy()
    d1.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d2.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d1.blit(d2, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(d1, (0, 0, 0), (24, 24, 24, 255)).count()
    return 1 - same / (a.get_width() * a.get_height())


@pytest.mark.parametrize("width", SIZES)
def test_every_kind_renders_non_blank(width):
    m = tileart.tile_metrics(width)
    for kind in range(34):
        surf = tileart.tile_surface(kind, width)
        assert surf.get_size() == (m.body_w + 2 * m.margin, m.body_h + 2 * m.margin)
        ink = _ink_fraction(surf, width)
        assert ink > 0.04, f"kind {kind} at {width}px looks blank ({ink:.1%} ink)"


def test_tile_proportions():
    for width in SIZES:
        assert 1.35 <= tileart.face_height(width) / width <= 1.4 + 1 / width
        assert tileart.thickness(width) >= 2
        bw, bh = tileart.tile_size(width)
        assert bw == width and bh == tileart.face_height(width) + tileart.thickness(width)


@pytest.mark.parametrize("width", (36, 64))
def test_distinct_kinds_look_distinct(width):
    surfs = [tileart.tile_surface(k, width) for k in range(34)]
    assert len({pygame.image.tobytes(s, "RGBA") for s in surfs}) == 34
    face = _face_rect(width)
    for a, b in itertools.combinations(range(34), 2):
        diff = _differing_fraction(surfs[a], surfs[b], face)
        assert diff > 0.03, f"kinds {a} and {b} at {width}px differ in only {diff:.1%} of the face"


def test_cache_returns_same_object():
    a = tileart.tile_surface(5, 64)
    assert tileart.tile_surface(5, 64) is a
    assert tileart.tile_surface(5, 64, highlight=("wild", "last")) is tileart.tile_surface(
        5, 64, highlight=["last", "wild"])
    assert tileart.tile_back(64) is tileart.tile_back(64)
    assert tileart.tile_surface(5, 64, face_up=False) is tileart.tile_back(64)


def test_states_change_the_image():
    plain = tileart.tile_surface(9, 64)
    looks = [plain]
    for state in tileart.STATES:
        looks.append(tileart.tile_surface(9, 64, highlight=state))
    looks.append(tileart.tile_surface(9, 64, dim=True))
    for a, b in itertools.combinations(looks, 2):
        assert _differing_fraction(a, b) > 0.01
    with pytest.raises(ValueError):
        tileart.tile_surface(9, 64, highlight="sparkly")


def test_backs_rotation_and_standing():
    back = tileart.tile_back(64)
    assert _differing_fraction(back, tileart.tile_surface(31, 64)) > 0.3
    assert tileart.tile_back(64, standing=True) is not back
    for rot in (90, 270, -90):
        rw, rh = tileart.tile_size(64, rot)
        assert (rw, rh) == (tileart.face_height(64), 64 + tileart.thickness(64))
        surf = tileart.tile_surface(0, 64, rotated=rot)
        assert surf.get_size() == (rw + 2 * tileart.margin(64), rh + 2 * tileart.margin(64))
    assert tileart.tile_surface(0, 64, rotated=180).get_size() == tileart.tile_surface(0, 64).get_size()
    with pytest.raises(ValueError):
        tileart.tile_surface(0, 64, rotated=45)
    with pytest.raises(ValueError):
        tileart.tile_surface(34, 64)


def test_draw_tile_places_the_body():
    dest = pygame.Surface((200, 200), pygame.SRCALPHA)
    rect = tileart.draw_tile(dest, 27, (50, 40), 48)
    assert rect == pygame.Rect(50, 40, *tileart.tile_size(48))
    assert dest.get_at(rect.center).a == 255
    assert dest.get_at((rect.left + 24, rect.top + 2)).a == 255


def test_a_new_size_draws_each_face_once_over_one_shared_body():
    """What keeps a first render cheap (its time is ``bench frames``' ``tile_first_ms``): the 34 faces at a size
    nobody drew yet are drawn once each, over one shadowed body for the size (its blur is not redone per
    kind), and asking again draws nothing."""
    tileart.tile_surface(0, 30)  # fonts loaded
    slab0, face0 = tileart._slab.cache_info().misses, tileart._face.cache_info().misses
    first = [tileart.tile_surface(kind, 63) for kind in range(34)]  # a width no other test uses
    assert tileart._slab.cache_info().misses - slab0 == 1
    assert tileart._face.cache_info().misses - face0 == 34
    assert all(tileart.tile_surface(kind, 63) is first[kind] for kind in range(34))
    assert tileart._face.cache_info().misses - face0 == 34


def test_felt():
    felt = felt_surface((320, 180))
    assert felt.get_size() == (320, 180)
    assert felt_surface((320, 180)) is felt
    centre, corner = felt.get_at((160, 80)), felt.get_at((2, 2))
    assert centre.g > centre.r and centre.g > centre.b
    assert sum(centre[:3]) > sum(corner[:3])  # lit centre, darker rim


def test_preview_writes_png(tmp_path):
    from game.ui.devtools import preview

    out = tmp_path / "tiles.png"
    assert preview.main([str(out)]) == 0
    img = pygame.image.load(str(out))
    assert img.get_width() > 1000 and img.get_height() > 1000


def _corner(surf: pygame.Surface, width: int) -> bytes:
    """The face's bottom-left quarter, where the colour-blind mark sits."""
    m = tileart.margin(width)
    h = tileart.face_height(width)
    return pygame.image.tobytes(_opaque(surf).subsurface((m, m + h // 2, width // 2, h // 2)), "RGB")


@pytest.mark.parametrize("width", (24, 36, 64))
def test_colour_blind_marks_put_a_number_and_suit_in_the_corner(width):
    """issue 39: with the option on, every suited tile and every wind gets a corner mark; three tiles of one number
    in different suits then differ in that corner in shape, not only in colour (grey-scaled, they still differ);
    the dragons, a face-down tile and the art above the corner are unchanged; the option off restores the plain
    faces (no stale cache either way)."""
    try:
        plain = {k: _corner(tileart.tile_surface(k, width), width) for k in range(34)}
        tileart.set_marks(True)
        marked = {k: _corner(tileart.tile_surface(k, width), width) for k in range(34)}
        for k in range(31):
            assert marked[k] != plain[k], f"tile {k} has no corner mark"
        for k in range(31, 34):
            assert marked[k] == plain[k], "dragons keep their faces"
        grey = [pygame.image.tobytes(pygame.transform.grayscale(_opaque(tileart.tile_surface(k, width))), "RGB")
                for k in (4, 13, 22)]  # 5m 5p 5s
        assert len(set(grey)) == 3
        assert tileart.tile_back(width).get_size() == tileart.tile_surface(0, width).get_size()
        assert pygame.image.tobytes(tileart.tile_back(width), "RGBA") == pygame.image.tobytes(
            tileart.tile_surface(0, width, face_up=False), "RGBA")
    finally:
        tileart.set_marks(False)
    assert _corner(tileart.tile_surface(4, width), width) == plain[4]

"""Every scene renders, for every variant: non-blank, with its key elements where they belong."""

import pygame
import pytest

from game.rules.variants import ids
from game.ui.devtools import screenshot as shot
from game.ui.kit import tileart

VARIANTS = [v for v in ids() if v != "kunming"]
IVORY = (238, 233, 216)


def _close(c, ref, tol=40):
    return all(abs(a - b) <= tol for a, b in zip(c[:3], ref[:3]))


def count_color(surf, rect, ref, tol=40, step=3):
    rect = pygame.Rect(rect).clip(surf.get_rect())
    n = 0
    for y in range(rect.top, rect.bottom, step):
        for x in range(rect.left, rect.right, step):
            if _close(surf.get_at((x, y)), ref, tol):
                n += 1
    return n


def spread(surf) -> float:
    """How varied the picture is (a blank or one-colour frame is near 0)."""
    small = pygame.transform.smoothscale(surf, (64, 36))
    vals = [sum(small.get_at((x, y))[:3]) for y in range(36) for x in range(64)]
    m = sum(vals) / len(vals)
    return (sum((v - m) ** 2 for v in vals) / len(vals)) ** 0.5


pytestmark = pytest.mark.usefixtures("home")


@pytest.mark.parametrize("scene", ["menu", "setup", "rules", "settings", "lobby", "join", "host", "replay", "match_end",
                                   "demo", "pause"])
def test_scene_renders(scene):
    app = shot.build(scene, "wenshan", (1280, 720), 1, "zh")
    surf = app.screen
    assert spread(surf) > 25, f"{scene} looks blank"
    if scene == "menu":
        # the gold title top-left, the column of buttons below it
        assert count_color(surf, (100, 70, 340, 100), (242, 196, 92), 50) > 20
        names = [b.name for b in app.scene.buttons]
        assert names[:4] == ["play", "host", "join", "demo"]
        assert all(surf.get_rect().contains(b.rect) for b in app.scene.buttons)
    if scene == "setup":
        assert len(app.scene.cards) >= 5 and app.scene.start_btn.rect.bottom <= 720
    if scene == "replay":
        assert app.scene.controls and app.scene.view_choice


@pytest.mark.parametrize("variant", VARIANTS)
def test_table_hand_and_variant_panel(variant):
    app = shot.build("table", variant, (1280, 720), 1, "zh")
    surf = app.screen
    sc = app.scene
    assert spread(surf) > 25
    # the player's hand: ivory tile faces along the bottom
    rects = [r for r, _t, _i in sc.hand.tile_rects()]
    assert len(rects) >= 2
    assert all(r.bottom <= 720 and r.top > 500 for r in rects)
    for r in rects[:3]:
        assert count_color(surf, r, IVORY, 30) > 10, "a hand tile is not drawn where the hit box is"
    # the variant's facts are drawn in the top-left panel
    panel = sc.render.public_rect
    assert panel.left < 40 and panel.top < 40
    pub = sc.view["public"]
    if variant in ("wenshan", "kunming"):
        x, y, w = sc.render.public_slots[("wildcard", 0)]
        body = pygame.Rect((x, y), tileart.tile_size(w))
        assert count_color(surf, body.inflate(6, 6), (255, 196, 40), 60, 1) > 5, "the 小鸡 glows gold"
        assert ("indicator", 0) in sc.render.public_slots
    if variant == "yuxi":
        assert ("tail", 1) in sc.render.public_slots and len(pub["tail"]) == 2
    if variant in ("guiyang", "zhuoji"):
        assert ("default_chickens", 0) in sc.render.public_slots


@pytest.mark.parametrize("variant", VARIANTS)
def test_claim_prompt(variant):
    app = shot.build("claim", variant, (1280, 720), 1, "zh")
    sc = app.scene
    kinds = [a.kind for a in sc.view["legal"]]
    assert sc.view["phase"] in ("claim", "rob") and kinds
    names = [b.name for b in sc.buttons]
    order = [k for k in sc.variant.button_order if k in names]
    assert names[: len(order)] == order, "buttons follow the variant's order"
    assert set(names) <= set(kinds) | {"pass"}, "only legal options are offered"
    for b in sc.buttons:
        assert app.screen.get_rect().contains(b.rect)
        assert spread(app.screen.subsurface(b.rect)) > 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_settlement(variant):
    app = shot.build("settlement", variant, (1280, 720), 1, "zh")
    sc = app.scene
    assert sc.settle is not None
    res = sc.settle.res
    assert res["end"] == "win"
    # every hand revealed, every item of the settlement given a line
    assert all(s["hand"] is not None for s in sc.view["seats"])
    assert {b.name for b in sc.settle.buttons} == {"next", "look", "leave"}
    assert spread(app.screen) > 20


def test_english_and_sizes():
    for size in ((1024, 576), (1920, 1080)):
        app = shot.build("table", "wenshan", size, 2, "en")
        assert app.screen.get_size() == size
        for r, _t, _i in app.scene.hand.tile_rects():
            assert app.screen.get_rect().contains(r)
    app = shot.build("menu", "wenshan", (1280, 720), 1, "en")
    assert app.scene.buttons[0].label() == "Play vs bots"

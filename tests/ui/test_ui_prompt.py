"""The claim prompt model (game.ui.table.prompt), no window: views from real LocalSession games in, buttons out."""

from __future__ import annotations

import pygame
import pytest

from game.rules.actions import Action
from game.rules.variants import get
from game.ui.devtools.screenshot import drive, new_session
from game.ui.kit import strings
from game.ui.table import prompt
from game.ui.table.layout import TableLayout

SIZE = (1280, 720)


def view_where(vid: str, stop, seeds=range(1, 60)):
    """The first view of seat 0 (bots play every seat) for which ``stop(view)`` holds."""
    for seed in seeds:
        ses, _names = new_session(get(vid), seed, hands=1)
        if drive(ses, stop):
            return ses.view
    pytest.skip(f"no such moment in {vid}")


def kinds(v) -> set[str]:
    return {a.kind for a in v["legal"]}


def claim_with(*wanted):
    return lambda v: v["phase"] in ("claim", "rob") and set(wanted) <= kinds(v)


pytestmark = pytest.mark.usefixtures("zh")


def test_a_claim_offers_each_kind_once_in_the_variants_order_with_pass_last():
    v = view_where("wenshan", claim_with("pung", "pass"))
    offers = prompt.offers(v, get("wenshan").button_order)
    names = [k for k, _acts in offers]
    assert names[-1] == "pass" and len(names) == len(set(names))
    assert names == [k for k in ("chow", "pung", "kong", "hu", "pass") if k in kinds(v)]
    for k, acts in offers:
        assert acts == [a for a in v["legal"] if a.kind == k]


def test_chicken_games_order_pung_first_and_have_no_chow():
    v = view_where("guiyang", claim_with("pung", "pass"))
    names = [k for k, _acts in prompt.offers(v, get("guiyang").button_order)]
    assert names[0] == "pung" and "chow" not in names and names[-1] == "pass"


def test_on_my_turn_discards_are_not_buttons_and_pass_only_closes_the_prompt():
    v = view_where("wenshan", lambda v: v["phase"] == "turn" and "discard" in kinds(v) and kinds(v) - {"discard"})
    offers = dict(prompt.offers(v))
    assert "discard" not in offers and offers["pass"] == []
    assert prompt.press("pass", [], v, 0, None) == prompt.Press("dismiss")
    assert prompt.offers(v, dismissed=v["version"]) == []
    assert prompt.offers(v, dismissed=v["version"] - 1) != []


def test_a_plain_discard_turn_offers_nothing():
    v = view_where("wenshan", lambda v: v["phase"] == "turn" and kinds(v) == {"discard"})
    assert prompt.offers(v) == [] and prompt.offers(None) == []


def test_declaring_ready_goes_before_pass_even_when_the_variant_does_not_list_it():
    v = {"phase": "declare", "version": 3, "legal": [Action(0, "pass"), Action(0, "declare_ready")]}
    assert [k for k, _a in prompt.offers(v, ("chow", "pung", "kong", "hu", "pass"))] == ["declare_ready", "pass"]


def test_pressing_a_button():
    v = view_where("wenshan", claim_with("pung", "pass"))
    pung = [a for a in v["legal"] if a.kind == "pung"]
    assert prompt.press("pung", pung, v, 0, None) == prompt.Press("send", pung[0])
    assert prompt.press("pass", [], v, 0, None) == prompt.Press("send", Action(0, "pass"))
    two = [Action(0, "chow", tiles=(1, 2, 3)), Action(0, "chow", tiles=(2, 3, 4))]
    assert prompt.press("chow", two, v, 0, None) == prompt.Press("choose", choice="chow")
    assert prompt.press("chow", two, v, 0, "chow") == prompt.Press("choose", choice=None)


def test_buttons_are_numbered_for_the_keys_and_sit_right_of_the_middle_above_the_hand():
    v = view_where("wenshan", claim_with("pung", "pass"))
    L = TableLayout(SIZE, v["n"], 0)
    p = prompt.Prompt(0, get("wenshan").button_order)
    sent = []
    p.refresh(lambda: v, SIZE, L, L.s, sent.append)
    assert [b.name for b in p.buttons] == [k for k, _a in prompt.offers(v, p.order)]
    assert [b.hotkey for b in p.buttons] == [str(i + 1) for i in range(len(p.buttons))]
    assert all(b.rect.bottom < L.hand_top and b.rect.x > SIZE[0] // 2 for b in p.buttons)
    first = p.buttons
    p.refresh(lambda: v, SIZE, L, L.s, sent.append)
    assert p.buttons is first  # nothing changed: not rebuilt
    next(b for b in p.buttons if b.name == "pass").activate()
    assert sent == [Action(0, "pass")]


def test_several_chows_open_a_numbered_list_of_alternatives():
    v = view_where("wenshan", lambda v: v["phase"] == "claim" and len([a for a in v["legal"] if a.kind == "chow"]) > 1)
    chows = [a for a in v["legal"] if a.kind == "chow"]
    L = TableLayout(SIZE, v["n"], 0)
    p = prompt.Prompt(0)
    sent = []
    p.refresh(lambda: v, SIZE, L, L.s, sent.append)
    assert p.choice_buttons == []
    next(b for b in p.buttons if b.name == "chow").activate()
    assert p.choice == "chow" and not sent
    p.refresh(lambda: v, SIZE, L, L.s, sent.append)
    assert [b.action for b in p.choice_buttons] == chows
    assert [b.hotkey for b in p.choice_buttons] == [str(i + 1) for i in range(len(chows))]
    assert all(prompt.choice_tiles(a) == list(a.tiles) for a in chows)
    p.choice_buttons[-1].activate()
    assert sent == [chows[-1]]
    p.close_choice()
    p.refresh(lambda: v, SIZE, L, L.s, sent.append)
    assert p.choice_buttons == []


def test_a_win_on_my_own_turn_reads_zimo_in_words():
    assert prompt.label_key("hu", "turn") == "act.zimo" and not prompt.glyph("hu", "turn")
    assert prompt.label_key("hu", "claim") == "act.hu" and prompt.glyph("hu", "claim")
    assert not prompt.glyph("declare_ready", "declare")
    strings.set_lang("en")
    assert not prompt.glyph("pung", "claim")


@pytest.mark.parametrize("key, n", [(pygame.K_1, 1), (pygame.K_9, 9), (pygame.K_KP1, 1), (pygame.K_KP5, 5),
                                    (pygame.K_0, None), (pygame.K_a, None)])
def test_number_keys_main_row_and_keypad(key, n):
    assert prompt.number_key(key) == n


def test_table_keys():
    kc = prompt.key_command
    # Esc: close the alternatives, then drop the selection, then pause
    assert kc(pygame.K_ESCAPE, 14, 3, True, True, True) == ("close_choice", None)
    assert kc(pygame.K_ESCAPE, 14, 3, False, True, True) == ("unselect", None)
    assert kc(pygame.K_ESCAPE, 14, None, False, True, True) == ("pause", None)
    # arrows (issue 39): with nothing raised they start at the drawn tile (or the one under the pointer), then move
    # and stop at the ends instead of wrapping
    assert kc(pygame.K_LEFT, 14, None, False, True, True) == ("move", 13)
    assert kc(pygame.K_RIGHT, 14, None, False, True, True) == ("move", 13)
    assert kc(pygame.K_RIGHT, 14, None, False, True, True, hover=4) == ("move", 4)
    assert kc(pygame.K_LEFT, 14, 5, False, True, True) == ("move", 4)
    assert kc(pygame.K_RIGHT, 14, 13, False, True, True) == ("move", 13)
    assert kc(pygame.K_LEFT, 14, 0, False, True, True) == ("move", 0)
    assert kc(pygame.K_HOME, 14, 5, False, True, True) == ("select", 0)
    assert kc(pygame.K_END, 14, 5, False, True, True) == ("select", 13)
    assert kc(pygame.K_LEFT, 0, None, False, False, False) == ("", None)
    # Enter alone discards the drawn tile (摸打); Up needs a selection; nothing when I may not discard
    assert kc(pygame.K_RETURN, 14, None, False, True, True) == ("discard", 13)
    assert kc(pygame.K_UP, 14, None, False, True, True) == ("", None)
    assert kc(pygame.K_SPACE, 14, 4, False, True, True) == ("discard", 4)
    # Space acts on the raised tile: the selection, else the tile raised under the pointer, else the drawn one
    assert kc(pygame.K_SPACE, 14, None, False, True, True, hover=6) == ("discard", 6)
    assert kc(pygame.K_SPACE, 14, 2, False, True, True, hover=6) == ("discard", 2)
    assert kc(pygame.K_UP, 14, None, False, True, True, hover=6) == ("discard", 6)
    assert kc(pygame.K_RETURN, 14, None, False, True, False) == ("", None)
    assert kc(pygame.K_RETURN, 13, 4, False, False, False) == ("", None)
    assert kc(pygame.K_h, 14, None, False, True, True) == ("hints", None)
    assert kc(pygame.K_KP3, 14, None, False, False, False) == ("button", 3)

"""The claim prompt: which buttons to offer from the legal actions, what pressing one does, the table's keys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rules.actions import Action
from game.rules.kinds import ActionKind
from game.ui.kit import strings, tileart, widgets
from game.ui.table.layout import TableLayout

BTN_STYLE = {"chow": "green", "pung": "blue", "kong": "purple", "hu": "red", "pass": "grey", "declare_ready": "gold"}
DEFAULT_ORDER = ("chow", "pung", "kong", "hu", "pass")

Offer = tuple[str, list[Action]]


def offers(view: dict | None, button_order=DEFAULT_ORDER, dismissed: int | None = None) -> list[Offer]:
    """(kind, its legal actions) per button, in the variant's order; discards are not buttons.

    On the player's own turn a "pass" button only closes the prompt (discarding is the real
    answer); once closed (``dismissed`` is the view's version) nothing is offered until the view changes.
    """
    if not view or not view.get("legal"):
        return []
    groups: dict[str, list[Action]] = {}
    for a in view["legal"]:
        if a.kind == "discard":
            continue
        groups.setdefault(a.kind, []).append(a)
    if not groups:
        return []
    if view.get("phase") == "turn":
        if dismissed == view.get("version"):
            return []
        groups["pass"] = []
    order = list(button_order)
    if "declare_ready" not in order:
        order.insert(order.index("pass") if "pass" in order else len(order), "declare_ready")
    for k in groups:
        if k not in order:
            order.insert(len(order) - 1, k)
    return [(k, groups[k]) for k in order if k in groups]


@dataclass(frozen=True)
class Press:
    """What pressing a prompt button does: ``dismiss`` the prompt, ``choose`` among alternatives, or ``send``."""

    what: str
    action: Action | None = None
    choice: str | None = None  # for "choose": the open list of alternatives afterwards (None: closed)


def press(kind: str, acts: list[Action], view: dict, me: int, choice: str | None) -> Press:
    if kind == "pass":
        if view.get("phase") == "turn":
            return Press("dismiss")
        return Press("send", Action(me, ActionKind.PASS))
    if len(acts) > 1:
        return Press("choose", choice=None if choice == kind else kind)
    return Press("send", acts[0])


def label_key(kind: str, phase: str | None) -> str:
    """A winning button reads 自摸 on one's own turn, 胡 on someone's discard."""
    return "act.zimo" if (kind == "hu" and phase == "turn") else f"act.{kind}"


def glyph(kind: str, phase: str | None) -> bool:
    """Chinese one-character buttons show a big calligraphic glyph; 报听 and 自摸 are words."""
    return strings.is_zh() and kind != "declare_ready" and not (kind == "hu" and phase == "turn")


def number_key(k: int) -> int | None:
    """1-9 on the main row or the keypad: the prompt button (or alternative) with that number."""
    if pygame.K_1 <= k <= pygame.K_9:
        return k - pygame.K_0
    if pygame.K_KP1 <= k <= pygame.K_KP9:
        return k - pygame.K_KP1 + 1
    return None


def key_command(k: int, n_tiles: int, sel: int | None, choice_open: bool, can_discard: bool,
                has_drawn: bool, hover: int | None = None) -> tuple[str, int | None]:
    """What a key does at the table: (command, its number), the command "" when nothing.

    Esc closes the alternatives, else drops the selection, else opens the menu. The arrows move the
    raised tile and stop at the ends; with none raised they start at the tile under the pointer, else
    at the drawn (rightmost) tile. Home and End go to the ends. Enter, Space or Up discard the raised
    tile, else the one under the pointer (raised a little), else (Enter and Space) the drawn one, 摸打.
    H switches hints; 1-9 press the numbered button.
    """
    if k == pygame.K_ESCAPE:
        return ("close_choice", None) if choice_open else ("unselect", None) if sel is not None else ("pause", None)
    focus = sel if sel is not None else (hover if hover is not None and 0 <= hover < n_tiles else None)
    if k in (pygame.K_LEFT, pygame.K_RIGHT) and n_tiles:
        if focus is None:
            return "move", n_tiles - 1
        if sel is None:
            return "move", focus
        return "move", max(0, min(n_tiles - 1, sel + (-1 if k == pygame.K_LEFT else 1)))
    if k in (pygame.K_HOME, pygame.K_END) and n_tiles:
        return "select", 0 if k == pygame.K_HOME else n_tiles - 1
    if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
        if focus is None and can_discard and has_drawn and k != pygame.K_UP:
            focus = n_tiles - 1
        return ("discard", focus) if focus is not None and can_discard else ("", None)
    if k == pygame.K_h:
        return "hints", None
    num = number_key(k)
    return ("button", num) if num is not None else ("", None)


def choice_tiles(a: Action) -> list[int | None]:
    """The tiles an alternative shows: the chow's three, or the kong's tile four times."""
    return list(a.tiles) if a.kind == "chow" and a.tiles else [a.tile] * 4


def row_top(layout: TableLayout, scale: float) -> int:
    """The top of the prompt's row of round buttons (above the hand, right of the player's discards)."""
    return layout.hand_top - round(78 * scale) - round(40 * scale)


def buttons(kinds: list[Offer], phase: str | None, size: tuple[int, int], layout: TableLayout, scale: float,
            on_press: Callable[[str, list[Action]], Callable[[], None]], numbered: bool = True) -> list[widgets.Button]:
    """The prompt's round buttons, right-aligned above the hand, numbered 1.. for the keys.

    While a list of alternatives is open its entries own the number keys: the buttons then show no numbers.
    """
    s = scale
    W_, _H = size
    bsize = round(78 * s)
    gap = round(14 * s)
    x = W_ - round(96 * s) - len(kinds) * (bsize + gap) + gap
    y = row_top(layout, s)
    out = []
    for i, (k, acts) in enumerate(kinds):
        g = glyph(k, phase)
        out.append(widgets.Button((x + i * (bsize + gap), y, bsize, bsize), widgets.tr_label(label_key(k, phase)),
                            on_press(k, acts), BTN_STYLE.get(k, "green"), hotkey=str(i + 1) if numbered else None,
                            glyph=g, name=k, size=None if g else round(bsize * (0.3 if strings.is_zh() else 0.24))))
    return out


class ChoiceButton(widgets.Button):
    """One alternative in the open list: a button that knows the action it sends."""

    def __init__(self, rect, action: Action, on_click: Callable[[], None], hotkey: str, name: str):
        super().__init__(rect, "", on_click, "ghost", hotkey=hotkey, name=name)
        self.action = action


def choice_buttons(acts: list[Action], size: tuple[int, int], layout: TableLayout, scale: float,
                   on_pick: Callable[[Action], Callable[[], None]]) -> list[ChoiceButton]:
    """One button per alternative (which chow, which kong), numbered 1.. for the keys.

    They stand in a grid just above the prompt's buttons, right-aligned with them: one column, or two when
    that still keeps clear of the player's discards (the table's middle stays visible).
    """
    s = scale
    W_, _H = size
    gap = round(10 * s)
    cw = tileart.tile_size(round(30 * s))[0]
    wdt = max((3 if a.kind == "chow" else 4) * (cw + 2) + round(40 * s) for a in acts) if acts else 0
    hgt = round(64 * s)
    right = W_ - round(96 * s)
    bottom = row_top(layout, s) - round(14 * s)
    me = layout.me
    pond_right = max(layout.pond_slot(me, i).rect().right for i in range(layout.cols))
    cols = 2 if len(acts) > 2 and right - 2 * wdt - gap >= pond_right + round(12 * s) else 1
    rows = -(-len(acts) // cols)
    out = []
    for i, a in enumerate(acts):
        row, col = divmod(i, cols)
        x = right - (cols - col) * wdt - (cols - 1 - col) * gap
        y = bottom - (rows - row) * hgt - (rows - 1 - row) * gap
        out.append(ChoiceButton((x, y, wdt, hgt), a, on_pick(a), str(i + 1), f"choice{i}"))
    return out


class Prompt:
    """One seat's claim prompt: the buttons on offer for the current view and the open list of alternatives."""

    def __init__(self, me: int, button_order=DEFAULT_ORDER):
        self.me = me
        self.order = tuple(button_order)
        self.choice: str | None = None  # "chow" / "kong": the list of alternatives is open
        self.dismissed: int | None = None  # view version whose turn prompt the player waved off
        self.buttons: list[widgets.Button] = []
        self.choice_buttons: list[ChoiceButton] = []
        self._key: tuple | None = None

    def invalidate(self) -> None:
        """Build the buttons again on the next ``refresh`` (the view, the language or the window changed)."""
        self._key = None

    def close_choice(self) -> None:
        self.choice = None
        self._key = None

    def refresh(self, current_view: Callable[[], dict | None], size: tuple[int, int], layout: TableLayout,
                scale: float, send: Callable[[Action], None]) -> None:
        """Rebuild the buttons if what they show changed; a press acts on the view current at that moment."""
        view = current_view()
        legal = (view or {}).get("legal") or []
        key = (view.get("version") if view else None, self.choice, size, strings.lang(), self.dismissed, len(legal))
        if key == self._key:
            return
        self._key = key
        kinds = offers(view, self.order, self.dismissed)
        phase = view.get("phase") if view else None
        self.buttons = buttons(kinds, phase, size, layout, scale,
                               lambda k, acts: lambda: self._pressed(k, acts, current_view() or {}, send),
                               numbered=not self.choice)
        acts = dict(kinds).get(self.choice, []) if self.choice else []
        self.choice_buttons = []
        if self.choice:
            self.choice_buttons = choice_buttons(acts, size, layout, scale, lambda a: lambda: send(a))

    def _pressed(self, kind: str, acts: list[Action], view: dict, send: Callable[[Action], None]) -> None:
        p = press(kind, acts, view, self.me, self.choice)
        if p.what == "dismiss":
            self.dismissed = view.get("version")
            self._key = None
        elif p.what == "choose":
            self.choice = p.choice
            self._key = None
        elif p.action is not None:
            send(p.action)

"""Every string the client shows, in 中文 and English, from one table (switchable live).

``tr(key, **fmt)`` looks a key up in the current language; ``pick(zh, en)`` chooses
between texts that arrive in both languages (variant names, option labels,
settlement items). Tile names come from ``tile_name``. Changing the language
with ``set_lang`` takes effect on the next frame: scenes never cache
translated text across a language change.
"""

from __future__ import annotations

import re

LANGS = ("zh", "en")
_state = {"lang": "zh"}


def set_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGS)})")
    _state["lang"] = lang


def lang() -> str:
    return _state["lang"]


def is_zh() -> bool:
    return _state["lang"] == "zh"


def pick(zh: str, en: str) -> str:
    """The text for the current language; falls back to the other when one is empty."""
    if _state["lang"] == "zh":
        return zh or en
    return en or zh


def tr(key: str, **fmt) -> str:
    """The current language's text for ``key``, formatted with ``fmt``; unknown keys show the key."""
    pair = S.get(key)
    if pair is None:
        return key
    text = pick(*pair)
    if fmt.get("n") == 1 and _state["lang"] == "en" and key in ONE_EN:
        text = ONE_EN[key]  # "1 hand", not "1 hands"
    return text.format(**fmt) if fmt else text


def tr_notice(key: str, fmt: dict) -> str:
    """``tr(key, **fmt)`` where ``fmt["reason"]`` is itself a key of the "bad." texts (why a file was unusable)."""
    fmt = dict(fmt)
    if "reason" in fmt:
        fmt["reason"] = tr("bad." + str(fmt["reason"]))
    return tr(key, **fmt)


_NUM_ZH = "一二三四五六七八九"
_SUIT_ZH = ("万", "筒", "条")
_SUIT_EN = ("Characters", "Dots", "Bamboo")
_SUIT_EN_SHORT = ("m", "p", "s")
_HONOR_ZH = ("东风", "南风", "西风", "北风", "白板", "发财", "红中")
_HONOR_SHORT_ZH = ("东", "南", "西", "北", "白", "发", "中")
_HONOR_EN = ("East", "South", "West", "North", "White", "Green", "Red")


def tile_name(t: int, short: bool = False) -> str:
    """A tile's name in the current language: 五筒 / 5 Dots (short: 5筒 / 5p, 东 / E)."""
    if t is None:
        return "?"
    if t >= 27:
        if short:
            return _HONOR_SHORT_ZH[t - 27] if is_zh() else _HONOR_EN[t - 27][0]
        return _HONOR_ZH[t - 27] if is_zh() else _HONOR_EN[t - 27]
    n, s = t % 9, t // 9
    if is_zh():
        return f"{n + 1}{_SUIT_ZH[s]}" if short else f"{_NUM_ZH[n]}{_SUIT_ZH[s]}"
    return f"{n + 1}{_SUIT_EN_SHORT[s]}" if short else f"{n + 1} {_SUIT_EN[s]}"


def run_name(tiles: list[int]) -> str:
    """A chow's tiles: 三四五筒 / 3-4-5 Dots (tiles of other shapes: their names one after the other)."""
    ts = sorted(tiles)
    if ts and all(t < 27 for t in ts) and len({t // 9 for t in ts}) == 1 and ts == list(range(ts[0], ts[0] + len(ts))):
        suit = ts[0] // 9
        if is_zh():
            return "".join(_NUM_ZH[t % 9] for t in ts) + _SUIT_ZH[suit]
        return "-".join(str(t % 9 + 1) for t in ts) + " " + _SUIT_EN[suit]
    return " ".join(tile_name(t) for t in ts)


_NOTATION = re.compile(r"(?<![A-Za-z0-9])([1-9])([mps])(?![A-Za-z0-9])|(?<![A-Za-z0-9])([1-7])z(?![A-Za-z0-9])")


def tiles_in_words(text: str) -> str:
    """Tiles in notation inside a text (``点豆 7m ×3``) written by name instead (点豆 七万 ×3 / 7 Characters)."""
    def name(m: re.Match) -> str:
        if m.group(3):
            return tile_name(27 + int(m.group(3)) - 1)
        return tile_name("mps".index(m.group(2)) * 9 + int(m.group(1)) - 1)

    return _NOTATION.sub(name, text)


WINDS = (("东", "E"), ("南", "S"), ("西", "W"), ("北", "N"))


def wind(i: int) -> str:
    return pick(*WINDS[i % 4])


BOT_LEVELS = ("easy", "normal", "strong")

S: dict[str, tuple[str, str]] = {
    # ---- app / general
    "app.title": ("云贵麻将", "Yun-Gui Mahjong"),
    "app.subtitle": ("文山翻小鸡 · 昆明文山麻将 · 玉溪扳倒胡 · 贵阳捉鸡 · 捉鸡麻将",
                     "Wenshan · Kunming · Yuxi · Guiyang · Catch-the-Chicken"),
    "app.version": ("版本 {v}", "version {v}"),
    "common.back": ("返回", "Back"),
    "common.ok": ("确定", "OK"),
    "common.cancel": ("取消", "Cancel"),
    "common.on": ("开", "On"),
    "common.off": ("关", "Off"),
    "common.start": ("开始", "Start"),
    "common.close": ("关闭", "Close"),
    "common.loading": ("载入中…", "Loading…"),
    "common.none": ("无", "none"),
    "common.yes": ("是", "Yes"),
    "common.no": ("否", "No"),
    "common.random": ("随机", "random"),
    "common.esc_back": ("Esc 返回", "Esc: back"),
    "notice.no_audio": ("没有可用的音频设备：游戏将静音运行", "No audio device: the game runs silently"),
    "notice.settings_bad": ("设置文件无法使用（{reason}）：已另存为 {file}，本次使用默认设置",
                            "The settings file could not be used ({reason}): it is kept as {file}, and the game "
                            "starts with the defaults"),
    "notice.settings_stuck": ("设置文件无法使用（{reason}），也无法移开（{why}）：{file}。本次使用默认设置",
                              "The settings file could not be used ({reason}) nor moved aside ({why}): {file}. "
                              "The game starts with the defaults"),
    "notice.unfinished_bad": ("上一局无法继续（{reason}）：已另存为 {file}", "The last match cannot be continued "
                              "({reason}): it is kept as {file}"),
    "notice.unfinished_stuck": ("上一局无法继续（{reason}），也无法移开（{why}）：{file}",
                                "The last match cannot be continued ({reason}) nor moved aside ({why}): {file}"),
    "bad.unreadable": ("无法读取", "it cannot be read"),
    "bad.not_utf8": ("不是 UTF-8 文本", "it is not UTF-8 text"),
    "bad.not_json": ("不是完整的 JSON", "it is not complete JSON"),
    "bad.not_object": ("内容不是设置", "it holds no settings"),
    "notice.settings_readonly": ("无法保存设置（{why}），本次仍可继续游戏",
                                 "Could not save settings ({why}); playing on without saving"),
    "notice.replay_saved": ("本场已保存到回放", "Match saved to replays"),
    "notice.replay_failed": ("无法保存回放（{why}）", "Could not save the replay ({why})"),
    "notice.lang": ("语言：中文", "Language: English"),
    "notice.fullscreen_failed": ("无法切换全屏", "Could not switch to full screen"),
    "notice.error": ("出错了：{msg}", "Something went wrong: {msg}"),
    # ---- the crash message (game/ui/crash_screen.py)
    "crash.title": ("游戏出错了", "Something went wrong"),
    "crash.saved": ("游戏出错，无法继续，只能关闭。出错的经过已保存在这个文件：",
                    "The game hit an error it cannot recover from and has to close. What happened is saved in "
                    "this file:"),
    "crash.unsaved": ("（这个文件没有保存成功）", "(the file could not be saved)"),
    "crash.attach": ("报错时请带上这个文件，发给开发者。", "Please attach this file when you report the bug."),
    "crash.safe": ("你的设置和牌局回放都完好无损。", "Your settings and saved replays are intact."),
    "crash.lan_player": ("局域网牌桌上，主机会为你保留座位 60 秒（其间由机器人代打）：重新打开游戏并加入同一牌桌，"
                         "即可回到座位。",
                         "At the LAN table the host keeps your seat for 60 seconds (a bot plays it meanwhile): "
                         "start the game again and join the same table to take it back."),
    "crash.lan_host": ("你开设的局域网牌桌已保存：运行 yungui-mahjong host --resume 即可继续，其他玩家的座位会为他们"
                       "保留。",
                       "The LAN table you hosted is saved: yungui-mahjong host --resume continues it, and the "
                       "other players' seats are kept for them."),
    "crash.close": ("关闭", "Close"),
    "crash.folder": ("打开文件所在位置", "Open its folder"),
    # ---- menu
    "menu.play": ("人机对战", "Play vs bots"),
    "menu.host": ("创建局域网牌桌", "Host a LAN table"),
    "menu.join": ("加入局域网牌桌", "Join a LAN table"),
    "menu.demo": ("演示模式", "Demo mode"),
    "menu.rules": ("规则说明", "Rules"),
    "menu.replays": ("牌局回放", "Replays"),
    "menu.records": ("战绩", "Records"),
    "menu.continue": ("继续上局", "Continue"),
    "menu.continue_hand": ("第 {i}/{n} 局", "hand {i} of {n}"),
    "menu.continue_total": ("你的总分 {t}", "your total {t}"),
    "menu.settings": ("设置", "Settings"),
    "menu.quit": ("退出", "Quit"),
    "menu.hint": ("↑↓ 选择 · Enter 确定 · L 切换语言", "↑↓ choose · Enter select · L language"),
    "menu.lang_toggle": ("English", "中文"),
    # ---- setup
    "setup.title": ("开桌", "New table"),
    "setup.title_host": ("创建局域网牌桌", "Host a LAN table"),
    "setup.variant": ("玩法", "Rules"),
    "setup.options": ("勾选项", "Options"),
    "setup.players": ("人数", "Players"),
    "setup.seats": ("座位", "Seats"),
    "setup.seat": ("座位", "Seat"),
    "setup.you": ("你", "You"),
    "setup.bot": ("电脑", "Bot"),
    "setup.lan_open": ("等待玩家", "Open seat"),
    "setup.hands": ("局数", "Hands"),
    "setup.seed": ("随机种子", "Seed"),
    "setup.seed_hint": ("留空为随机", "empty = random"),
    "setup.start": ("开始游戏", "Start"),
    "setup.start_host": ("开桌并等待玩家", "Open the table"),
    "setup.table_name": ("牌桌名", "Table name"),
    "setup.coming": ("即将推出", "coming soon"),
    "setup.fixed": ("固定", "fixed"),
    "setup.fixed_help": ("固定：{what}", "Always: {what}"),
    "setup.option_value": ("{name} {value}", "{name}: {value}"),
    "setup.players_fixed": ("本玩法固定 {n} 人", "{n} players in this game"),
    "setup.hint": ("Tab/方向键 选择 · 空格 切换 · Enter 开始", "Tab/arrows move · Space toggle · Enter start"),
    "bot.easy": ("新手", "Easy"),
    "bot.normal": ("熟手", "Normal"),
    "bot.strong": ("高手", "Strong"),
    "bot.simple": ("简单", "Simple"),
    "bot.name": ("电脑{i}", "Bot {i}"),
    "player.you": ("玩家", "Player"),
    # ---- table
    "table.hand_no": ("第 {i}/{n} 局", "Hand {i}/{n}"),
    "table.left": ("剩余", "Left"),
    "table.dealer": ("庄", "D"),
    "table.streak": ("连庄 {k}", "streak {k}"),
    "table.menu": ("菜单", "Menu"),
    "table.hints_on": ("提示：开", "Hints: on"),
    "table.hints_off": ("提示：关", "Hints: off"),
    "table.your_turn": ("轮到你出牌", "Your turn: discard a tile"),
    "table.your_turn_keys": ("点击两次或 ←→ + 空格 出牌", "Click twice, or ←→ then Space, to discard"),
    "table.waiting": ("等待 {who}…", "Waiting for {who}…"),
    "table.wait_higher": ("已选择「{what}」，等待优先级更高的玩家决定…",
                          "You chose {what}: waiting for players with higher priority…"),
    "table.thinking": ("思考中", "thinking"),
    "table.declared": ("报听", "Ready"),
    "table.missed_win": ("过手胡", "Missed win"),
    "table.paused": ("暂停", "Paused"),
    "table.resume": ("继续游戏", "Resume"),
    "table.leave": ("离开牌桌", "Leave table"),
    "table.leave_confirm": ("再按一次 Esc 离开牌桌", "Press Esc again to leave"),
    "table.look": ("查看牌桌中 · 按任意键返回结算", "Looking at the table · any key for the results"),
    "table.back_results": ("返回结算", "Back to results"),
    "table.offer": ("{who} 打出", "{who} discards"),
    "table.rob_offer": ("{who} 补杠", "{who} adds a kong"),
    "table.choose_chow": ("选择吃法", "Choose a chow"),
    "table.choose_kong": ("选择要杠的牌", "Choose a kong"),
    "table.lan_lost": ("与主机的连接中断：{msg}", "Lost the connection to the host: {msg}"),
    "table.refused": ("操作未被接受：{msg}", "Not accepted: {msg}"),
    "table.seat_you": ("你", "You"),
    # ---- the table's switches, the tracker and a LAN table's state (issue 15)
    "table.menu_lan": ("菜单 · 牌局仍在进行", "Menu · the game goes on"),
    "table.menu_lan_sub": ("其他玩家不会等你：轮到你时可以先开「托管」",
                           "The others do not wait: turn on auto-play if it is your turn"),
    "table.drawable": ("可摸", "Draws"),
    "table.kept_back": ("留{k}", "+{k} kept"),
    "table.wall_tip_all": ("牌墙还有 {n} 张，都可以摸", "{n} tiles in the wall, all of them to be drawn"),
    "table.wall_tip": ("牌墙还有 {wall} 张，最后 {k} 张按规则不摸：还能摸 {n} 张",
                       "{wall} tiles in the wall; the last {k} are never drawn: {n} draws left"),
    "table.next_deal_in": ("{n} 秒后自动发下一局", "The next hand deals in {n} s"),
    "table.wait_next_in": ("等待其他玩家准备下一局…（{n} 秒后自动开始）",
                           "Waiting for the others… (next hand in {n} s)"),
    "comfort.auto": ("托管", "Auto-play"),
    "comfort.tracker": ("记牌器", "Tracker"),
    "comfort.auto_win": ("自动胡", "Auto win"),
    "comfort.no_claims": ("不吃碰杠", "No claims"),
    "comfort.auto_on": ("托管中：电脑替你出牌", "Auto-play: a bot plays for you"),
    "comfort.auto_off_key": ("T 取消", "T to stop"),
    "comfort.offer": ("你有一阵没操作了，要托管吗？", "You have been away a while. Let a bot play for you?"),
    "comfort.offer_sub": ("托管后电脑替你打，随时按 T 收回", "A bot plays your seat until you press T"),
    "comfort.offer_yes": ("托管", "Auto-play"),
    "comfort.offer_no": ("我来打", "I'll play"),
    "comfort.forced": ("你长时间没有操作，其他玩家在等：已为你托管，按 T 收回",
                       "You were away and the others were waiting: auto-play is on. Press T to play again"),
    "comfort.auto_next": ("托管中：{n} 秒后下一局 · 点此取消托管", "Auto-play: next hand in {n} s · click to stop"),
    "comfort.assists_off": ("这桌的主机关闭了提示和记牌器",
                            "The host of this table has turned hints and the tracker off"),
    "tracker.title": ("记牌器 · 还没见到的张数", "Tracker · tiles not seen yet"),
    "seat.dropped": ("掉线 · 座位保留", "dropped · seat kept"),
    "seat.left": ("已离开", "left"),
    "seat.bot_plays": ("电脑代打", "a bot plays"),
    "link.reconnecting": ("与主机的连接中断，正在重新连接…", "Lost the host: reconnecting…"),
    "link.back": ("已重新连上主机", "Connected to the host again"),
    "link.banner": ("正在重新连接主机…（{n} 秒）牌局在主机上继续，座位为你保留",
                    "Reconnecting to the host… ({n} s) The game goes on at the host; your seat is kept"),
    "link.lost_title": ("与主机的连接已断开", "The host is gone"),
    "link.lost_body": ("主机可能已关闭，或网络中断了。这桌牌在这台电脑上无法继续。主机恢复后，"
                       "可以到「加入牌桌」重新找到它，你的座位会为你保留一阵。",
                       "The host closed or the network is down: this table cannot go on here. When the host is back, "
                       "find it again under Join a table; your seat is kept for a while."),
    "link.lost_menu": ("返回主菜单", "Back to the menu"),
    "link.lost_join": ("加入牌桌", "Join a table"),
    "lan.assists": ("允许提示与记牌器", "Allow hints and the tracker"),
    "lan.watch_mode": ("观战", "Watchers"),
    "lan.watch_mode.public": ("不见手牌", "Hands hidden"),
    "lan.watch_mode.open": ("明牌", "Hands open"),
    "lan.watch_mode.off": ("不可观战", "Not allowed"),
    "lan.claim_window": ("吃碰等待", "Claim window"),
    "lan.claim_s": ("{s} 秒", "{s} s"),
    "act.chow": ("吃", "Chow"),
    "act.pung": ("碰", "Pung"),
    "act.kong": ("杠", "Kong"),
    "act.hu": ("胡", "Win"),
    "act.zimo": ("自摸", "Self-draw"),
    "act.pass": ("过", "Pass"),
    "act.declare_ready": ("报听", "Declare"),
    "act.discard": ("出牌", "Discard"),
    "big.chow": ("吃", "CHOW"),
    "big.pung": ("碰", "PUNG"),
    "big.kong": ("杠", "KONG"),
    "big.hu": ("胡", "WIN"),
    "big.zimo": ("自摸", "SELF-DRAW"),
    "big.ready": ("报听", "READY"),
    "big.draw": ("流局", "DRAW"),
    "big.multi": ("一炮多响", "MULTIPLE WINS"),
    # ---- hints
    "hint.waits": ("听牌", "Waiting on"),
    "hint.left": ("剩{n}", "{n} left"),
    "hint.none_left": ("已绝张", "none left"),
    "hint.discard_waits": ("打出 {tile} → 听", "Discard {tile} → wait on"),
    "hint.discard_no_wait": ("打出 {tile} 后未听牌", "Discarding {tile} leaves you not ready"),
    "hint.ready_marks": ("▲ 标记的牌打出后即可听牌", "Tiles marked ▲ leave you ready"),
    "hint.cannot_discard": ("这张牌现在不能打：{why}", "You cannot discard this tile now: {why}"),
    "hint.why_declared": ("报听后只能打出刚摸到的牌", "after declaring ready you must discard the tile you drew"),
    "hint.why_rule": ("本玩法此时不允许打出", "the rules do not allow it at this point"),
    "hint.no_win": ("不能胡：{why}", "No win: {why}"),
    "hint.why_missed": ("过手胡——你放过了一次胡，到自己下次摸牌前不能再点炮胡同等或更小的牌",
                        "missed win: you passed a win, so until your next draw you may not win on a discard of "
                        "equal or lower value"),
    "hint.why_pass": ("平胡点炮需要通行证（有豆、热炮、杀报、报听或地胡）",
                      "an all-sets win on a discard needs a pass: a bean (kong), a hot discard, a declared discarder, "
                      "your own declaration or an earthly win"),
    "table.wait_next": ("等待其他玩家准备下一局…", "Waiting for the other players to be ready for the next hand…"),
    "hint.why_generic": ("牌型齐了，但本玩法此时不算胡",
                         "the shape is complete, but these rules do not count it as a win here"),
    "hint.title": ("小灯泡", "Hints"),
    "hint.wild": ("★ 小鸡（癞子）可当任意牌", "★ the chick (wildcard) stands for any tile"),
    # ---- public info (variant facts)
    "pub.indicator": ("翻牌", "Flipped"),
    "pub.wildcard": ("小鸡", "Chick"),
    "pub.standin": ("白板替", "White stands in"),
    "pub.tail": ("屁股牌", "Tail tiles"),
    "pub.tail_tiles": ("屁股牌", "Tail tiles"),
    "pub.chickens": ("鸡牌", "Chickens"),
    "pub.flip": ("捉鸡牌", "Chicken flip"),
    "pub.flipped": ("翻牌鸡", "Flipped chicken"),
    "pub.reserved": ("留牌", "Reserved"),
    "pub.beans": ("豆", "Beans"),
    "pub.bean_men": ("闷豆", "Bean (concealed)"),
    "pub.bean_pa": ("爬坡豆", "Bean (added)"),
    "pub.bean_dian": ("点豆", "Bean (claimed)"),
    "pub.chong_feng": ("冲锋鸡", "Charge 1 Bam"),
    "pub.chong_feng_wu": ("冲锋乌骨鸡", "Charge 8 Dot"),
    "pub.ze_ren": ("责任鸡", "Liable 1 Bam"),
    "pub.ze_ren_wu": ("责任乌骨鸡", "Liable 8 Dot"),
    "pub.zhuo": ("捉鸡牌", "Chicken flip"),
    "pub.chicken": ("翻牌鸡", "Flipped chicken"),
    "pub.all_chickens": ("本局鸡", "Chickens this hand"),
    "pub.default_chickens": ("鸡牌", "Chickens"),
    "pub.shi_feng": ("十风", "Ten winds"),
    "pub.shi_san_yao": ("十三幺", "Thirteen 1/9"),
    "flip.tail": ("翻屁股", "Tail tiles turned up"),
    "pub.wu_gu": ("乌骨鸡", "Black-bone chicken"),
    "pub.yao_ji": ("幺鸡", "Chicken (1 Bamboo)"),
    "flip.indicator": ("翻小鸡", "The chick is flipped"),
    "flip.chicken": ("捉鸡", "Chicken flip"),
    "flip.generic": ("翻牌", "Flip"),
    "flip.wildcard_is": ("小鸡是 {tile}", "The chick is {tile}"),
    "flip.chicken_is": ("翻牌鸡是 {tile}", "The flipped chicken is {tile}"),
    # ---- settlement
    "settle.title": ("第 {i} 局结算", "Hand {i}: results"),
    "settle.win_self": ("{who} 自摸", "{who} wins by self-draw"),
    "settle.win_discard": ("{who} 胡牌 · {src} 点炮", "{who} wins on {src}'s discard"),
    "settle.win_rob": ("{who} 抢杠胡 · {src} 被抢杠", "{who} robs {src}'s kong"),
    "settle.multi": ("一炮多响 · {src} 点炮", "Several winners on {src}'s discard"),
    "settle.draw": ("流局（荒庄）", "Exhaustive draw"),
    "settle.delta": ("本局", "Hand"),
    "settle.total": ("总分", "Total"),
    "settle.next": ("下一局", "Next hand"),
    "settle.look": ("查看牌桌", "Look at the table"),
    "settle.leave": ("离开", "Leave"),
    "settle.final": ("比赛结果", "Final results"),
    "settle.winner_tag": ("胡", "Win"),
    "settle.zimo_tag": ("自摸", "Self-draw"),
    "settle.pao_tag": ("点炮", "Dealt in"),
    "settle.robbed_tag": ("被抢杠", "Robbed"),
    "settle.dealer_tag": ("庄家", "Dealer"),
    "settle.items_none": ("本局无得失", "no points this hand"),
    "settle.next_dealer": ("下局庄家：{who}", "Next dealer: {who}"),
    "settle.win_tile": ("胡张", "winning tile"),
    "settle.patterns": ("牌型", "Patterns"),
    "settle.flip_box": ("翻牌", "Flips"),
    "settle.notes": ("说明", "Notes"),
    "settle.match_over": ("比赛结束", "Match over"),
    "settle.auto_next": ("{s} 秒后自动下一局", "next hand in {s} s"),
    # ---- match end
    "end.title": ("比赛结束", "Match over"),
    "end.rank": ("名次", "Rank"),
    "end.player": ("玩家", "Player"),
    "end.total": ("总分", "Total"),
    "end.wins": ("胡牌", "Wins"),
    "end.self_draws": ("自摸", "Self-draws"),
    "end.deal_ins": ("点炮", "Dealt in"),
    "end.best": ("最大一局", "Best hand"),
    "end.hands": ("各局得失", "Hand by hand"),
    "end.again": ("再来一场", "Play again"),
    "end.menu": ("返回主页", "Main menu"),
    "end.replay": ("观看回放", "Watch the replay"),
    "end.draws": ("流局 {n} 局", "{n} drawn"),
    "end.played": ("共 {n} 局", "{n} hands"),
    "end.champion": ("冠军", "Winner"),
    # ---- rules viewer
    "rules.title": ("规则说明", "Rules"),
    "rules.scroll": ("滚轮/↑↓ 翻页 · ←→ 切换玩法", "Wheel/↑↓ scroll · ←→ switch game"),
    "rules.example": ("例", "Example"),
    # ---- replays
    "story.match": ("{game} · 已打 {n}/{planned} 局 · 种子 {seed}", "{game} · hands played: {n} of {planned} · seed {seed}"),
    "story.players": ("玩家：{names}", "Players: {names}"),
    "story.totals": ("总分：{line}", "Totals: {line}"),
    "story.seat": ("座位{i}", "seat {i}"),
    "story.scenario": ("{game} · 牌例", "{game} · scenario"),
    "story.hand": ("第 {i} 局 · 庄家 {dealer} · {what}", "Hand {i} · dealer {dealer} · {what}"),
    "story.patterns": ("{who} 胡 {tile} · 牌型：{patterns}", "{who} wins with {tile} · patterns: {patterns}"),
    "replays.title": ("牌局回放", "Replays"),
    "replays.empty": ("还没有保存的牌局。打完一场后会自动保存在这里。",
                      "No saved matches yet. Every finished match is saved here."),
    "replays.folder": ("保存位置：{path}", "Saved in: {path}"),
    "replays.hands": ("{n} 局", "{n} hands"),
    "replays.unfinished": ("未完成", "unfinished"),
    "replays.open": ("观看", "Watch"),
    "replays.broken": ("无法观看 {file}：{why}。{fix}", "Cannot show {file}: {why}. {fix}"),
    "replays.branch_tag": ("分支", "branch"),
    "replays.broken_row": ("无法观看：{why}", "Cannot be shown: {why}"),
    "bad.not_replay": ("不是本游戏保存的牌局", "it is not a match this game saved"),
    "bad.damaged": ("牌局记录不完整或被改动过", "the match record is incomplete or was edited"),
    "bad.unknown_variant": ("本版本没有这个玩法", "this version does not have its game"),
    "bad.bad_moves": ("记录的走法在本版规则下走不通", "its moves do not replay under this version's rules"),
    "replays.fix.unreadable": ("请检查文件权限，或把它移出这个文件夹", "Check its permissions, or move it out of this folder"),
    "replays.fix.not_utf8": ("文件已损坏（可能保存时被中断），可以删除它", "The file is damaged (saving may have been cut "
                             "off); you may delete it"),
    "replays.fix.not_json": ("文件不完整（可能保存时被中断），可以删除它", "The file is incomplete (saving may have been "
                             "cut off); you may delete it"),
    "replays.fix.not_object": ("可以把它移出这个文件夹", "You may move it out of this folder"),
    "replays.fix.not_replay": ("可以把它移出这个文件夹", "You may move it out of this folder"),
    "replays.fix.damaged": ("这一场无法观看，可以删除它", "This match cannot be watched; you may delete it"),
    "replays.fix.unknown_variant": ("它可能来自更新的版本：更新游戏后再看", "It may come from a newer version: "
                                    "update the game to watch it"),
    "replays.fix.bad_moves": ("它可能来自其他版本或被改动过；报告问题时请附上这个文件", "It may come from another "
                              "version or have been edited; attach it to a bug report"),
    "replay.hand": ("第 {i}/{n} 局", "Hand {i}/{n}"),
    "replay.step": ("第 {i}/{n} 步", "Move {i}/{n}"),
    "replay.view": ("视角", "View"),
    "replay.all_open": ("全部明牌", "All hands open"),
    "replay.seat": ("{name}", "{name}"),
    "replay.play": ("播放", "Play"),
    "replay.pause": ("暂停", "Pause"),
    "replay.keys": ("←→ 单步 · ↑↓ 换局 · 空格 播放 · V 换视角", "←→ step · ↑↓ hand · Space play · V view"),
    "replay.start": ("开局", "Deal"),
    "replay.end_hand": ("本局结束", "End of hand"),
    # ---- settings
    "settings.title": ("设置", "Settings"),
    "settings.lang": ("语言", "Language"),
    "settings.sound": ("音效", "Sound effects"),
    "settings.volume": ("音量", "Volume"),
    "settings.anim": ("动画速度", "Animation speed"),
    "settings.hints": ("提示（小灯泡）", "Hints (waiting tiles)"),
    "settings.window": ("窗口大小", "Window size"),
    "settings.fullscreen": ("全屏", "Full screen"),
    "settings.name": ("玩家名", "Player name"),
    "settings.saved_in": ("设置保存在：{path}", "Settings are saved in: {path}"),
    "settings.no_audio": ("（无音频设备，静音）", "(no audio device: silent)"),
    "anim.off": ("关闭", "Off"),
    "anim.slow": ("慢", "Slow"),
    "anim.normal": ("标准", "Normal"),
    "anim.fast": ("快", "Fast"),
    # ---- LAN
    "lan.host_title": ("局域网牌桌", "LAN table"),
    "lan.join_title": ("加入局域网牌桌", "Join a LAN table"),
    "lan.lobby_title": ("等候室", "Lobby"),
    "lan.unavailable": ("局域网对战模块尚未安装（{why}）", "LAN play is not available in this build ({why})"),
    "lan.searching": ("正在搜索局域网中的牌桌…", "Looking for tables on the local network…"),
    "lan.none_found": ("暂未发现牌桌。可以直接输入主机地址。", "No tables found yet. You can type the host's address."),
    "lan.fill_bots": ("电脑补位开始", "Fill with bots & start"),
    "lan.no_discovery": ("无法在局域网广播牌桌，其他玩家可输入地址加入",
                         "Cannot announce the table on the network; other players can type the address"),
    "lan.address": ("主机地址", "Host address"),
    "lan.connect": ("连接", "Connect"),
    "lan.connecting": ("正在连接 {addr}…", "Connecting to {addr}…"),
    "lan.failed": ("连接失败：{why}", "Could not connect: {why}"),
    "lan.hosting": ("牌桌已开启：{addr}", "Table open at {addr}"),
    "lan.share": ("请其他玩家在「加入局域网牌桌」中选择本桌，或输入以上地址",
                  "Other players pick this table under 'Join a LAN table', or type the address above"),
    "lan.seat_open": ("空位（等待玩家加入）", "open: waiting for a player"),
    "lan.waiting_seats": ("坐满后自动开始", "The game starts when every seat is taken"),
    "lan.seat_host": ("主机", "host"),
    "lan.seat_player": ("玩家", "player"),
    "lan.seat_bot": ("电脑", "bot"),
    "lan.start": ("开始游戏", "Start the game"),
    "lan.waiting_host": ("等待其他玩家入座，坐满后自动开始",
                         "Waiting for players: the game starts when every seat is taken"),
    "lan.table_line": ("{name} · {variant} · {players}", "{name} · {variant} · {players}"),
    "lan.players_n": ("{k}/{n} 人", "{k}/{n} players"),
    "lan.stop": ("关闭牌桌", "Close the table"),
    "lan.name": ("你的名字", "Your name"),
    "lan.password": ("牌桌密码", "Table password"),
    "lan.password_for": ("「{name}」需要密码", "'{name}' needs a password"),
    "lan.cancel": ("取消", "Cancel"),
    "lan.locked": ("需密码", "password"),
    "lan.host_id": ("主机 {name} · 密钥 {id}", "host {name} · key {id}"),
    "lan.key_changed": ("密钥变了：{old} → {new}", "key changed: {old} → {new}"),
    "lan.accept_key": ("接受新密钥", "Accept new key"),
    "lan.key_accepted": ("已接受主机「{name}」的新密钥 {fp}", "Accepted the new key {fp} of host '{name}'"),
    "lan.rejoin_seat": ("重新入座 {n}", "Rejoin seat {n}"),
    "lan.held_title": ("你还有保留着的座位", "A seat is still kept for you"),
    "lan.held_line": ("「{table}」· 主机 {host} · 座位 {n}", "'{table}' · host {host} · seat {n}"),
    "lan.held_dismiss": ("不用了", "Not now"),
    "lan.resume_title": ("继续保存的牌桌", "Resume a saved table"),
    "lan.resume_line": ("{name} · {variant} · {where}", "{name} · {variant} · {where}"),
    "lan.resume_where": ("第 {hand} 局进行中", "hand {hand} under way"),
    "lan.resume_between": ("第 {hand} 局之后", "after hand {hand}"),
    "lan.resume_waiting": ("等待玩家", "waiting for players"),
    "lan.resume": ("继续", "Resume"),
    "lan.resume_new": ("新建牌桌", "Host a new table"),
    "lan.resume_damaged": ("有存档已损坏，已移到一边：{why}", "A saved table was damaged and set aside: {why}"),
    "lan.end_title": ("结束牌桌？", "End the table for everyone?"),
    "lan.end_body": ("你是这桌的主机：关闭窗口会让所有玩家离开。牌局已保存，之后可以在「创建局域网牌桌」中继续。",
                     "You are hosting: closing the window ends the table for every player. The game is saved; you "
                     "can resume it later under 'Host a LAN table'."),
    "lan.end_yes": ("结束牌桌", "End the table"),
    "lan.end_no": ("继续打", "Keep playing"),
    "lan.only_here": ("本机没有局域网地址：只有本机可以加入", "No network address: only this computer can join"),
    "lan.code.disk_full": ("主机无法保存牌局（磁盘已满？）：牌桌暂停，进度不会丢失",
                           "The host cannot save the game (disk full?): the table waits, nothing is lost"),
    "lan.code.saved": ("主机可以保存了：牌局继续", "The host can save again: the game goes on"),
    "lan.code.bot_plays": ("{who} 掉线：电脑代打，直到其回来", "{who} dropped out: a bot plays until they are back"),
    "lan.code.player_back": ("{who} 回来了", "{who} is back"),
    "lan.missing_module": ("缺少组件 {name}", "missing {name}"),
    # ---- what a LAN host says, by its code (game.ui.kit.hostmsg); the client's own states after them
    "lan.code.version": ("主机的游戏版本与你的不同：请安装同一版本",
                         "The host runs another version of the game: both need the same"),
    "lan.code.host_key": ("主机的密钥与这台电脑记得的不同：可能是别的电脑冒充它",
                          "The host's key is not the one this computer knows: another machine may pose as it"),
    "lan.host_key_changed": ("主机「{name}」的密钥变了：现在是 {new}，这台电脑记得的是 {old}。若主机重新安装过，"
                          "可在加入列表中选「接受新密钥」；否则可能是别的电脑冒充它",
                          "The key of host '{name}' changed: it shows {new}, this computer knew {old}. If it was set "
                          "up again, choose 'Accept new key' in the join list; otherwise another machine may pose "
                          "as it"),
    "lan.code.channel": ("与主机之间的数据被篡改或中断，连接已关闭",
                         "Data between you and the host was altered or cut: the connection was closed"),
    "lan.code.shuffle": ("洗牌核对不符：主机发的牌与大家的随机数不一致",
                         "The shuffle does not check out: the host's deal does not fit everybody's values"),
    "lan.shuffle_bad": ("洗牌核对不符：{why}", "The shuffle does not check out: {why}"),
    "lan.code.ended": ("主机结束了这张牌桌", "The hosting player ended the table"),
    "lan.code.gone": ("主机没有回来", "The host did not come back"),
    "lan.gone_after": ("主机没有回来（等了 {n} 秒）", "The host did not come back (waited {n} s)"),
    "lan.code.garbage": ("主机收到了无法识别的数据", "The host received data it could not read"),
    "lan.code.too_big": ("消息过大，主机没有接受", "A message was too large for the host"),
    "lan.code.malformed": ("主机无法理解这条消息", "The host could not understand a message"),
    "lan.code.flood": ("发送太频繁，主机断开了连接", "Too many messages: the host closed the connection"),
    "lan.code.not_joined": ("还没有入座", "You have not taken a seat yet"),
    "lan.code.already_joined": ("这个连接已经入座", "This connection already has a seat"),
    "lan.code.no_table": ("主机上没有这张牌桌", "The host has no such table"),
    "lan.code.full": ("牌桌已满", "The table is full"),
    "lan.code.full_held": ("牌桌已满：有座位为掉线的玩家保留着",
                           "The table is full: a seat is kept for a player who dropped out"),
    "lan.code.password": ("牌桌密码不对", "Wrong table password"),
    "lan.code.slow_down": ("密码错误次数太多，请稍后再试", "Too many wrong passwords: wait and try again"),
    "lan.code.bad_token": ("座位凭证已失效，请重新加入", "Your seat's key is no longer valid: join again"),
    "lan.code.not_your_seat": ("只能为自己的座位操作", "You can only act for your own seat"),
    "lan.code.stale": ("牌局已经往下进行，这一步来晚了", "The game moved on: that move came too late"),
    "lan.code.replay": ("重复的消息，已忽略", "A repeated message was ignored"),
    "lan.code.illegal": ("现在不能这样操作", "That move is not allowed now"),
    "lan.code.not_now": ("现在没有需要做的", "There is nothing to do for that now"),
    "lan.code.superseded": ("这个座位已由你新的连接接管", "This seat was taken over by your newer connection"),
    "lan.code.timeout": ("连接后没有及时入座", "No seat was taken in time after connecting"),
    "lan.code.silent": ("太久没有响应：电脑暂时代打，回来后继续",
                        "No word from you for too long: a bot plays until you are back"),
    "lan.code.busy": ("来自你这台电脑的连接太多", "Too many connections from your computer"),
    "lan.code.slow": ("网络太慢，主机断开了连接", "The connection was too slow: the host closed it"),
    "lan.code.shutdown": ("主机已关闭", "The host has closed"),
    "lan.code.left": ("已离开牌桌", "You left the table"),
    "lan.code.internal": ("主机处理出错", "The host could not process that"),
    "lan.code.reconnecting": ("与主机的连接中断，正在重新连接…", "Lost the connection to the host: reconnecting…"),
    "lan.code.unreachable": ("无法连接到主机（地址不对，或主机已关闭）",
                             "Cannot reach the host (wrong address, or the host is gone)"),
    "lan.code.lost": ("与主机的连接已断开", "The connection to the host was lost"),
    "lan.code.unknown": ("主机返回了本版本不认识的消息（{code}）",
                         "The host sent a message this version does not know ({code})"),
    "net.refused": ("主机拒绝连接（地址或端口不对？）", "The host refused the connection (wrong address or port?)"),
    "net.unreachable": ("找不到主机（不在同一网络？）", "Cannot reach the host (not on the same network?)"),
    "net.timeout": ("连接超时", "The connection timed out"),
    "net.in_use": ("端口已被占用", "The port is already in use"),
    "net.no_address": ("本机没有这个网络地址", "This computer has no such network address"),
    "net.reset": ("连接被对方断开", "The connection was reset"),
    "net.denied": ("系统不允许这个网络操作", "The system does not allow this network operation"),
    "net.bad_address": ("地址格式不对（例如 192.168.1.20:50555）",
                        "Not a valid address (for example 192.168.1.20:50555)"),
    "net.other": ("网络错误（{code}）", "Network error ({code})"),
    "lan.code.no_watch": ("这张牌桌不允许观战", "This table takes no watchers"),
    "lan.code.watcher": ("观战者不能出牌", "A watcher has no decisions"),
    # watching a LAN table (issue 17)
    "lan.watch": ("观战", "Watch"),
    "lan.watchers_n": ("{k} 人观战", "{k} watching"),
    "lan.watch_open": ("观战可见手牌", "watchers see every hand"),
    "lan.watch_off": ("不可观战", "no watchers"),
    "watch.title": ("观战", "Watching"),
    "watch.seat": ("座位 {i}", "Seat {i}"),
    "watch.open_short": ("明牌", "open hands"),
    "watch.open_note": ("主机公开了这张牌桌：观战者能看到所有手牌",
                        "The host opened this table: watchers see every hand"),
    "watch.watchers": ("观战 {k} 人", "{k} watching"),
    "watch.waiting": ("等待玩家入座", "Waiting for the players to sit down"),
    "watch.next_match": ("本场结束，等待下一场", "The match is over: waiting for the next one"),
    "watch.reconnecting": ("与主机 {addr} 断开，正在重新连接", "Lost the host at {addr}: reconnecting"),
    "watch.refused": ("无法观战：{why}", "Cannot watch: {why}"),
    "watch.keys": ("按两次 Esc 离开 · F11 全屏", "Esc twice to leave · F11 full screen"),
    "watch.leave_confirm": ("再按一次 Esc 离开观战", "Press Esc again to stop watching"),
    "watch.badge": ("{k} 人观战", "{k} watching"),
    "watch.badge_open": ("可见手牌", "they see every hand"),
    # ---- demo
    "demo.win": ("{who} 胡了：{pats}", "{who} wins: {pats}"),
    "demo.claim": ("{who} {what}", "{who}: {what}"),
    "demo.flip": ("{what}：{tile}", "{what}: {tile}"),
    "demo.draw": ("流局", "Drawn hand"),
    "demo.win_lapsed": ("{who}的胡作废：{winner}先胡（一炮多响未勾选）",
                        "{who}'s win lapsed: {winner} was first (one winner per discard)"),
    "demo.tail_take": ("{who} 杠后取屁股牌 {tile}", "{who} takes the tail tile {tile} after the kong"),
    "demo.blind_draw": ("{who} 抄底（盲摸）", "{who} draws blind from the front"),
    "demo.sequence": ("{who} {what}！", "{who}: {what}!"),
    # ---- why the rules refuse a win, by the rules core's refusal code (game/rules/codes.py)
    "refusal.not_a_win": ("不是胡牌牌型", "not a winning hand"),
    "refusal.needs_wildcard": ("文山麻将需要小鸡（癞子）牌", "Wenshan needs the wildcard (the chick)"),
    "refusal.needs_pass": ("平胡点炮需要通行证（有豆、热炮、杀报、报听或地胡）",
                           "a plain win on a discard needs a pass: a kong (bean), a hot discard, a declared discarder, "
                           "one's own declaration or an earthly win"),
    "refusal.passed_win": ("过手胡：放过了一次胡，到自己下次摸牌前不能再点炮胡同样大或更小的牌",
                           "missed win: after passing a win, no win on a discard worth no more until one's next draw"),
    "refusal.no_chow": ("捉鸡玩法不能吃牌", "no chow in the chicken games"),
    "refusal.tian_hu_dealer": ("天胡只能是庄家起手自摸", "a heavenly win is the dealer's self-drawn win on the deal"),
    "refusal.tian_hu_no_melds": ("天胡不能有碰或杠", "a heavenly win allows no pung or kong"),
    "refusal.tian_hu_concealed_kongs_only": ("天胡只允许暗杠", "a heavenly win allows concealed kongs only"),
    "refusal.di_hu_non_dealer": ("地胡只能是闲家胡牌", "an earthly win is a non-dealer's win"),
    "refusal.di_hu_no_melds": ("地胡不能有碰或杠", "an earthly win allows no pung or kong"),
    "refusal.di_hu_concealed_kongs_only": ("地胡只允许暗杠", "an earthly win allows concealed kongs only"),
    "refusal.sequence_both": ("十风和十三幺不能同时计", "ten winds and thirteen terminals cannot both apply"),
    "refusal.shi_feng_needs_honors": ("十风需要勾选有风", "ten winds needs the honors option"),
    "refusal.shi_feng_no_melds": ("十风不能有吃、碰或杠", "ten winds allows no chow, pung or kong"),
    "refusal.shi_san_yao_no_melds": ("十三幺不能有吃、碰或杠", "thirteen terminals allows no chow, pung or kong"),
    # ---- the demo's lessons (game/ui/menus/teach.py)
    "demo.banner": ("演示 · {variant} · 第{k}手 · 按任意键返回主菜单", "Demo · {variant} · hand {k} · any key: menu"),
    "demo.all": ("轮流演示各玩法", "All games in turn"),
    "demo.short.wenshan": ("文山翻小鸡", "Wenshan"),
    "demo.short.yuxi": ("玉溪扳倒胡", "Yuxi"),
    "demo.short.guiyang": ("贵阳捉鸡", "Guiyang"),
    "demo.short.zhuoji": ("捉鸡麻将", "Zhuoji"),
    "teach.start": ("第{k}手开始：{who} 坐庄，先拿十四张", "Hand {k}: {who} deals and starts with 14 tiles"),
    "teach.goal.wenshan": ("四组加一对（或七对、烂牌、幺牌）就能胡；一张牌只能一家胡",
                           "Four sets and a pair win (or seven pairs, a scattered or terminals hand); "
                           "one winner per discard"),
    "teach.goal.yuxi": ("四组加一对就能胡，点炮也行；一张牌可以几家同时胡（一炮多响）",
                        "Four sets and a pair win, on a discard too; several players may win the same discard"),
    "teach.goal.chicken": ("不能吃；平胡点炮要通行证（豆、热炮、报听…）；鸡和豆在最后结算",
                           "No chow; a plain win on a discard needs a pass (a kong, a hot discard, a declaration...); "
                           "chickens and kongs are paid at the end"),
    "teach.flip.indicator": ("翻开 {ind} → 小鸡是 {wild}", "{ind} is turned up → the chick is {wild}"),
    "teach.rule.wild": ("翻开那张的下一张就是小鸡（癞子），手里的小鸡可以当任何牌；白板可以当 {wild}",
                        "The tile after the flipped one is the chick, a wildcard in hand; "
                        "a White may stand in as {wild}"),
    "teach.rule.wild_white": ("小鸡正好是白板：白板就是万能牌", "The chick is the White itself: Whites are the jokers"),
    "teach.flip.tail": ("翻屁股：牌尾两张 {tiles} 翻开给大家看", "The two tail tiles are turned up: {tiles}"),
    "teach.rule.tail": ("开杠后，翻开的屁股牌正好能胡才能拿（杠上花）；不勾抄底时，只有这样才能开杠",
                        "After a kong a face-up tail tile may be taken only if it wins (kong bloom); "
                        "without the blind-draw option that is the only time to kong"),
    "teach.rule.tail_chao_di": ("本局勾选了抄底：随时可以开杠；屁股牌能胡就拿它（杠上花），不能就从牌墙前面盲摸",
                                "Blind draw is on: kongs any time; a tail tile that wins is taken (kong bloom), "
                                "otherwise the replacement is drawn blind from the front"),
    "teach.flip.chicken": ("捉鸡：翻开 {zhuo} → 翻牌鸡是 {chick}",
                           "Chicken flip: {zhuo} is turned up → {chick} is the flipped chicken"),
    "teach.rule.flipped": ("翻牌鸡是捉鸡牌的下一张：听牌的人手里每张都算一只鸡",
                           "The flipped chicken is the tile after the flip: each one a ready player holds counts"),
    "teach.rule.golden": ("翻到的正好是幺鸡或乌骨鸡：金鸡，每张翻倍",
                          "It is a default chicken: golden, each worth double"),
    "teach.discard_wild": ("{who} 打出小鸡 {tile}", "{who} discards the chick {tile}"),
    "teach.rule.wild_discard": ("打出去的小鸡只算 {tile} 本身，不再是万能牌",
                                "A discarded chick is just {tile}, no longer a wildcard"),
    "teach.chow": ("{who} 吃 {src} 的 {tile}", "{who} chows {src}'s {tile}"),
    "teach.pung": ("{who} 碰 {src} 的 {tile}", "{who} pungs {src}'s {tile}"),
    "teach.kong": ("{who} 杠 {src} 的 {tile}", "{who} makes a kong of {src}'s {tile}"),
    "teach.rule.chow": ("吃：只能吃上家打出的牌，凑成顺子", "Chow: only the previous player's discard, to make a run"),
    "teach.sub.chow_wild": ("{who} 用小鸡 {wild} 当 {face} 吃成顺子",
                            "{who} uses the chick {wild} as {face} to complete the run"),
    "teach.sub.wild": ("{who} 用小鸡 {wild} 当 {face}", "{who} uses the chick {wild} as {face}"),
    "teach.rule.wild_any": ("小鸡在手里可以当任何牌：吃、碰、杠、胡都行；放进副露就固定了",
                            "A chick in hand stands for any tile, for chow, pung, kong and winning; "
                            "in a meld it stays what it stood for"),
    "teach.sub.white": ("{who} 用白板当 {face}", "{who} uses a White as {face}"),
    "teach.rule.white": ("白板可以当小鸡的牌面（{wild}），也可以当白板本身，但不是万能牌",
                         "A White may be the chick's face ({wild}) or itself, but it is no free joker"),
    "teach.ze_ren": ("{who} 碰了 {src} 打出的第一张 {tile}：责任鸡",
                     "{who} claims {src}'s first {tile}: a liable chicken"),
    "teach.rule.ze_ren": ("责任鸡：第一张幺鸡（乌骨鸡）被碰或杠，打出的人要赔给碰杠的人",
                          "Liable chicken: whoever discarded the first 1 Bamboo (8 Dots) that got "
                          "claimed pays the claimer"),
    "teach.kong_self": ("{who} {what}", "{who}: {what}"),
    "teach.bean.men": ("{who} 闷豆（暗杠）", "{who} has a concealed bean (a concealed kong)"),
    "teach.bean.pa": ("{who} 爬坡豆（补杠）", "{who} has a climbing bean (an added kong)"),
    "teach.bean.dian": ("{who} 点豆：{src} 打的牌被杠", "{who} has a claimed bean: a kong of {src}'s discard"),
    "teach.rule.bean": ("每个杠都是一颗豆，也是通行证；听牌的人每颗闷豆、爬坡豆向每家收 3",
                        "Every kong is a bean and a pass; a ready player collects 3 from each player per "
                        "concealed or added bean"),
    "teach.rule.bean_dian": ("点豆：只向打出那张牌的人收 3（听牌才收）；豆也是平胡点炮的通行证",
                             "Claimed bean: 3 from the discarder only (if ready at the end); a bean is also a pass"),
    "teach.bean.late": ("{who} 的杠是憨包豆", "{who}'s kong is a late bean"),
    "teach.rule.bean_late": ("憨包豆：第四张早就摸到了，晚了才杠：不值分，但还是通行证",
                             "Late bean: the fourth tile came in an earlier turn: worth nothing, still a pass"),
    "teach.kong_sub": ("{who} 的杠里有小鸡或白板", "{who}'s kong holds a chick or a White"),
    "teach.rule.kong_sub": ("带癞子的杠没有杠分", "A kong holding a substitute scores no kong points"),
    "teach.rule.kong_points": ("杠分在每手结束时算：明杠、补杠每家付 1，暗杠每家付 2",
                               "Kong points at the end of the hand: 1 from each player for an exposed or added kong, "
                               "2 for a concealed one"),
    "teach.tail_take": ("{who} 杠后拿翻开的屁股牌 {tile}：杠上花！",
                        "{who} takes the face-up tail tile {tile} after the kong: kong bloom!"),
    "teach.rule.tail_take": ("杠上花：屁股牌正好能胡才能拿，算自摸，另加一番",
                             "Kong bloom: a tail tile is taken only when it wins; paid as a self-draw, one extra fan"),
    "teach.blind_draw": ("{who} 抄底：屁股牌胡不了，从牌墙前面盲摸一张",
                         "{who} draws blind: no tail tile wins, so the replacement comes from the front"),
    "teach.rule.chao_di": ("抄底（随时杠）：勾选后任何时候都能开杠，补牌不中就盲摸",
                           "Blind-draw option: kongs any time; when no tail tile wins, the replacement is drawn blind"),
    "teach.declare": ("{who} 报听", "{who} declares ready"),
    "teach.rule.declare": ("报听：第一次出牌后听了才能报；之后不能换牌，摸什么打什么，胡了有奖励",
                           "Declaring: only right after the first discard, when ready; "
                           "then every drawn tile goes unless it wins, and a win earns a bonus"),
    "teach.rule.declare.guiyang": ("报听：第一次出牌后听了才能报，之后摸什么打什么；胡了 +10，不用通行证；"
                                   "赢了报听的人也 +10（杀听）",
                                   "Declaring: only right after the first discard, when ready; "
                                   "then every drawn tile goes unless it wins; a win is +10 and needs no pass; "
                                   "beating a declared player is +10 too"),
    "teach.rule.declare.zhuoji": ("报听：第一次出牌后听了才能报，之后摸什么打什么；胡了 +15；报听的人点炮或被自摸，"
                                  "另付杀报 15",
                                  "Declaring: only right after the first discard, when ready; "
                                  "then every drawn tile goes unless it wins; a win is +15; "
                                  "a declared player who deals in or is self-drawn on pays 15 more"),
    "teach.chong_feng": ("{who} 打出本手第一张 {tile}，没人要：冲锋鸡",
                         "{who}'s first {tile} of the hand goes unclaimed: a charging chicken"),
    "teach.rule.chong_feng.guiyang": ("冲锋鸡算两倍：听牌时向每家收，没听牌要包给听牌的人",
                                      "A charging chicken counts double: collected when ready, "
                                      "paid to ready players when not"),
    "teach.rule.chong_feng.zhuoji": ("冲锋鸡算三倍；之后谁第一次出牌也打这张鸡，也算冲锋（跟冲）",
                                     "A charging chicken counts triple; anyone whose first discard is the same "
                                     "chicken later gets one too"),
    "teach.gen_chong": ("{who} 第一次出牌也打 {tile}：跟冲",
                        "{who}'s first discard is also {tile}: a follow-up charge"),
    "teach.rule.gen_chong.zhuoji": ("跟冲：冲锋之后，谁第一次出牌也打这张鸡，也算冲锋鸡",
                                    "Follow-up charge: after a charge, whoever discards the same chicken as their "
                                    "first discard gets one too"),
    "teach.sequence": ("{who} {what}", "{who}: {what}"),
    "teach.refused": ("{who} 凑得上 {tile}，但不能胡：{why}",
                      "{who} could complete a hand with {tile} but may not win: {why}"),
    "teach.why.wild_discard": ("打出的小鸡只算本身", "a discarded chick is just its face"),
    "teach.rule.pass": ("通行证：有豆（杠）、热炮、抢杠、杀报、自己报听或地胡；对子、七对、清一色等大牌不需要",
                        "A pass is a bean (kong), a hot discard, a robbed kong, a declared discarder, "
                        "one's own declaration or an earthly win; bigger patterns need none"),
    "teach.win.self": ("{who} 自摸 {tile}：{pats}", "{who} self-draws {tile}: {pats}"),
    "teach.win.discard": ("{who} 胡 {src} 打的 {tile}：{pats}", "{who} wins on {src}'s {tile}: {pats}"),
    "teach.win.rob": ("{who} 抢 {src} 的杠 {tile}：{pats}", "{who} robs {src}'s kong of {tile}: {pats}"),
    "teach.rule.pattern": ("{gloss}", "{gloss}"),
    "teach.no_ying_gong": ("{who} 用了小鸡或白板替牌，不算硬功",
                           "{who} used a chick or a White as another tile: no bonus for a natural hand"),
    "teach.rule.ying_gong": ("硬功：没有小鸡、白板替牌才 ×2",
                             "A natural hand (×2) means no chick or White stands for another tile"),
    "teach.exhausted": ("牌摸完了，没人胡：流局", "The wall is used up and nobody won: a drawn hand"),
    "teach.rule.exhausted.wenshan": ("黄牌：只结算杠分", "Drawn hand: only kong points are settled"),
    "teach.rule.exhausted.yuxi": ("流局：什么都不结算", "Drawn hand: nothing is settled"),
    "teach.rule.exhausted.guiyang": ("荒庄查叫：没听牌的人赔每个听牌的人；豆和鸡都不算",
                                     "Drawn: each player not ready pays each ready player their best hand; no beans, "
                                     "no chickens"),
    "teach.rule.exhausted.zhuoji": ("荒庄查叫：没听牌的人赔听牌的人，还要包豆、包鸡",
                                    "Drawn: players not ready pay the ready ones their best hand, "
                                    "and their beans and chickens"),
    "teach.item.paid": ("{who} 收 {pts}：{label}（{payers} 付）", "{who} gets {pts}: {label} (paid by {payers})"),
    "teach.item.got": ("{who} 收 {pts}：{label}", "{who} gets {pts}: {label}"),
    "teach.item.zero": ("{who}：{label}", "{who}: {label}"),
    "teach.settle": ("结算：一项一项看", "The settlement, item by item"),
    # ---- score calculator (算分器)
    "menu.calc": ("算分器", "Score calculator"),
    "calc.title": ("算分器", "Score calculator"),
    "calc.variant": ("玩法", "Rules"),
    "calc.options": ("选项…", "Options…"),
    "calc.options_title": ("{variant} 的选项", "Options of {variant}"),
    "calc.hand": ("手牌（含胡的那张）", "Concealed hand (winning tile included)"),
    "calc.hand_n": ("{k}/{n} 张", "{k}/{n} tiles"),
    "calc.melds": ("副露与杠", "Melds and kongs"),
    "calc.melds_none": ("没有副露（门清）", "No melds (concealed hand)"),
    "calc.palette": ("点牌加入：{target}", "Tap a tile to add: {target}"),
    "calc.target.hand": ("手牌", "to the hand"),
    "calc.tgt.hand": ("手牌", "Hand"),
    "calc.target.chow": ("吃（点最小的一张）", "a chow (tap its lowest tile)"),
    "calc.target.pung": ("碰", "a pung"),
    "calc.target.kong": ("明杠（直杠）", "a kong on a discard"),
    "calc.target.added_kong": ("补杠", "an added kong"),
    "calc.target.concealed_kong": ("暗杠", "a concealed kong"),
    "calc.target.wildcard": ("小鸡（癞子）", "the chick (wildcard)"),
    "calc.target.chicken": ("翻牌鸡", "the flipped chicken"),
    "calc.target.kong_draws": ("杠后补牌", "kong replacement tiles"),
    "calc.meld.chow": ("吃", "Chow"),
    "calc.meld.pung": ("碰", "Pung"),
    "calc.meld.kong": ("明杠", "Kong"),
    "calc.meld.added_kong": ("补杠", "Added kong"),
    "calc.meld.concealed_kong": ("暗杠", "Concealed kong"),
    "calc.win_tile": ("胡的牌", "Winning tile"),
    "calc.set_win": ("设为胡牌", "Winning tile"),
    "calc.remove": ("拿掉", "Remove"),
    "calc.clear": ("清空", "Clear"),
    "calc.how": ("怎么胡的", "How it was won"),
    "calc.how.self_draw": ("自摸", "Self-draw"),
    "calc.how.discard": ("点炮", "On a discard"),
    "calc.how.rob_kong": ("抢杠", "Robbing a kong"),
    "calc.winner": ("胡牌的人", "Winner"),
    "calc.dealer": ("庄家", "Dealer"),
    "calc.from.discard": ("点炮的人", "Discarder"),
    "calc.from.rob_kong": ("被抢杠的人", "Robbed player"),
    "calc.from.self_draw": ("点炮的人", "Discarder"),
    "calc.from.nobody": ("自摸：无人点炮", "self-draw: nobody"),
    "calc.seat_n": ("座位{i}", "Seat {i}"),
    "calc.dealer_mark": ("（庄）", " (dealer)"),
    "calc.flags": ("情形", "Situation"),
    "calc.flag.after_kong": ("杠上花（杠后补牌自摸）", "Kong replacement win"),
    "calc.flag.after_kong.chicken": ("杠开（杠后补牌自摸）", "Kong replacement win"),
    "calc.flag.double_kong": ("双杠上花（连杠两次）", "After two kongs in a row"),
    "calc.flag.last_tile": ("海底捞月（最后一张）", "Last tile of the wall"),
    "calc.flag.tian_hu": ("天胡（庄家起手胡）", "Heavenly win"),
    "calc.flag.di_hu": ("地胡（闲家第一圈胡）", "Earthly win"),
    "calc.flag.declared_ready": ("报听（胡的人报了听）", "Winner declared ready"),
    "calc.flag.discarder_declared": ("杀报（赢了报听的人）", "Beats a declared player"),
    "calc.flag.hot": ("热炮（杠后打出的牌）", "Hot discard after a kong"),
    "calc.flag.shi_feng": ("十风", "Ten wind discards"),
    "calc.flag.shi_san_yao": ("十三幺", "Thirteen 1/9 discards"),
    "calc.wildcard": ("小鸡（癞子）", "Chick (wildcard)"),
    "calc.wildcard_line": ("翻 {ind} → 小鸡 {tile}；白板可当 {tile}", "Flipped {ind} → chick {tile}; White = {tile}"),
    "calc.wildcard_white": ("翻 {ind} → 小鸡是白板：白板就是万能牌",
                            "Flipped {ind} → the chick is the White: Whites are the jokers"),
    "calc.chicken": ("翻牌鸡", "Flipped chicken"),
    "calc.chicken_none": ("未翻（不选）", "none"),
    "calc.kong_draws": ("杠后补牌", "Kong draws"),
    "calc.streak": ("连庄次数", "Dealer streak"),
    "calc.declared": ("报听的人", "Declared ready"),
    "calc.pick": ("选择", "Pick"),
    "calc.subs_hint": ("点副露里的牌可换成小鸡或白板", "Click a meld tile to swap in the chick or a White"),
    "calc.copy": ("复制牌谱", "Copy hand"),
    "calc.copy_json": ("复制 JSON", "Copy JSON"),
    "calc.paste": ("粘贴", "Paste"),
    "calc.notation": ("牌谱", "Notation"),
    "calc.notation_hint": ("如 123m456p789s11z+2z 碰:555m，回车读入",
                           "e.g. 123m456p789s11z+2z pung:555m, Enter reads it"),
    "calc.copied": ("已复制：{text}", "Copied: {text}"),
    "calc.copied_local": ("系统剪贴板不可用，已放进牌谱栏：{text}",
                          "No system clipboard: it is in the notation field: {text}"),
    "calc.pasted": ("已读入牌谱", "Hand read"),
    "calc.settle": ("看结算", "Settlement"),
    "calc.result": ("结果", "Result"),
    "calc.total": ("每家 {total} 分", "{total} per payer"),
    "calc.pays": ("{who} 付 {pts}", "{who} pays {pts}"),
    "calc.gets": ("{who} 收 {pts}", "{who} receives {pts}"),
    "calc.invalid": ("不能胡：{why}", "Not a win here: {why}"),
    "calc.fix": ("还不能算：", "Cannot count yet:"),
    "calc.formula": ("算法 {f}", "Formula {f}"),
    "calc.chickens": ("鸡（在牌桌上另算，不计入这手分）", "Chickens (settled at the table, not in this score)"),
    "calc.chickens_none": ("手里没有鸡", "No chickens in this hand"),
    "calc.chicken_item": ("{name} {tile} ×{k}（每张 {v}）", "{name} {tile} ×{k} ({v} each)"),
    "calc.not_scored": ("杠分、豆和鸡要整手牌桌才能算，不在此列（见牌局回放）",
                        "Kong points, beans and chickens need the whole table: not counted here (see replays)"),
    "calc.keys": ("Tab 切换 · 方向键选牌 · 回车加入 · 退格删除 · W 设为胡牌 · Ctrl+C/V 复制粘贴 · Esc 返回",
                  "Tab move · arrows pick · Enter add · Backspace remove · W winning tile · "
                  "Ctrl+C/V copy/paste · Esc back"),
    "calc.settle_title": ("算分结果", "Score"),
    "calc.settle_win.self_draw": ("{who} 自摸", "{who} wins by self-draw"),
    "calc.settle_win.discard": ("{who} 胡 {src} 的点炮", "{who} wins on {src}'s discard"),
    "calc.settle_win.rob_kong": ("{who} 抢 {src} 的杠", "{who} robs {src}'s kong"),
    "calc.settle_items": ("计分项", "What counts"),
    "calc.judged_with": ("按此计算：", "Judged with: "),
    "calc.settle_close": ("返回修改", "Back to the hand"),
    "calc.p.not_in_set": ("本玩法（这些选项下）没有 {tile}", "{tile} is not in this game's tiles (with these options)"),
    "calc.p.no_more": ("{tile} 只有 {n} 张，已经用完", "{tile}: all {n} copies are used"),
    "calc.p.too_many": ("{tile} 用了 {k} 张，最多 {n} 张", "{tile} is used {k} times; there are {n}"),
    "calc.p.hand_full": ("手牌已满 {n} 张：先拿掉一张或改成副露", "The hand is full at {n} tiles: remove one first"),
    "calc.p.hand_count": ("手牌应有 {n} 张（{m} 组副露，含胡的那张），现在 {k} 张",
                          "The hand needs {n} tiles ({m} melds, winning tile included); it has {k}"),
    "calc.p.hand_too_big": ("手牌有 {n} 张，加副露后最多 {k} 张：先拿掉几张",
                            "The hand has {n} tiles; with another meld it may hold {k}: remove some first"),
    "calc.p.win_tile": ("选出胡的是哪一张", "Choose the winning tile"),
    "calc.p.source": ("选出点炮（或被抢杠）的人", "Choose who dealt in (or whose kong was robbed)"),
    "calc.p.source_self": ("点炮的人不能是胡牌的人自己", "The discarder cannot be the winner"),
    "calc.p.wildcard": ("选出本手的小鸡", "Choose this hand's chick (wildcard)"),
    "calc.p.seat": ("座位要在 1 到 {n} 之间", "Seats run from 1 to {n}"),
    "calc.p.no_chow": ("这个玩法不能吃", "This game has no chow"),
    "calc.p.chow_honor": ("字牌不能吃", "Honors cannot make a chow"),
    "calc.p.melds_full": ("最多四组副露", "At most four melds"),
    "calc.p.no_subs": ("这一张没有可替换的牌", "Nothing may stand in for this tile"),
    "calc.p.paste_empty": ("牌谱是空的", "The notation is empty"),
    "calc.p.paste_bad": ("读不懂牌谱：{why}", "Cannot read the notation: {why}"),
    "calc.p.input": ("输入有误：{why}", "Bad input: {why}"),
    # ---- games and languages
    "variant.wenshan": ("文山翻小鸡", "Wenshan Flip-the-Chick"),
    "variant.kunming": ("昆明文山麻将", "Kunming Wenshan"),
    "variant.yuxi": ("玉溪扳倒胡", "Yuxi Bandaohu"),
    "variant.guiyang": ("贵阳捉鸡", "Guiyang Catch-the-Chicken"),
    "variant.zhuoji": ("捉鸡麻将", "Catch-the-Chicken Mahjong"),
    "lang.zh": ("中文", "中文"),
    "lang.en": ("English", "English"),
    # ---- variants not yet in this build
    "variant.missing": ("该玩法尚未加入本版本", "This game is not in this build yet"),
}


# English texts for n == 1 of the keys whose English counts something with a plural noun
ONE_EN: dict[str, str] = {
    "end.played": "{n} hand",
    "replays.hands": "{n} hand",
    "table.wall_tip_all": "{n} tile in the wall, to be drawn",
    "table.wall_tip": "{wall} tiles in the wall; the last {k} are never drawn: {n} draw left",
    "setup.players_fixed": "{n} player in this game",
}

"""Every string the client shows, in 中文 and English, from one table (switchable live).

``tr(key, **fmt)`` looks a key up in the current language; ``pick(zh, en)`` chooses
between texts that arrive in both languages (variant names, option labels,
settlement items). Tile names come from ``tile_name``. Changing the language
with ``set_lang`` takes effect on the next frame: scenes never cache
translated text across a language change.
"""

from __future__ import annotations

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
    return text.format(**fmt) if fmt else text


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


WINDS = (("东", "E"), ("南", "S"), ("西", "W"), ("北", "N"))


def wind(i: int) -> str:
    return pick(*WINDS[i % 4])


BOT_LEVELS = ("easy", "normal", "strong")

S: dict[str, tuple[str, str]] = {
    # ---- app / general
    "app.title": ("云贵麻将", "Yun-Gui Mahjong"),
    "app.subtitle": ("文山翻小鸡 · 玉溪扳倒胡 · 贵阳捉鸡 · 捉鸡麻将",
                     "Wenshan · Yuxi · Guiyang · Zhuoji"),
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
    "notice.settings_corrupt": ("设置文件损坏，已恢复默认设置", "The settings file was damaged: defaults restored"),
    "notice.settings_readonly": ("无法保存设置（{why}），本次仍可继续游戏",
                                 "Could not save settings ({why}); playing on without saving"),
    "notice.replay_saved": ("本场已保存到回放", "Match saved to replays"),
    "notice.replay_failed": ("无法保存回放（{why}）", "Could not save the replay ({why})"),
    "notice.lang": ("语言：中文", "Language: English"),
    "notice.fullscreen_failed": ("无法切换全屏", "Could not switch to full screen"),
    "notice.error": ("出错了：{msg}", "Something went wrong: {msg}"),
    # ---- menu
    "menu.play": ("人机对战", "Play vs bots"),
    "menu.host": ("创建局域网牌桌", "Host a LAN table"),
    "menu.join": ("加入局域网牌桌", "Join a LAN table"),
    "menu.demo": ("演示模式", "Demo mode"),
    "menu.rules": ("规则说明", "Rules"),
    "menu.replays": ("牌局回放", "Replays"),
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
                        "missed win: you passed a win, so until your next draw you may not win on a discard of equal or lower value"),
    "hint.why_pass": ("平胡点炮需要通行证（有豆、热炮、杀报、报听或地胡）", "an all-sets win on a discard needs a pass: a bean (kong), a hot discard, a declared discarder, your own declaration or an earthly win"),
    "table.wait_next": ("等待其他玩家准备下一局…", "Waiting for the other players to be ready for the next hand…"),
    "hint.why_generic": ("牌型齐了，但本玩法此时不算胡", "the shape is complete, but these rules do not count it as a win here"),
    "hint.title": ("小灯泡", "Hints"),
    "hint.wild": ("★ 小鸡（癞子）可当任意牌", "★ the chick (wildcard) stands for any tile"),
    # ---- public info (variant facts)
    "pub.indicator": ("翻牌", "Flipped"),
    "pub.wildcard": ("小鸡", "Chick"),
    "pub.standin": ("白板替", "白 stands in"),
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
    "pub.chong_feng": ("冲锋鸡", "Charging 1s"),
    "pub.chong_feng_wu": ("冲锋乌骨鸡", "Charging 8p"),
    "pub.ze_ren": ("责任鸡", "Liable 1s"),
    "pub.ze_ren_wu": ("责任乌骨鸡", "Liable 8p"),
    "pub.zhuo": ("捉鸡牌", "Chicken flip"),
    "pub.chicken": ("翻牌鸡", "Flipped chicken"),
    "pub.all_chickens": ("本局鸡", "Chickens this hand"),
    "pub.default_chickens": ("鸡牌", "Chickens"),
    "pub.shi_feng": ("十风", "Ten winds"),
    "pub.shi_san_yao": ("十三幺", "Thirteen 1/9"),
    "flip.tail": ("翻屁股", "Tail tiles turned up"),
    "pub.wu_gu": ("乌骨鸡", "Black-bone chicken"),
    "pub.yao_ji": ("幺鸡", "Chicken (1s)"),
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
    "replays.title": ("牌局回放", "Replays"),
    "replays.empty": ("还没有保存的牌局。打完一场后会自动保存在这里。",
                      "No saved matches yet. Every finished match is saved here."),
    "replays.folder": ("保存位置：{path}", "Saved in: {path}"),
    "replays.hands": ("{n} 局", "{n} hands"),
    "replays.unfinished": ("未完成", "unfinished"),
    "replays.open": ("观看", "Watch"),
    "replays.broken": ("无法读取：{why}", "Cannot read: {why}"),
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
    "lan.no_discovery": ("无法在局域网广播牌桌（{why}），其他玩家可输入地址加入",
                         "Cannot announce the table on the network ({why}); other players can type the address"),
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
    "lan.waiting_host": ("等待其他玩家入座，坐满后自动开始", "Waiting for players: the game starts when every seat is taken"),
    "lan.table_line": ("{name} · {variant} · {players}", "{name} · {variant} · {players}"),
    "lan.players_n": ("{k}/{n} 人", "{k}/{n} players"),
    "lan.stop": ("关闭牌桌", "Close the table"),
    "lan.name": ("你的名字", "Your name"),
    "lan.password": ("牌桌密码", "Table password"),
    "lan.password_for": ("「{name}」需要密码", "'{name}' needs a password"),
    "lan.cancel": ("取消", "Cancel"),
    "lan.locked": ("需密码", "password"),
    "lan.host_id": ("主机 {name} · 编号 {id}", "host {name} · id {id}"),
    "lan.only_here": ("本机没有局域网地址：只有本机可以加入", "No network address: only this computer can join"),
    "lan.code.disk_full": ("主机无法保存牌局（磁盘已满？）：牌桌暂停，进度不会丢失",
                           "The host cannot save the game (disk full?): the table waits, nothing is lost"),
    "lan.code.saved": ("主机可以保存了：牌局继续", "The host can save again: the game goes on"),
    "lan.code.bot_plays": ("{who} 掉线：电脑代打，直到其回来", "{who} dropped out: a bot plays until they are back"),
    "lan.code.player_back": ("{who} 回来了", "{who} is back"),
    # ---- demo
    "demo.caption": ("演示模式 · {variant} · 按任意键返回主菜单", "Demo · {variant} · any key returns to the menu"),
    "demo.win": ("{who} 胡了：{pats}", "{who} wins: {pats}"),
    "demo.claim": ("{who} {what}", "{who}: {what}"),
    "demo.flip": ("{what}：{tile}", "{what}: {tile}"),
    "demo.draw": ("流局", "Drawn hand"),
    "demo.tail_take": ("{who} 杠后取屁股牌 {tile}", "{who} takes the tail tile {tile} after the kong"),
    "demo.blind_draw": ("{who} 抄底（盲摸）", "{who} draws blind from the front"),
    "demo.sequence": ("{who} {what}！", "{who}: {what}!"),
    "demo.next": ("下一种玩法：{variant}", "Next game: {variant}"),
    # ---- games and languages
    "variant.wenshan": ("文山翻小鸡", "Wenshan Flip-the-Chick"),
    "variant.kunming": ("昆明文山麻将", "Kunming Wenshan"),
    "variant.yuxi": ("玉溪扳倒胡", "Yuxi Ban-Dao-Hu"),
    "variant.guiyang": ("贵阳捉鸡", "Guiyang Chicken"),
    "variant.zhuoji": ("捉鸡麻将", "Zhuoji Chicken"),
    "lang.zh": ("中文", "中文"),
    "lang.en": ("English", "English"),
    # ---- variants not yet in this build
    "variant.missing": ("该玩法尚未加入本版本", "This game is not in this build yet"),
}

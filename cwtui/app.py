"""The cwtui Textual app. It owns navigation: screens post the messages of
`cwtui.navigation` and only the App constructs screens, handing each the narrowest
input it needs (a session, a folder, the shared `Settings`).

The app shows its home screen before it imports any other screen: each is imported
where the App first builds it, so DuckDB, the charts, the search and the network load
when a player goes there, not while the app starts (scripts/bench_startup.py)."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import msgspec
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.notifications import SeverityLevel
from textual.screen import Screen

from cwtui import navigation
from cwtui.cores.search_pool import TreePool
from cwtui.lang import N_, _, language, languages, use
from cwtui.outside import MAX_VALUE, plain
from cwtui.screens.help.help import HelpScreen
from cwtui.screens.home.home import HomeScreen
from cwtui.screens.keys import game_keys
from cwtui.screens.too_small.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from cwtui.shell import no_markup, textual_fixes
from cwtui.shell.alerts import TurnAlert, alert_sequence
from cwtui.shell.collector import CHECK_EVERY, IdleCollector
from cwtui.shell.crash import EXIT_CRASH, crash_line, write_report
from cwtui.shell.settings import BOT_SPEEDS, SPEED_NAMES, BotSpeed, Settings, next_speed, remember_language
from cwtui.widgets.wrap import break_as_languages_do

textual_fixes.apply()
no_markup.apply()  # a str is shown as its characters: names, talk and refusals come from outside
break_as_languages_do()  # Rich's and Textual's wrapping: never at words.KEEP, Japanese between characters

if TYPE_CHECKING:
    from cwtui.game.replaying import SeenRecord
    from cwtui.game.session import GameSession
    from cwtui.net.client import Address
    from cwtui.net.remote import RemoteGame
    from cwtui.screens.replay.replay import ReplayScreen
    from engine.cards import Cards
    from engine.config import GameConfig
    from engine.replay import Replay


class CwtuiApp(App[None]):
    """Play Coldwater Crown. `seed_source` makes new-game seeds predictable in tests."""

    CSS_PATH = "app.tcss"
    TITLE = "cwtui — Coldwater Crown"
    BINDINGS = [
        Binding(
            "f1,question_mark",
            "help",
            N_("Help"),
            id="app.help",
            tooltip=N_("This page: the screen's keys, the game in short"),
        ),
        Binding(
            "ctrl+q",
            "quit",
            N_("Quit"),
            id="app.quit",
            priority=True,
            show=False,
            tooltip=N_("Leave cwtui (games are saved as they are played: Resume on the home screen)"),
        ),
    ]

    def __init__(
        self,
        replays: Path,
        *,
        bot_speed: BotSpeed = "normal",
        turn_alert: TurnAlert = "desktop",
        seed_source: Callable[[], int] | None = None,
        still: bool = False,
        replay: tuple[Replay, Path] | None = None,
        game: GameSession | None = None,
        online: RemoteGame | None = None,
        address: Address | None = None,
        guest: Address | None = None,
        guest_join: str = "",
        lesson: tuple[str, int] | None = None,
    ) -> None:
        """`still`: no animation and no blinking cursor (snapshot tests). `replay`: open
        this game in the replay screen, `game`: play this one (over the home screen),
        `online`: sit at this game of the server at `address`. `guest`: the app as a
        browser gets it from `cwtui serve --web` (cwtui.screens.guest): it joins and
        watches that server's games and does nothing else; `guest_join`: it opens with
        the join dialog filled in with this ROOM#TOKEN (a browser's invite link).
        `lesson`: open this lesson ("first", "solo") at this chapter (from 0)."""
        super().__init__()
        no_markup.plain_console(self)
        self.guest = guest
        self.guest_join = guest_join
        self.opening = replay
        self.game = game
        self.lesson = lesson
        self.online = (online, address) if online is not None and address is not None else None
        self.settings = Settings(replays, bot_speed=bot_speed, still=still, turn_alert=turn_alert)
        if seed_source is not None:
            self.settings.seed_source = seed_source
        self.crashed: str | None = None  # an error nothing handled ended the app: what to say
        self.collector = IdleCollector()  # full garbage collections between frames
        self.trees: TreePool | None = None  # the search's processes (settings.search)
        if still:
            self.animation_level = "none"
        elif guest is None:  # a browser's guest searches here: it is one process of many on the server
            self.settings.search = self.trees = TreePool()

    def _handle_exception(self, error: Exception) -> None:
        """An error nothing handled. Textual stops the app (return code 1) and would print
        the traceback on the terminal; the traceback goes to a crash report instead,
        and `crashed` holds the one line to print once the app has left the screen
        (printed by the command line, not by Textual, which would wrap or crop it). The
        game log already holds every move played."""
        if self.crashed is None:
            self.crashed = crash_line(error, write_report(error))
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notification, whatever its words hold (a name, a line of talk, a server's
        refusal, a file's name in an error), as its characters and bounded
        (cwtui.outside.plain), never as markup (`markup`, Textual's, is not heeded)."""
        title, message = plain(title, MAX_VALUE), plain(message)
        # The same words said again replace the toast on show, not stack over the table
        # (a key that is no option, pressed ten times, stood ten toasts high). Textual
        # (pinned) keeps the toasts in _notifications, with no public way to take one back.
        for shown in list(self._notifications):
            if (shown.title, shown.message, shown.severity) == (title, message, severity):
                self._unnotify(shown, refresh=False)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.InputEvent):
            self.collector.input_seen()
        await super().on_event(event)

    def on_mount(self) -> None:
        self.collector.start()
        self.set_interval(CHECK_EVERY, self.collector.tick)
        if self.guest is None:
            self.push_screen(HomeScreen(self.settings.replays))
        else:
            from cwtui.screens.guest.guest import GuestScreen

            self.push_screen(GuestScreen(self.guest))
            if self.guest_join:
                self.post_message(navigation.OpenJoin(self.guest_join))
        if self.opening is not None:
            self.push_screen(self.replay_screen(*self.opening))
        if self.game is not None:
            from cwtui.screens.play.play import PlayScreen

            self.push_screen(PlayScreen(self.game, self.settings))
        if self.online is not None:
            self.open_table(*self.online)
        if self.lesson is not None:
            self.post_message(navigation.OpenLesson(*self.lesson))
        self._check_size(self.size.width, self.size.height)

    def on_unmount(self) -> None:
        self.collector.stop()
        if self.trees is not None:
            self.trees.close()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        """Below 80×24 the board cannot be drawn legibly: say so instead of garbling it."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    # -- navigation ------------------------------------------------------------------
    def _guest_refused(self) -> bool:
        """A guest (the app in a browser, on the server's machine) has no local games,
        files or SQL: the screens it can reach do not offer them, and this refuses any
        that asks all the same."""
        if self.guest is not None:
            self.notify("A guest of this server joins and watches its games; nothing else.", severity="warning")
        return self.guest is not None

    def on_start_game(self, message: navigation.StartGame) -> None:
        from cwtui.screens.play.play import PlayScreen

        if self._guest_refused():
            return
        self.settings.last_seats = message.session.config.seats
        screen = PlayScreen(message.session, self.settings, message.line)
        if message.above:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def on_rematch(self, message: navigation.Rematch) -> None:
        """The same seats and set-up on the next seed (the results' `r`)."""
        from engine.config import SEEDS

        if self._guest_refused():
            return
        config = message.config
        self.start_new(msgspec.structs.replace(config, seed=(config.seed + 1) % SEEDS), message.cards)

    def on_start_new(self, message: navigation.StartNew) -> None:
        if not self._guest_refused():
            self.start_new(message.config, message.cards)

    def start_new(self, config: GameConfig, cards: Cards) -> None:
        """A new game saved with the others, in place of the current screen."""
        from cwtui.game.session import GameSession

        try:
            session = GameSession.start(config, self.settings.replays, cards)
        except OSError as exc:
            self.notify(f"Cannot start the game: {exc.strerror or exc}", severity="error")
            return
        self.post_message(navigation.StartGame(session))

    def on_open_lesson(self, message: navigation.OpenLesson) -> None:
        """The guided first game's chapter: in place of the lesson's screen, else over
        the current one (Esc comes back to it)."""
        from cwtui.learn.lessons import LESSONS
        from cwtui.screens.lesson.lesson import LessonScreen

        if self._guest_refused():
            return
        screen = LessonScreen(LESSONS[message.lesson], message.chapter, self.settings)
        if isinstance(self.screen, LessonScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def on_play_on(self, message: navigation.PlayOn) -> None:
        """A fork of a replay's game, saved with the other games (the replay's `f`)."""
        from cwtui.game.session import GameSession
        from engine import EngineError

        try:
            session = GameSession.fork(message.replay, message.ply, message.seats, self.settings.replays)
        except (EngineError, OSError) as exc:
            self.notify(str(exc), title="Cannot play on", severity="error")
            return
        self.post_message(navigation.StartGame(session, above=True, line=message.line))  # q comes back to the replay

    def on_online_rematch(self, message: navigation.OnlineRematch) -> None:
        """A server's game's next one in the same room (the results' `r`): asked for, or
        found begun by another player, then its table."""
        self.run_worker(self._rematch(message.address, message.after), group="rematch", exclusive=True)

    async def _rematch(self, address: Address, after: str) -> None:
        from cwtui.net.client import Refused, ServerGone
        from cwtui.net.remote import ask_rematch, sit_down

        try:
            await ask_rematch(address, after)
            game = await sit_down(address)
        except (ServerGone, Refused) as exc:
            self.notify(str(exc)[0].upper() + str(exc)[1:], title="No rematch", severity="error")
            return
        self.pop_screen()  # the results of the last game
        self.open_table(game, address)

    def on_open_join(self, message: navigation.OpenJoin) -> None:
        from cwtui.screens.join.join import JoinDialog

        def joined(result: tuple[RemoteGame, Address] | None) -> None:
            if result is not None:
                self.post_message(navigation.SitDown(*result))

        self.push_screen(JoinDialog(self.guest, message.filled), joined)

    def on_room_opened(self, message: navigation.RoomOpened) -> None:
        from cwtui.screens.invites.invites import InvitesScreen

        if self._guest_refused():
            return
        self.switch_screen(InvitesScreen(message.address, message.made, message.seats))

    def on_your_turn(self, message: navigation.YourTurn) -> None:
        """Only for a player who is not looking: the terminal says when it has lost the
        focus (Textual's app_focus, from the terminal's focus reports)."""
        if not self.app_focus:
            self.write_to_terminal(alert_sequence(self.settings.turn_alert, "cwtui", message.text))

    def write_to_terminal(self, sequence: str) -> None:
        """Escape sequences for the terminal itself, as Textual's own `bell` writes them."""
        if sequence and not self.is_headless and self._driver is not None:
            self._driver.write(sequence)

    def on_sit_down(self, message: navigation.SitDown) -> None:
        self.open_table(message.game, message.address)

    def open_table(self, game: RemoteGame, address: Address) -> None:
        """The online table of `game` at `address`; a seat of this user's is kept in
        their games (cwtui.net.my_games), unless this app is a browser's guest, which
        runs on the server's machine for whoever has the link."""
        from cwtui.net.my_games import remember
        from cwtui.screens.online.online import OnlineScreen

        if self.guest is None and game.seat is not None:
            remember(address, game.seat, tuple(game.names))
        # a guest is the server's own machine's user: every browser would be one player
        self.push_screen(OnlineScreen(game, address, self.settings, rated=self.guest is None))

    def on_show_results(self, message: navigation.ShowResults) -> None:
        from cwtui.screens.results.results import ResultsScreen

        screen = ResultsScreen(
            message.final,
            message.scores,
            message.cards,
            message.names,
            message.path,
            watching=message.watching,
            new_games=self.guest is None,
            seen=message.seen,
            config=message.config,
            online=message.online,
            ratings=message.ratings,
            resigned=message.resigned,
        )
        if message.watching:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def on_open_replay(self, message: navigation.OpenReplay) -> None:
        from engine.replay import Replay

        # a server's game as the guest's seat saw it is the server's to show; a log is a file here
        if isinstance(message.replay, Replay) and self._guest_refused():
            return
        self.push_screen(self.replay_screen(message.replay, message.path))

    def replay_screen(self, game: Replay | SeenRecord, path: Path | None) -> ReplayScreen:
        """A replay, reviewed on the app's processes."""
        from cwtui.screens.replay.replay import ReplayScreen

        return ReplayScreen(game, path, pool=self.trees)

    def on_new_game(self, message: navigation.NewGame) -> None:
        from cwtui.screens.new_game.new_game import NewGameScreen

        if self._guest_refused():
            return
        settings = self.settings
        screen = NewGameScreen(
            settings.replays, seed=settings.seed_source(), still=settings.still, last=settings.last_seats
        )
        if message.replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def on_open_my_games(self, _message: navigation.OpenMyGames) -> None:
        from cwtui.net.my_games import my_games
        from cwtui.screens.my_games.my_games import MyGamesScreen

        if self._guest_refused():
            return
        if my_games():
            self.push_screen(MyGamesScreen())
        else:
            self.notify("No online games yet: the seats you join are kept here.")

    def on_open_resume(self, _message: navigation.OpenResume) -> None:
        from cwtui.game.saved import unfinished_games
        from cwtui.screens.resume.resume import ResumeScreen

        if self._guest_refused():
            return
        folder = self.settings.replays
        if folder.is_dir() and unfinished_games(folder):
            self.push_screen(ResumeScreen(folder))
        else:
            self.notify("No unfinished games to resume.")

    def on_open_replay_list(self, _message: navigation.OpenReplayList) -> None:
        from cwtui.screens.replay_list.replay_list import ReplayListScreen

        if self._guest_refused():
            return
        self.push_screen(ReplayListScreen(self.settings.replays, still=self.settings.still))

    def on_open_history(self, _message: navigation.OpenHistory) -> None:
        from cwtui.screens.history.history import HistoryScreen

        if self._guest_refused():
            return
        self.push_screen(HistoryScreen(self.settings))

    def on_open_rules(self, message: navigation.OpenRules) -> None:
        self.action_rules(message.code)

    # -- actions ---------------------------------------------------------------------
    def action_help(self) -> None:
        if not isinstance(self.screen, (HelpScreen, TooSmallScreen)):
            self.push_screen(HelpScreen(self.screen))

    def action_rules(self, code: str = "") -> None:
        """The rules on screen, opened at the rule `code` names ("R5.3") if any; on the
        rules already, that rule."""
        from cwtui.learn.rulebook import RulesMissing, rulebook
        from cwtui.screens.rules.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            if code and not self.screen.open_code(code):
                self.notify(f"No rule is numbered {code}.", severity="warning")
            return
        try:
            book = rulebook()
        except RulesMissing as e:
            self.notify(f"The rules cannot be shown: {e}.", severity="error")
            return
        self.push_screen(RulesScreen(book, code or None))

    def action_learn(self) -> None:
        self.post_message(navigation.OpenLesson("first"))

    def action_learn_solo(self) -> None:
        self.post_message(navigation.OpenLesson("solo"))

    def action_new_game(self) -> None:
        self.post_message(navigation.NewGame())

    def action_home(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def action_cycle_bot_speed(self) -> None:
        """The play screen's `s`: instant → normal → slow → instant."""
        self.set_bot_speed(next_speed(self.settings.bot_speed))

    def set_bot_speed(self, speed: BotSpeed) -> None:
        from cwtui.screens.play.play import PlayScreen

        self.settings.bot_speed = speed
        if isinstance(self.screen, PlayScreen):
            self.screen.update_status()  # its header says the speed: no toast over the options
        else:
            self.notify(_("Bot speed: {speed}").format(speed=_(SPEED_NAMES[speed])))

    # Textual's own commands the palette keeps (`get_system_commands`), marked so that
    # the catalogs hold their words (a Japanese reader saw "Theme" among Japanese commands)
    TEXTUAL_COMMANDS: ClassVar[tuple[str, ...]] = (
        N_("Theme"), N_("Change the current theme"), N_("Quit"), N_("Quit the application as soon as possible")
    )  # fmt: skip

    # Named keys as a keyboard of the language says them (a French reader read "home
    # Commencer", "esc Retour" in the help beside « Début/Fin » in its prose)
    KEY_NAMES: ClassVar[dict[str, str]] = {
        "home": N_("home"), "end": N_("end"), "pageup": N_("pgup"), "pagedown": N_("pgdn"),
        "space": N_("space"), "escape": N_("esc"),
    }  # fmt: skip

    def get_key_display(self, binding: Binding) -> str:
        """Textual's name for a key, in the language in use where it names a key alone."""
        modifiers, key = binding.parse_key()
        if binding.key_display or modifiers or key not in self.KEY_NAMES:
            return super().get_key_display(binding)
        return _(self.KEY_NAMES[key])

    def action_command_palette(self) -> None:
        """Textual's palette, its search box saying what it is for in the language in use
        (a French reader saw « 🔎 Search for commands… »)."""
        # CommandPalette.is_open's test (its signature takes an App[object], not this app)
        if self.use_command_palette and not self.screen.has_class("--textual-command-palette"):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=_("Search for commands…")))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Every key of the screen by name (undo, hint, scores, pause…), then the app's."""
        named: set[str] = set()
        for active in game_keys(screen):
            binding = active.binding
            if active.enabled and active.node is not self:
                key = self.get_key_display(binding)
                run = functools.partial(self.run_action, binding.action, active.node)
                named.add(binding.description)
                said = _(binding.tooltip or binding.description)
                yield SystemCommand(_(binding.description), _("{what} (key: {key})").format(what=said, key=key), run)
        for command in super().get_system_commands(screen):
            # of Textual's own, what a player looks for: its keys panel (for a widget's
            # own keys), Maximize and Screenshot are a developer's
            if command.title in ("Theme", "Quit") and command.title not in named:
                yield SystemCommand(_(command.title), _(command.help), command.callback, command.discover)
        if self.guest is None and "New game" not in named:  # home has its own
            yield SystemCommand(_("New game"), _("Set up and start a new game"), self.action_new_game)
        if self.guest is None:
            if "Learn to play" not in named:  # home has its own (the palette listed it twice)
                yield SystemCommand(_("Learn to play"), _("A guided first game, chapter by chapter"), self.action_learn)
            if "Learn the solo game" not in named:
                yield SystemCommand(
                    _("Learn the solo game"), _("The silent player's turn, guided"), self.action_learn_solo
                )
        if "Rules" not in named:
            yield SystemCommand(
                _("Rules"), _("The rules of Coldwater Crown: contents, search, every rule"), self.action_rules
            )
        if "Home" not in named and not isinstance(screen, HomeScreen):  # the play screen's own saves its game
            yield SystemCommand(_("Home"), _("Back to the home screen"), self.action_home)
        for speed in BOT_SPEEDS:
            yield SystemCommand(
                _("Bot speed: {speed}").format(speed=_(SPEED_NAMES[speed])),
                _("Bots move {speed}").format(speed=_(SPEED_NAMES[speed])),
                lambda s=speed: self.set_bot_speed(s),
            )
        for code, name in languages().items():
            if code != language():
                yield SystemCommand(
                    _("Language: {name}").format(name=name),
                    _("Play in {name} (kept for the next time)").format(name=name),
                    lambda c=code: self.post_message(navigation.ChooseLanguage(c)),
                )

    async def on_choose_language(self, message: navigation.ChooseLanguage) -> None:
        await self.set_language(message.code)

    async def set_language(self, code: str) -> None:
        """Speak `code` from now on, and remember it (a browser's guest: for this visit
        only, the server's setting is not the player's to change). Home and the New game
        dialog are drawn anew in it; another screen keeps the words it has drawn until
        it draws them again."""
        from cwtui.screens.new_game.new_game import NewGameScreen

        use(code)
        failed = remember_language(code) if self.guest is None else None
        if isinstance(self.screen, HomeScreen):
            await self.switch_screen(HomeScreen(self.settings.replays))
        elif isinstance(self.screen, NewGameScreen):
            await self.screen.relabel()
        said = failed or _("Language: {name}").format(name=languages()[code])
        self.notify(said, severity="warning" if failed else "information")


def run_to_the_end(app: CwtuiApp) -> int:
    """Run the app; its exit status (a crash: its one line printed, 70)."""
    app.run()
    if app.crashed:
        print(app.crashed, file=sys.stderr)
        return EXIT_CRASH
    return app.return_code or 0

"""BoardWidget: a ``Session`` carried to the notebook; this module is transport only.

Python owns every bit of state (``session.Session``). The front end (``js/``) shows
the traits and sends intents; each intent is decoded against the session's
``@action`` declarations (``protocol``), checked against the version it was made on,
and carried out by the session, which changes its state whole or refuses and
changes nothing. Analyses run here in the background. The wire format is in
``docs/widget-protocol.md``.

Displayed in IPython, a board is two outputs: the live widget, and its drawing as a
still picture kept up to date (``update_display``) for wherever the widget does not
run. That is every static page: nbconvert's HTML export (its widget view loads its
manager from a CDN, so offline it stays empty even with the widget state saved, and
without saved state it is skipped), nbviewer, GitHub, a notebook opened without a
kernel. The picture hides itself, by a rule of its own, on any page where a live
board is showing (JupyterLab, Notebook 7, VS Code, Voila), so those show one board. The
live output is marked (``saving.LIVE``), so that a lab saving with ``saving``'s hook
keeps the still picture alone: a new kernel could not bring the live board back.
"""

from __future__ import annotations

import functools
import html
import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

import anywidget
import traitlets

from .engine import Game, LegalPlays, Match, MatchPosition, Move, Position, Variant
from .engine.errors import quote
from .engine.i18n import _
from .judgement.analysis import Report
from .saving import LIVE
from .session import ACTIONS, Frames, Job, Message, Session
from .session.keywords import check_keywords, keywords_of
from .session.protocol import FramesMessage, IntentError, Reply, decode
from .session.slices import Found, TutorStop

STATIC = Path(__file__).parent / "static"
"""The built front end (``widget.js``, ``widget.css``) the widget loads."""
log = logging.getLogger(__name__)
"""The widget's logger: an intent that fails by a bug is answered and logged, never lost."""


STILL = "trigammon-static"
"""Class of the still picture shown beside the widget; ``trigammon-widget`` is the class
of the live board's root element (``js/``)."""
STILL_WIDTH = 640
"""Widest the still picture is drawn (px): a page's column, not the drawing's own
980 px (it scales down with a narrower page)."""
HIDE_WHEN_LIVE = (
    f"<style>.{STILL} svg{{max-width:{STILL_WIDTH}px;width:100%;height:auto}}"
    f".{STILL} p{{margin:2px 0;font-size:0.85em;opacity:0.75}}"
    f"body:has(.trigammon-widget) .{STILL}{{display:none}}</style>"
)
"""The still picture's style: drawn to the page's width, and hidden on a page where a live
board shows."""

P = ParamSpec("P")
Q = ParamSpec("Q")
R = TypeVar("R")


def _twin(action: Callable[Concatenate[Session, P], R]) -> Callable[Concatenate[BoardWidget, P], R]:
    """The session's ``action`` as the board's method, with its signature and docstring:
    run under the board's lock, then published. Declared once, in the session."""

    @functools.wraps(action, updated=())  # not its ``__intent__``: the session declares it
    def method(self: BoardWidget, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._do(action, self._session, *args, **kwargs)

    method.__qualname__ = f"BoardWidget.{action.__name__}"
    return method


def _in_background(
    action: Callable[Concatenate[Session, P], Job | None],
) -> Callable[Concatenate[BoardWidget, P], None]:
    """A session action that starts background work, as the board's method: the work
    runs on the board's worker; the method returns nothing to show."""
    twin = _twin(action)

    @functools.wraps(twin)
    def method(self: BoardWidget, /, *args: P.args, **kwargs: P.kwargs) -> None:
        twin(self, *args, **kwargs)

    return method


class BoardWidget(anywidget.AnyWidget):
    """Play, step through, set up and inspect a game of either variant.

    ``BoardWidget("trigammon", seed=1)`` starts a game (the opening roll is made at
    once); ``BoardWidget(position)`` studies a set-up (a ``MatchPosition`` with its
    cube and score); ``BoardWidget(game)`` shows a copy of a game and
    ``BoardWidget(match)`` of a match, game by game (``show_game``, ``next_game``).
    Classic players double, take and pass with ``double``, ``take`` and ``drop``.
    Every button of the board has a method here, from ``roll`` to
    ``load``; bots take seats with ``set_seat`` and play with ``bot_turn``/
    ``autoplay``; ``hints`` and ``analyse`` run in the background (``wait``).
    ``drill(library)`` drills a study library's due cards (``study.Library``): each
    played on the board, judged, rescheduled. Observe the ``view`` trait to follow
    changes. ``language="es"`` (or ``"nl"``)
    speaks that language at this board whatever the package's (``set_language``).
    ``you=0`` marks the seat of the person in front of the board: the board speaks to
    them in the second person ("You win 2 points"; named "You" unless ``names`` says
    otherwise), as it does to a seat named "You".
    The widget's own keywords (``layout``, ``tooltip``, ``tabbable``) are taken too;
    any other is refused by name (``UnknownKeywordError``).
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    svg = traitlets.Unicode("").tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    plays = traitlets.List(traitlets.Unicode()).tag(sync=True)
    history = traitlets.List(traitlets.Dict()).tag(sync=True)
    record = traitlets.Unicode("").tag(sync=True)
    graph = traitlets.Unicode("").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    """The front end's words in the board's language (``session.words``)."""

    def __init__(
        self,
        game: Match | Game | MatchPosition | Position | Variant | str = "trigammon",
        *,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        colors: Sequence[str] | None = None,
        perspective: int = 0,
        theme: str = "light",
        language: str | None = None,
        you: int | None = None,
        **kwargs: Any,
    ) -> None:
        check_keywords("BoardWidget()", kwargs, TAKEN)
        self._session = Session(
            game,
            seed=seed,
            names=names,
            colors=colors,
            perspective=perspective,
            theme=theme,
            language=language,
            you=you,
        )
        super().__init__(**kwargs)
        self._lock = threading.RLock()
        self._workers: list[threading.Thread] = []
        self._published: tuple[int, int] = (-1, -1)
        self._reviewed: object = None
        """The review whose marks the history shows (held, so that its id is never reused)."""
        self._frames_sent = -1
        self._steps_sent: tuple[int, set[int]] = (-1, set())
        """The line whose turn drawings went out, and which: a front end keeps them."""
        self._still: str | None = None  # the still picture's display id, once shown
        self.on_msg(self._on_intent)
        self._publish()

    # the session's state, read-only ----------------------------------------------------

    @property
    def session(self) -> Session:
        return self._session

    @property
    def game(self) -> Game:
        return self._session.game

    @property
    def match(self) -> Match | None:
        return self._session.match

    @property
    def position(self) -> Position:
        """The shown position at the start of its turn (``partial``: moves made since)."""
        return self._session.position

    @property
    def partial(self) -> tuple[Move, ...]:
        return self._session.partial

    @property
    def legal_plays(self) -> LegalPlays:
        return self._session.legal_plays

    @property
    def analysis(self) -> Report | None:
        """The review of the game's line (``analyse``), once finished."""
        return self._session.report

    @property
    def bot_plies(self) -> frozenset[int]:
        return self._session.bot_plies

    @property
    def tutor_stops(self) -> dict[int, tuple[TutorStop, ...]]:
        """The plays the tutor stopped on the shown line, oldest first, by the ply of the
        turn made there instead: lesson 06 points to them where no play of yours is
        marked."""
        return self._session.tutor_stops

    @property
    def tutor(self) -> bool:
        """Whether the tutor warns before a person's play that loses more than
        ``tutor_threshold`` is made (``take_back`` or ``play_on``)."""
        return self._session.tutor

    @tutor.setter
    def tutor(self, on: bool) -> None:
        self._do(self._session.set_tutor, on)

    @property
    def tutor_threshold(self) -> float:
        return self._session.tutor_threshold

    @tutor_threshold.setter
    def tutor_threshold(self, equity: float) -> None:
        self._do(self._session.set_tutor, self._session.tutor, equity)

    @property
    def perspective(self) -> int:
        return self._session.perspective

    @perspective.setter
    def perspective(self, player: int) -> None:
        self._do(self._session.set_perspective, player)

    # actions: each is the session's, run under the lock and published -----------------

    # a turn
    roll = _twin(Session.roll)
    set_dice = _twin(Session.set_dice)
    move = _twin(Session.move)
    undo_move = _twin(Session.undo_move)
    confirm = _twin(Session.confirm)
    play = _twin(Session.play)

    # the cube and a match
    double = _twin(Session.double)
    take = _twin(Session.take)
    drop = _twin(Session.drop)
    next_game = _twin(Session.next_game)
    show_game = _twin(Session.show_game)

    # history and variations
    step = _twin(Session.step)
    goto = _twin(Session.goto)
    switch_variation = _twin(Session.switch_variation)
    promote_variation = _twin(Session.promote_variation)
    rename_variation = _twin(Session.rename_variation)
    delete_variation = _twin(Session.delete_variation)
    main_line = _twin(Session.main_line)

    # bots
    set_seat = _twin(Session.set_seat)
    set_pace = _twin(Session.set_pace)
    bot_turn = _twin(Session.bot_turn)
    autoplay = _twin(Session.autoplay)

    # the review and the tutor
    next_mistake = _twin(Session.next_mistake)
    take_back = _twin(Session.take_back)
    play_on = _twin(Session.play_on)
    cancel_analysis = _twin(Session.cancel_analysis)

    # a study library drilled: its due cards, one after another
    drill = _twin(Session.drill)
    answer = _twin(Session.answer)
    regrade = _twin(Session.regrade)
    next_card = _twin(Session.next_card)
    stop_drill = _twin(Session.stop_drill)

    # set-ups
    edit = _twin(Session.edit)
    place = _twin(Session.place)
    remove = _twin(Session.remove)
    set_turn = _twin(Session.set_turn)
    set_setup_dice = _twin(Session.set_setup_dice)
    reset = _twin(Session.reset)
    clear = _twin(Session.clear)
    load = _twin(Session.load)

    # background work: the board shows it as it goes, ``wait`` for its end
    hints = _in_background(Session.hints)
    chances = _in_background(Session.chances)
    analyse = _in_background(Session.analyse)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the background analysis; True once it has finished."""
        for worker in self._workers:
            worker.join(timeout)
        self._workers = [worker for worker in self._workers if worker.is_alive()]
        return not self._workers

    def _do(self, method: Callable[Q, R], /, *args: Q.args, **kwargs: Q.kwargs) -> R:
        """Runs a session action under the lock, then shows its result. The session's
        methods speak the board's language themselves (``SessionState``)."""
        with self._lock:
            result = method(*args, **kwargs)
            if isinstance(result, Job):
                self._run(result)
            self._publish()
            return result

    # intents in -----------------------------------------------------------------------

    def _on_intent(self, _widget: Any, content: Any, buffers: Any) -> None:
        """Answers every message: ``ok``, or the reason it was refused (nothing changed)."""
        reply: Reply = {"kind": "reply", "id": None, "ok": False, "error": None}
        prefetch = False
        # the board's language for the refusals made here (an unknown action, a stale version)
        with self._lock, self._session.speaking():
            try:
                ident = content.get("id") if isinstance(content, dict) else None
                if type(ident) is int:
                    reply["id"] = ident
                declared, fields = decode(ACTIONS, content)
                prefetch = declared.name == "prefetch"
                version = content.get("version")
                if declared.changes and version != self._session.version:
                    raise IntentError(
                        _(
                            "the board changed since that request (version {version}, now "
                            "{now}): nothing was done; try again"
                        ).format(version=quote(version), now=self._session.version)
                    )
                answer = self._do(getattr(self._session, declared.name), **fields)
                reply["ok"] = True
                if isinstance(answer, dict) and "svg" in answer:
                    reply["svg"] = answer["svg"]
                if isinstance(answer, dict) and "file" in answer:
                    reply["file"] = answer["file"]
            except ValueError as error:
                self._refused(reply, self._session.message(error))
            except Exception as error:  # a bug: answered and logged, never a silent board
                log.exception("intent %s failed", quote(content))
                text = _("internal error ({error}); nothing was done").format(
                    error=type(error).__name__
                )
                self._refused(reply, {"kind": "error", "text": text, "rule": None})
            self.send(reply)
            if reply["ok"]:
                self._send_frames(again=prefetch)

    def _refused(self, reply: Reply, message: Message) -> None:
        reply["error"] = {"text": message["text"], "rule": message["rule"]}
        self.view = {**self.view, "message": message}

    # state out ------------------------------------------------------------------------

    def _publish(self) -> None:
        """Every trait from the session, in one message; unchanged ones are not sent."""
        session = self._session
        view = session.view()
        report = session.report
        key = (view["version"], view["line"])
        redrawn = False
        with self._lock, self.hold_sync():
            if self._published != key or self._reviewed is not report:
                drawn = session.svg()
                redrawn = drawn != self.svg
                self.svg = drawn
                if self._published[0] != key[0]:
                    self.plays = session.plays()
                    self.record = session.record()
                if self._published[1] != key[1] or self._reviewed is not report:
                    self.history = [dict(entry) for entry in session.history()]
                    self.graph = session.graph()
                self._published, self._reviewed = key, report
            words = session.words()
            if words != self.words:
                self.words = words
            self.view = dict(view)

        if redrawn and self._still is not None:
            # After the traits: the live board's message goes out first.
            from IPython.display import update_display

            update_display(  # type: ignore[no-untyped-call]
                self._still_bundle(self.svg), raw=True, display_id=self._still
            )

    def _send_frames(self, again: bool = False) -> None:
        """Drawings of the neighbouring turns and of each legal move, once per version
        (``again``: a new view asked with ``prefetch``), after the answer: a front end
        shows a step or a move from them at once."""
        if self._frames_sent == self._session.version and not again:
            return
        frames: Frames = self._session.frames()
        self._frames_sent = frames.version
        if again or self._steps_sent[0] != frames.line:
            self._steps_sent = (frames.line, set())
        sent = self._steps_sent[1]
        message: FramesMessage = {
            "kind": "frames",
            "version": frames.version,
            "line": frames.line,
            "steps": {str(ply): svg for ply, svg in frames.steps.items() if ply not in sent},
            "moves": frames.moves,
        }
        sent.update(frames.steps)
        self.send(message)

    def _run(self, job: Job) -> None:
        """Runs ``job`` in a thread (in place where none can start); its reports go
        through the session under the lock."""

        def report(done: int, total: int) -> None:
            with self._lock:
                if self._session.report_progress(job, done, total):
                    self._publish()

        def run() -> None:
            try:  # a new thread speaks the package's language: the board's is set here
                with self._session.speaking():
                    found: Found | BaseException = job.work(report, job.stop)
            except Exception as error:  # shown in the board, never lost in a thread
                found = error

            with self._lock:
                if self._session.finish(job, found):
                    self._publish()

        worker = threading.Thread(target=run, name=f"trigammon-{job.kind}", daemon=True)
        try:
            worker.start()
        except RuntimeError:  # no threads here (WebAssembly's Python): the job runs in place
            run()
            return
        self._workers = [*(w for w in self._workers if w.is_alive()), worker]

    def _ipython_display_(self) -> None:
        """The live widget, then its drawing as a still picture (see the module's doc)."""
        from IPython.display import display

        bundle = self._repr_mimebundle_()
        if bundle is None:
            return
        data, metadata = bundle
        data["text/plain"] = ""  # what a static page shows of the widget: nothing
        # Marked live: a saved notebook keeps the still picture alone (``saving``).
        display(data, metadata=metadata | LIVE, raw=True)  # type: ignore[no-untyped-call]
        self._still = self._still or f"trigammon-{self.model_id}"
        display(  # type: ignore[no-untyped-call]
            self._still_bundle(self.svg), raw=True, display_id=self._still
        )

    def _still_bundle(self, drawn: str) -> dict[str, str]:
        # Said under the picture: the third walk reloaded a lesson and took the pictures
        # left for boards that had stopped working.
        with self._session.speaking():
            note = html.escape(
                _(
                    "A picture of the board as last shown. While the kernel runs, show the "
                    "board again (its name in a cell) to go on with it; running the cell "
                    "starts a new one."
                )
            )
        return {
            "text/html": f'{HIDE_WHEN_LIVE}<div class="{STILL}">{drawn}<p>{note}</p></div>',
            "image/svg+xml": drawn,
            "text/plain": str(self._session.position),
        }


WIDGET_KEYWORDS = sorted(
    name for name in anywidget.AnyWidget.class_trait_names(sync=True) if not name.startswith("_")
)
"""The widget's own traits a board takes as keywords (``layout``, ``tabbable``,
``tooltip``); the board's traits are Python's to set."""
TAKEN = [*keywords_of(BoardWidget.__init__), *WIDGET_KEYWORDS]
"""Every keyword ``BoardWidget`` takes."""

"""Match files (.mat, SGF) in and out, checked against files GNU Backgammon wrote.

``tests/data/gnubg/`` holds matches Debian's ``gnubg`` (1.07.001) played against
itself at 0-ply and exported (``export match mat``, ``save match``); its README says
how. A test that hands our text back to gnubg runs when ``gnubg`` is installed.
"""

from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.paths import GNUBG_FILES
from tests.waiting import PATIENCE
from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    Cube,
    CubeAction,
    Match,
    MatchFileError,
    MatchState,
    Resignation,
    Turn,
    Win,
)
from trigammon_widget.engine.matchfiles import MAX_MATCH_FILE_CHARS

DATA = GNUBG_FILES
NAMES = ("match5", "match7", "money")


def text(name: str) -> str:
    return (DATA / name).read_text()


def games(match: Match) -> list[object]:
    return [(game.match_state, game.turns, game.result(-1)) for game in match.games]


# gnubg's files -----------------------------------------------------------------------


def test_gnubgs_seven_point_match_replays_with_its_cube_and_score() -> None:
    match = Match.from_mat(text("match7.mat"))
    assert (match.length, match.names, match.crawford, match.jacoby) == (
        7,
        ("Bob", "Ann"),
        True,
        False,
    )
    assert match.info == {"EventDate": "2026.11.30"}
    assert match.results == (
        Win(0, 2, "resignation"),  # Bob, on a 2-cube Ann took
        Win(0, 4, "bear-off"),  # Bob, a redouble to 4 taken
        Win(1, 1, "resignation"),  # Ann; Bob leads 6-0: the next game is Crawford
        Win(1, 2, "resignation"),  # Ann wins the Crawford game, a gammon conceded
        Win(1, 1, "drop"),  # post-Crawford: Bob doubles at once, Ann drops
        Win(0, 2, "bear-off"),
    )
    assert [game.match_state for game in match.games] == [
        MatchState(7, (0, 0)),
        MatchState(7, (2, 0)),
        MatchState(7, (6, 0), crawford=True),
        MatchState(7, (6, 1)),
        MatchState(7, (6, 3)),
        MatchState(7, (6, 4)),
    ]
    assert match.score == (8, 4) and match.is_over() and match.winner == 0
    second = match.games[1]
    cube_actions = [t for t in second.turns if isinstance(t, CubeAction)]
    assert cube_actions == [
        CubeAction(1, "double"),
        CubeAction(0, "take"),
        CubeAction(0, "double"),
        CubeAction(1, "take"),
    ]
    assert second.match_position_at(len(second.turns)).cube == Cube(4, 1)


def test_gnubgs_mat_and_sgf_of_one_match_are_the_same_games() -> None:
    for name in NAMES:
        from_mat, from_sgf = (
            Match.from_mat(text(f"{name}.mat")),
            Match.from_sgf(text(f"{name}.sgf")),
        )
        # the same but for money play's Jacoby rule, which gnubg's .mat cannot hold
        assert [(g.match_state.score, g.turns, g.result(-1)) for g in from_mat.games] == [
            (g.match_state.score, g.turns, g.result(-1)) for g in from_sgf.games
        ], name
        assert from_mat.info == from_sgf.info == {"EventDate": "2026.11.30"}


def test_gnubgs_money_session_keeps_its_jacoby_rule_in_sgf() -> None:
    """gnubg writes RU[Jacoby] in SGF; its .mat has no place for it."""
    assert Match.from_sgf(text("money.sgf")).jacoby
    assert not Match.from_mat(text("money.mat")).jacoby
    assert Match.from_sgf(text("money.sgf")).score == (4, 2)


def test_sgf_with_gnubgs_analysis_reads_past_it() -> None:
    sgf = text("match5.sgf")
    assert "DA[" in sgf and "A[" in sgf  # gnubg's cube and move analysis
    assert Match.from_sgf(sgf).results == Match.from_mat(text("match5.mat")).results


@pytest.mark.parametrize("name", NAMES)
def test_our_files_of_gnubgs_matches_read_back_the_same(name: str) -> None:
    match = Match.from_mat(text(f"{name}.mat"))
    for again in (Match.from_mat(match.to_mat()), Match.from_sgf(match.to_sgf())):
        assert games(again) == games(match)
        assert (again.info, again.names, again.length) == (match.info, match.names, match.length)
    assert Match.from_json(match.to_json()).to_dict() == match.to_dict()


def move_order_free(mat: str) -> str:
    """A .mat text with each roll's single-die moves sorted: gnubg keeps no order of
    its own (it writes back the moves it reads in another order than it played them)."""

    def sort(found: re.Match[str]) -> str:
        tokens = found[2].split()
        return found[1] + " ".join(sorted(tokens)) + (" " if found[2].endswith(" ") else "")

    return re.sub(r"([1-6][1-6]: )((?:[0-9]+/[0-9]+\*? ?)+)", sort, mat)


@pytest.mark.parametrize("name", NAMES)
def test_our_mat_is_gnubgs_layout(name: str) -> None:
    """Line for line, our export of gnubg's match is gnubg's own, but for the order of
    each roll's moves and the way a checker's moves split over the dice."""
    ours = Match.from_mat(text(f"{name}.mat")).to_mat().splitlines()
    theirs = text(f"{name}.mat").splitlines()
    assert len(ours) == len(theirs)
    moves = re.compile(r"[0-9]+/[0-9]+\*?")
    for mine, gnubgs in zip(ours, theirs, strict=True):
        assert moves.sub("m", mine).split() == moves.sub("m", gnubgs).split()
        indent = len(mine) - len(mine.lstrip())
        assert indent == len(gnubgs) - len(gnubgs.lstrip())
        if indent > 20 or "     " in mine.strip():  # where the right column starts
            assert mine.rfind("  ") == gnubgs.rfind("  ") or len(mine) == len(gnubgs)


# matches of our own ----------------------------------------------------------------


def random_match(seed: int, length: int = 5) -> Match:
    """A match of random plays, doubles, takes, drops and resignations."""
    rng = random.Random(seed)
    match = Match(length, names=["Xena", "Otto"], seed=seed, jacoby=not length)
    match.info = {"Event": "Test cup", "EventDate": "2024.02.29", "Comment": "two\nlines"}
    for _ in range(3 if not length else 40):
        game = match.game
        while not game.started:
            game.roll_opening()
        while not game.is_over():
            actions = game.match_position.legal_cube_actions()
            if actions and (game.cube.offered or rng.random() < 0.1):
                getattr(game, rng.choice(actions))()
            elif rng.random() < 0.005:
                game.resign(rng.randint(1, 3), player=rng.randrange(2))
            else:
                if game.position.dice is None:
                    game.roll()
                game.play(rng.choice(list(game.legal_plays())))
        if match.is_over():
            break
        match.new_game()
    return match


@settings(max_examples=15)
@given(st.integers(0, 2**32 - 1), st.sampled_from((0, 1, 3, 5)))
def test_random_matches_round_trip_through_mat_sgf_and_json(seed: int, length: int) -> None:
    match = random_match(seed, length)
    from_mat = Match.from_mat(match.to_mat())
    from_sgf = Match.from_sgf(match.to_sgf())
    assert games(from_mat) == games(match)
    assert games(from_sgf) == games(match)
    assert from_sgf.info == match.info == from_mat.info
    assert from_sgf.jacoby == match.jacoby == from_mat.jacoby
    assert Match.from_json(match.to_json()).to_dict() == match.to_dict()


def test_an_unfinished_last_game_is_kept() -> None:
    match = Match(3, seed=4)
    game = match.game
    while not game.started:
        game.roll_opening()
    game.play(next(iter(game.legal_plays())))
    game.double()
    for again in (Match.from_mat(match.to_mat()), Match.from_sgf(match.to_sgf())):
        assert again.game.turns == game.turns and again.game.cube.offered


def test_trigammon_matches_have_no_match_file() -> None:
    with pytest.raises(ValueError, match="match files describe classic backgammon"):
        Match(3, TRIGAMMON).to_mat()


# refusals: the line and the reason ---------------------------------------------------

GOOD = text("match7.mat")
LINES = GOOD.splitlines()


def with_line(number: int, line: str) -> str:
    """match7.mat with line ``number`` (from 1) replaced."""
    lines = list(LINES)
    lines[number - 1] = line
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("mat", "line", "reason"),
    [
        ("\n\n 5 pointe match\n", 3, "expected the match length ('5 point match')"),
        ("; comment only\n", 1, "no match length"),
        (" 3 point match\n\n Ann : 0   Bob : 0\n", 3, "expected ' Game 1'"),
        (with_line(6, " Ann 0    Bob 0"), 6, "expected 'name : score   name : score'"),
        (with_line(7, "  1) 21: 13/11 24/22             65: 24/18 18/13"), 7, "R4"),
        (with_line(7, "  1) 21: 13/11 24/23             65: 24/18 18/14"), 7, "R4"),
        (
            with_line(7, "  1) 21: 13/11 24/23             65: 24/18 18/13 hop"),
            7,
            "cannot read 'hop'",
        ),
        (with_line(8, "  2) 32: 23/21 24/21             66:"), 8, "legal plays and none played"),
        (
            with_line(11, "  5) 62: 25/23 13/7*              Doubles => 4"),
            11,
            "a double of the 1-cube is to 2",
        ),
        (with_line(11, "  5) 62: 25/23 13/7*              Takes"), 11, "R14: no double is offered"),
        (with_line(12, "  6)  Drops"), 13, "the game is over: player 0 wins 1 point (double"),
        (
            with_line(31, "                                  Wins 3 points"),
            31,
            "concedes 1, 2 or 3 times the 2-cube, not 3 points",
        ),
        (with_line(33, " Game 3"), 33, "game 3 follows game 1; expected game 2"),
        (
            with_line(34, " Ann : 0                        Bob : 3"),
            34,
            "game 2 starts at 3-0, but the games before it leave 2-0",
        ),
        (
            with_line(34, " Ann : 0                        Bo : 2"),
            34,
            "the players are ['Ann', 'Bob'], not ['Ann', 'Bo']",
        ),
        (
            with_line(11, "  5) 62: 25/23 13/7*              Beavers"),
            11,
            "beavers and raccoons are not part of R14",
        ),
        (with_line(31, ""), 33, "game 1 ends without a result"),
        ('; [Variation "Nackgammon"]\n 1 point match\n', 1, "only backgammon is read"),
        ('; [Crawford "maybe"]\n 1 point match\n', 1, '[Crawford] is "On" or "Off"'),
    ],
)
def test_bad_mat_files_name_the_line_and_the_reason(mat: str, line: int, reason: str) -> None:
    with pytest.raises(MatchFileError) as refused:
        Match.from_mat(mat)
    assert refused.value.line == line
    assert reason in refused.value.reason, refused.value.reason
    assert str(refused.value).startswith(f"line {line}: ")


def test_a_wins_line_must_match_the_game() -> None:
    lines = GOOD.splitlines()
    assert lines[68].strip() == "Wins 4 points"
    with pytest.raises(MatchFileError, match="line 69: the game is worth 4 points, not 2"):
        Match.from_mat(with_line(69, "                                  Wins 2 points"))
    with pytest.raises(MatchFileError, match="line 69: player 0 has won the game, not player 1"):
        Match.from_mat(with_line(69, "      Wins 4 points"))


SGF = text("match7.sgf")
GAME_2 = SGF[: SGF.index("[game:1]")].count("\n") + 1
"""The line of the second game's root in match7.sgf."""


def sgf_with(old: str, new: str, count: int = 1) -> str:
    assert old in SGF
    return SGF.replace(old, new, count)


@pytest.mark.parametrize(
    ("sgf", "line", "reason"),
    [
        (sgf_with("GM[6]", "GM[1]"), 1, "GM[1] is not backgammon (GM[6])"),
        (sgf_with(";W[21xwmk]", ";W[21xwmk](;B[11])"), 2, "variations are not read"),
        (sgf_with(";W[21xwmk]", ";W[21xwmj]"), 2, "R4"),
        (sgf_with(";B[65aggl]", ";B[65aggl]AB[a]"), 3, "AB: an edited position is not read"),
        (sgf_with(";B[65aggl]", ";B[6aggl]"), 3, "B[6aggl] is not dice and moves"),
        (sgf_with("RE[B+2R]", "RE[B+2]"), 1, "RE[B+2], but the game is not over"),
        (sgf_with("RE[B+4]", "RE[W+4]"), GAME_2, "player 0 has won the game, not player 1"),
        (sgf_with("[game:1]", "[game:2]"), GAME_2, "game tree 2 says it is game 3"),
        (
            sgf_with("[ws:0][bs:2]", "[ws:0][bs:1]"),
            GAME_2,
            "game 2 starts at 1-0, but the games before",
        ),
        (
            sgf_with("RU[Crawford:CrawfordGame]", "RU[Crawford]"),
            None,
            "is the Crawford game, not as RU says",
        ),
        (
            sgf_with("RU[Crawford]", "RU[Crawford:Nackgammon]"),
            1,
            "the rule 'Nackgammon' is not part of R14",
        ),
        ("(;FF[4]GM[6]PW[a\\]", 1, "a property value has no closing ']'"),
        ("(;FF[4]GM[6]", 1, "the file ends inside a game tree"),
        ("GM[6]", 1, "property 'GM' outside a node"),
        ("hello", 1, "unexpected 'h': not an SGF file"),
        ("", 1, "no game tree: not an SGF file"),
    ],
)
def test_bad_sgf_files_name_the_line_and_the_reason(
    sgf: str, line: int | None, reason: str
) -> None:
    with pytest.raises(MatchFileError) as refused:
        Match.from_sgf(sgf)
    if line is not None:
        assert refused.value.line == line
    assert reason in refused.value.reason, refused.value.reason


def test_huge_or_wrong_sources_are_refused_unread() -> None:
    with pytest.raises(MatchFileError, match="has at most 5,000,000 characters"):
        Match.from_mat(" " * (MAX_MATCH_FILE_CHARS + 1))
    with pytest.raises(MatchFileError, match="an SGF file is text, not 5"):
        Match.from_sgf(5)  # type: ignore[arg-type]


def test_a_resignation_after_a_roll_keeps_no_dice() -> None:
    """gnubg writes a roll with no play, then Wins, for a roll before a resignation."""
    lines = with_line(15, "  9) 61: ").splitlines()[:15]
    lines.append("                                  Wins 2 points")
    match = Match.from_mat("\n".join(lines) + "\n")
    game = match.games[0]
    assert game.turns[-1] == Resignation(1, 1)
    assert isinstance(game.turns[-2], Turn) and game.result(-1) == Win(0, 2, "resignation")


# GNU Backgammon reads our files back --------------------------------------------------


def test_gnubg_reads_our_mat_and_sgf_back(tmp_path: Path, gnubg: str) -> None:
    """gnubg imports our .mat and loads our SGF of its own matches and of random ones,
    and exports each as the .mat we wrote (up to the order of a roll's moves)."""
    matches = {name: Match.from_mat(text(f"{name}.mat")) for name in NAMES}
    matches |= {f"random{seed}": random_match(seed, length) for seed, length in ((1, 5), (2, 0))}
    commands = []
    for name, match in matches.items():
        (tmp_path / f"{name}.mat").write_text(match.to_mat())
        (tmp_path / f"{name}.sgf").write_text(match.to_sgf())
        commands += [
            f"import mat {tmp_path / name}.mat",
            f"export match mat {tmp_path / name}.mat.back",
            f"load match {tmp_path / name}.sgf",
            f"export match mat {tmp_path / name}.sgf.back",
        ]
    script = tmp_path / "back.py"
    lines = ["import gnubg", "gnubg.command('set jacoby off')"]
    script.write_text("\n".join([*lines, *(f"gnubg.command({c!r})" for c in commands)]) + "\n")
    subprocess.run(
        [gnubg, "-t", "-q", "-p", str(script)], check=True, capture_output=True, timeout=PATIENCE
    )
    for name, match in matches.items():
        ours = match.to_mat()
        for kind in ("mat", "sgf"):
            back = (tmp_path / f"{name}.{kind}.back").read_text()
            # gnubg's .mat has no Jacoby header: compare the rest
            ours_compared = ours.replace('; [Jacoby "On"]\n', "")
            assert move_order_free(back) == move_order_free(ours_compared), (name, kind)
            assert games(Match.from_mat(back)) == games(Match.from_mat(ours_compared)), name
    assert len(matches) == 5 and CLASSIC.players == 2


# what the files can carry (the red team's findings) -------------------------------------


def played(names: tuple[str, str]) -> Match:
    """A short match between ``names``: one game, resigned after two turns."""
    match = Match(3, names=names, seed=1)
    game = match.game
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    game.roll(6, 4)
    game.play("24/14")
    game.resign(1)
    return match


@pytest.mark.parametrize("left", ["L" * 30, "M" * 31, "A" * 100, "Zoë Ünïcødé 🎲 of the long name"])
def test_long_left_column_names_read_back_from_mat(left: str) -> None:
    """Found by the red team: ``to_mat()`` of a 30-character left-column name wrote a
    score line ``from_mat`` refused (no space between the cells)."""
    match = played(("Bo", left))
    again = Match.from_mat(match.to_mat())
    assert again.names == match.names and games(again) == games(match)


@pytest.mark.parametrize("names", [("Bo", "Ann : 3 Cy"), ("Bo", "x : 12  y")])
def test_names_a_mat_score_line_cannot_carry_are_refused_by_its_writer(
    names: tuple[str, str],
) -> None:
    match = played(names)
    with pytest.raises(ValueError, match="cannot carry the names"):
        match.to_mat()
    assert Match.from_sgf(match.to_sgf()).names == names
    assert Match.from_json(match.to_json()).names == names


@pytest.mark.parametrize("comment", ["  indented", "trailing  ", '[Site "Tokyo"]'])
def test_comment_lines_a_mat_cannot_carry_are_refused_by_its_writer(comment: str) -> None:
    match = played(("Bo", "Ann"))
    match.info = {"Comment": f"first\n{comment}"}
    with pytest.raises(ValueError, match="cannot carry the comment line"):
        match.to_mat()
    assert Match.from_sgf(match.to_sgf()).info == match.info


@pytest.mark.parametrize(
    "value", ["one\rtwo", "one\x85two", "one\u2028two", "lone \ud800", "open \u202e"]
)
@pytest.mark.parametrize("key", ["Event", "Comment"])
def test_match_information_is_printable_text(key: str, value: str) -> None:
    """Found by the red team: match information with ``\\r``, ``\\x85``, ``\\u2028`` or a
    lone surrogate wrote files that could not be read back or saved as UTF-8."""
    match = played(("Bo", "Ann"))
    match.info = {key: value}
    for write in (match.to_mat, match.to_sgf, match.to_json):
        with pytest.raises(ValueError, match=f"match information '{key}'"):
            write()
    match.info = {"Comment": "two\nlines"}
    assert Match.from_sgf(
        match.to_sgf().replace("\n]", "\r\n]").replace("two\n", "two\r\n")
    ).info == {"Comment": "two\nlines"}


def test_a_long_sgf_value_costs_its_length() -> None:
    """Found by the red team: one long SGF property value cost some 250 bytes a
    character in the tokenizer (a 5 MB comment took 1.26 GB)."""
    import tracemalloc

    base = played(("Bo", "Ann")).to_sgf()
    long = ("x" * 4_500 + "\\]") * 1_000  # 4.5 million characters, escapes among them
    text = base.replace(";B[", f";C[{long}]B[", 1)
    assert len(text) < MAX_MATCH_FILE_CHARS
    tracemalloc.start()
    try:
        again = Match.from_sgf(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert games(again) == games(played(("Bo", "Ann")))
    assert peak < 8 * len(text), f"{peak / 1e6:.0f} MB for {len(text) / 1e6:.1f} M characters"

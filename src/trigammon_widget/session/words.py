"""The front end's own words, from the catalogues: declared here once, in English, and
sent to the board in its language (the ``words`` trait).

``js/protocol.ts`` gets the keys as the ``WORDS`` table (``scripts/generate_protocol.py``),
so the TypeScript compiler checks every word a panel asks for; the panels hold no text
of their own. A word with ``{name}`` fields is a template the panel fills in
(``dom.fill``), with the same fields in every language.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.i18n import N_, NN_, NP_, _, decimal_mark, ngettext, pgettext
from ..judgement.analysis import LEVEL_WORDS, MARK_NAMES
from ..study.schedule import GRADE_WORDS
from ..teaching.rulebook import RULE_TITLES
from .seats import SEATS

__all__ = ["COUNTED", "IN_CONTEXT", "TO_YOU", "WORDS", "words"]

IN_CONTEXT: Mapping[str, tuple[str, str]] = {
    "play": NP_("a column of plays", "Play"),
    "start": NP_("the history's first row, the position before any turn", "Start"),
}
"""Words whose English says more than one thing, by key: each with its context."""

TO_YOU: Mapping[str, tuple[str, str]] = {
    "to_move": NP_("you", "Your move"),
    "to_roll": NP_("you", "Your roll"),
    "to_move_setup": NP_("you", "Your move (set-up)"),
    "doubled": NP_("you", "You double to {value}: {other} to take or pass"),
    "cube_owned": NP_("you", "Cube {value}, yours"),
    "wins_the_match": NP_("you", "You win the match"),
    "who_plays": NP_("you", "Who plays your seat"),
    "autoplay_waits_roll": NP_("you", "Autoplay waits for you to roll and play."),
    "autoplay_waits_play": NP_("you", "Autoplay waits for you to play."),
    "autoplay_waits_answer": NP_("you", "Autoplay waits for you to take or pass."),
    "autoplay_bot_plays": NP_("you", "Autoplay: a bot plays your seat."),
    "for_player": NP_("you", "For you."),
    "player_wins": NP_("you", "You win {wins} ({gammons} with a gammon)"),
    "take_point": NP_("you", "Take point {point}: you take with at least this chance of winning."),
    "take_point_any": NP_(
        "you", "Take point {point}: passing loses the match, so you take with any chance."
    ),
    "whose_checker": NP_("you", "That checker is {whose}'s: you are to move."),
    "enter_first": NP_("you", "R8: your checkers on the bar enter first, before any other moves."),
    "mistakes_of": NP_("you", "Your mistakes"),
    "seat_of_a_bot": NP_(
        "you", "A bot plays your seat: choose Person for it in the Players panel to move here."
    ),
    "decision_shown": NP_("you", "On the board: turn {ply}, as you faced it"),
    "cube_gammons": NP_(
        "you",
        "Why the points and the win chance differ: a gammon counts double, and you lose a "
        "gammon {lost} of the time, win one {won}.",
    ),
    "cube_gives_away": NP_(
        "you",
        "Why {taken} ({taken_points}) scores below {kept} ({kept_points}) with you at "
        "{wins} to win: the double comes early. After the take the game is played for "
        "{doubled}, and {taker} owns the cube and may redouble when the game turns. A double "
        "pays only nearer the point where {taker} should pass: {taker} takes with "
        "{take_point} or more to win, and has {their_wins} now.",
    ),
    "chances_before_roll": NP_("you", "From here, before you roll."),
    "chances_after_play": NP_(
        "you", "From here, with your {dice} played {play}, the net's best play."
    ),
    "chances_after_rolled_play": NP_(
        "you", "From here, with your {dice} played {play}, the best play by Hints' rollout."
    ),
}
"""Words said to the person in front of the board (the view's ``you``), by the key of
the word said of another player: the board has ``<key> you`` beside ``<key>``
(``js/words.ts``'s ``about`` picks one), in the second person of each language (the
context ``you``)."""

COUNTED: Mapping[str, tuple[str, str]] = {
    "pips": NN_("{count} pip", "{count} pips"),
    "turns": NN_("{count} turn", "{count} turns"),
    # Translators: what N-ply means, after "at 1-ply:".
    "plies_ahead": NN_("looking {count} roll ahead", "looking {count} rolls ahead"),
    # Translators: the heading of the review's list of the plays the tutor stopped
    # (walk 21: a play taken back left no trace in the review).
    "stops_listed": NN_("The tutor stopped {count} play", "The tutor stopped {count} plays"),
    # Translators: at a turn not marked, how many the review marked in the whole game,
    # beside the list's choice ("Your mistakes").
    "mistakes": NN_("{count} in this game", "{count} in this game"),
    "left_out": NN_(
        "A bot played your seat for a while: its {count} marked decision is left out of yours.",
        "A bot played your seat for a while: its {count} marked decisions are left out of yours.",
    ),
    # Translators: in the review when the person made no marked decision, beside the
    # list of everyone's mistakes it opens on (walk 47 read the list as nothing of its
    # own to step through).
    "none_of_yours": NN_(
        "None of your {count} decision is marked: it lost too little to be doubtful, so the "
        "list steps through everyone's mistakes.",
        "None of your {count} decisions is marked: each lost too little to be doubtful, so the "
        "list steps through everyone's mistakes.",
    ),
    "cards_answered": NN_("{count} card answered", "{count} cards answered"),
    "cards_due": NN_("{count} card due", "{count} cards due"),
}
"""The counted words, by key: the board has ``<key> one`` and ``<key> other`` (the
forms for 1 and for more, ``ngettext``'s), and ``js/words.ts`` picks one by the count."""

WORDS: Mapping[str, str] = {
    # the board
    "board": N_("Backgammon board"),
    # numbers: the language's decimal mark (``i18n.decimal_mark``), not a word to translate
    "decimal_mark": ".",
    # the toolbar
    "roll": N_("Roll"),
    "first_die": N_("First die"),
    "second_die": N_("Second die"),
    "set_dice": N_("Set dice"),
    "undo_move": N_("Undo move"),
    "confirm": N_("Confirm"),
    "double": N_("Double"),
    "take": N_("Take"),
    # Translators: the button that refuses a double (R14): the game is lost at the cube.
    "pass": N_("Pass"),
    "seat_at_bottom": N_("Seat at the bottom"),
    "edit_position": N_("Edit position"),
    "done_editing": N_("Done editing"),
    "turn": N_("Turn"),
    "cube_group": N_("Doubling cube"),
    "view_as": N_("View as {seat}"),
    # the edit panel
    "place_checkers_of": N_("Place checkers of"),
    "player_to_move": N_("Player to move"),
    "setup_first_die": N_("Set-up first die"),
    "setup_second_die": N_("Set-up second die"),
    "position_id": N_("Position ID"),
    "start_position": N_("Start position"),
    "clear": N_("Clear"),
    "edit_hint": N_(
        "Click a point or a bar to add a checker; shift-click or right-click takes one back."
    ),
    "add_checkers_of": N_("Add checkers of {player}"),
    "to_move_of": N_("To move {player}"),
    "setup_dice": N_("Dice {die1} {die2}"),
    # Translators: the position's ID (GNU Backgammon's), in the edit panel.
    "id_of": N_("ID {id}"),
    # the status line
    "doubled": N_("{who} doubles to {value}: {other} to take or pass"),
    # Translators: the status line while the person in front of the board is to answer.
    "doubled_to_you": N_("{who} doubles to {value}: take or pass?"),
    "to_move_setup": N_("{who} to move (set-up)"),
    "to_move": N_("{who} to move"),
    "to_roll": N_("{who} to roll"),
    "played_game": N_("a played game of the match, kept as played"),
    "earlier_turn": N_("an earlier turn: another play here starts a variation"),
    "played_so_far": N_("played {play}"),
    # Translators: the dice of the turn not played yet ("still to play: 3", one 3 of 3-3).
    "dice_left": N_("still to play: {dice}"),
    "confirm_ends": N_("Confirm ends the turn"),
    "dice_unplayable": N_("{dice} cannot be played (R9): Confirm ends the turn"),
    "dice_unplayable_bar": N_(
        "{dice} cannot be played: no checker enters from the bar (R8). Confirm ends the turn"
    ),
    # the message line
    "preview": N_("Preview"),
    "preview_of": N_("{label} of {play}: not played."),
    # the history panel
    "history": N_("History"),
    "seen_tip": N_("{name} writes {play} in their own numbers; on this board: {seen}"),
    "move_list": N_("Move list"),
    "first_position": N_("First position"),
    "first_tip": N_("First (Home)"),
    "previous_turn": N_("Previous turn"),
    "previous_tip": N_("Previous (←)"),
    "next_turn": N_("Next turn"),
    "next_tip": N_("Next (→)"),
    "last_position": N_("Last position"),
    "last_tip": N_("Last (End)"),
    "step_through": N_("Step through the game"),
    # Translators: the history's count: the board shows the position after that turn
    # (walk 31 took History's turn for the review's, which shows the one before it).
    "turn_of": N_("after turn {ply} of {plies}"),
    "start_of": N_("before turn 1 of {plies}"),
    # Translators: the history's count under a review, whose board shows a turn's decision.
    "decision_of": N_("turn {ply} of {plies}, before it was played"),
    "marked_play": N_("a {mark} play"),
    "marked_cube_action": N_("a {mark} cube action"),
    "mistake_tip": N_("{label} (n / p: next / previous mistake)"),
    "variations_here": N_("{count} variations at this turn"),
    "switch_tip": N_("{label} (↑ ↓ switch)"),
    # the players panel
    "players": N_("Players"),
    "seats": N_("Seats"),
    "autoplay": N_("Autoplay"),
    "autoplay_play": N_("Play"),
    "autoplay_pause": N_("Pause"),
    "autoplay_play_tip": N_("Bots play their turns one after another"),
    "autoplay_step": N_("Step"),
    "autoplay_step_tip": N_("The bot to move plays one turn"),
    "autoplay_delay": N_("Autoplay delay per turn (ms)"),
    "milliseconds": N_("{count} ms"),
    "pip_count": N_("Pip count"),
    "who_plays": N_("Who plays {name}"),
    "seat_a_bot": N_("Seat a bot to let it play."),
    "autoplay_waits_analysis": N_("Autoplay waits for the analysis to end."),
    "autoplay_looking_back": N_(
        "An earlier turn: bots play only at the game's last turn (History's Last position "
        "goes back there)."
    ),
    "autoplay_waits_review": N_(
        "Autoplay waits while this game is reviewed: Step plays {name}'s turn, and the game "
        "goes on."
    ),
    "autoplay_bot_plays": N_("Autoplay: {name} is a bot and plays."),
    "autoplay_waits_roll": N_("Autoplay waits for {name} to roll and play."),
    "autoplay_waits_play": N_("Autoplay waits for {name} to play."),
    "autoplay_waits_answer": N_("Autoplay waits for {name} to take or pass."),
    "game_over": N_("The game is over."),
    # the match panel
    "match": N_("Match"),
    "cube": N_("Cube"),
    "previous_game": N_("Show the previous game"),
    "following_game": N_("Show the following game"),
    "games": N_("Games"),
    "next_game": N_("Next game"),
    "match_to": N_("Match to {length}"),
    "money_play": N_("Money play"),
    "crawford_game": N_("Crawford game"),
    "post_crawford": N_("post-Crawford"),
    "jacoby_rule": N_("Jacoby rule"),
    "wins_the_match": N_("{name} wins the match"),
    "game_of": N_("Game {game} of {games}"),
    "game_of_so_far": N_("Game {game} of {games} so far"),
    "game_now": N_("Game {game}"),
    # Translators: the match's score now, beside the score of an earlier moment shown.
    "score_now": N_("now {score}"),
    "chances_before_roll": N_("From here, before {name} rolls."),
    "chances_after_play": N_("From here, with {name}'s {dice} played {play}, the net's best play."),
    "chances_after_rolled_play": N_(
        "From here, with {name}'s {dice} played {play}, the best play by Hints' rollout."
    ),
    # Translators: the tip of the play Chances were counted after (walk 38 read chances
    # of a position the board did not show).
    "counted_tip": N_("Rest the pointer here to see the board after this play"),
    # Translators: the fold under a rolled-out list of plays, its method inside (walk 35
    # counted five paragraphs of method around the list); walk 38 read "±0.1%" from 35
    # games as exact with the fold closed, so the line says what narrows it.
    "method_rollout": N_(
        "How these figures were made: a rollout of {games} games a play, the dice's luck "
        "taken out of each (so a narrow ±)"
    ),
    "method_rollout_one": N_(
        "How these figures were made: a rollout of {games} games, the dice's luck taken "
        "out of each (so a narrow ±)"
    ),
    # Translators: under a list of plays where a cube is in play (walk 35 read "No double
    # +0.390" before the roll, then +0.195 for the best play after it, and could not tell
    # why).
    "hints_cubeless": N_(
        "Points per game here leave the cube and the score out, as for a cube of 1 that no "
        "one turns; the cube's advice before a roll counts them, averaged over the 36 rolls."
    ),
    # Translators: under Chances counted after Hints' best play (walk 34 read "35 games"
    # here and "32 games a play" in Hints, one equity, two ±; walk 35 the same figures).
    "chances_same_dice": N_(
        "They replay Hints' rollout of that play game for game, stopping at their own "
        "precision: so they are Hints' figures for it, within a few games."
    ),
    "chances_bars": N_(
        "Each bar: the win chance from the left in the player's colour, the gammons lost "
        "from the right in red; the dark bracket is the rollout's interval."
    ),
    "cube_centred": N_("Cube {value}, centred"),
    "cube_owned": N_("Cube {value}, {name}'s"),
    "cube_offered": N_("doubled to {value}, awaiting an answer"),
    # numbers of the judgement (analysis, review, tutor)
    "equity_tip": N_(
        "Points per game (what backgammon players call equity): what a player can expect to "
        "win or lose from here, each game counted at its worth (single 1, gammon 2, backgammon "
        "3; in trigammon every loser pays the winner). +1 is a sure single win, −1 a sure "  # noqa: RUF001
        "single loss."
    ),
    "points_per_game_of": N_("{points} points per game"),
    "points_per_game": N_("Points per game"),
    "best": N_("best"),
    # Translators: the loss column of the first play when the rollout cannot tell it from
    # the second ("too close to call"): ranked first, not named best.
    "first_close": N_("first"),
    "first_close_tip": N_("Ranked first, but too close to call against the next play"),
    # the analysis panel
    "analysis": N_("Analysis"),
    "hints": N_("Hints"),
    "hints_tip": N_(
        "Rank this roll's plays by the net at once, then roll the best out in their place"
    ),
    "double_tip": N_("Offer to double the stakes, before rolling (R14)"),
    "double_crawford": N_("No doubling in the Crawford game (R14)"),
    "double_not_yours": N_("The cube is the other side's: only its owner may double (R14)"),
    "hints_wait": N_("Hints wait for the roll: they rank the plays of the dice rolled."),
    # Translators: before a roll with no cube decision, one line for the panel's two
    # buttons (walk 40 read "Hints rank the plays of a roll" above "Hints wait for the
    # roll: they rank the plays of the dice rolled").
    "hints_wait_chances": N_(
        "Hints wait for the roll, then rank the plays of the dice rolled; Chances give every "
        "player's odds from here."
    ),
    "hints_wait_cube": N_(
        "Hints wait for the roll: before it they give the cube's advice only where the cube "
        "may be turned (not in the Crawford game, nor while the cube is the other side's)."
    ),
    "chances": N_("Chances"),
    "chances_tip": N_("Every player's chances from here: the net's at once, then a rollout's"),
    "cancel": N_("Cancel"),
    "rollout_progress": N_("Rollout progress"),
    "plays_ranked": N_("Plays, best first"),
    "kind_hints": N_("hints"),
    "kind_chances": N_("chances"),
    "kind_cube": N_("cube"),
    "status_refining": N_("rolling out"),
    "status_done": N_("done"),
    "status_cancelled": N_("cancelled"),
    "status_failed": N_("failed"),
    # Translators: a rollout under way; its total is a running estimate.
    "games_done": N_(
        "{done} games a play so far, about {total} expected: it stops once the best is clear"
    ),
    "games_done_chances": N_(
        "{done} games so far, about {total} expected: it stops once the chances are precise enough"
    ),
    "analysis_note": N_(
        "Hints rank the plays of a roll; Chances give every player's odds from here."
    ),
    "analysis_failed": N_("The analysis failed."),
    # Translators: where the figures of a list come from, e.g. "By the net (trigammon-v3)
    # at 0-ply" ({by} is "the net (...)" or "GNU Backgammon's net").
    "source_net": N_("By {by} at {ply}-ply: {ahead}."),
    # Translators: what N-ply means, after "at 0-ply:" (walk 15 asked).
    "ply_none": N_("the position as it stands, no roll looked ahead"),
    # Translators: walk 16 found "33.7% ±0.1%" from 35 games too precise to believe: the
    # luck taken out is why; walk 32 too: the ± leaves out the net's errors.
    # Translators: walk 24 found "the luck of the dice taken out, which is why so few
    # games give a narrow ±" odd; walk 26 read "a few dozen games" over 8: it says what
    # narrows the interval, whatever the games.
    "source_rollout": N_(
        "Rollout: {games} games a play, {cut}. The luck of the dice is taken out of each "
        "game, which narrows the ± (an interval at 95%): without that, {games} games would "
        "give up to ±{plain} on a chance to win. The ± is the dice's alone: it leaves out "
        "the net's own errors."
    ),
    "source_rollout_one": N_(
        "Rollout: {games} games, {cut}. The luck of the dice is taken out of each game, "
        "which narrows the ± (an interval at 95%): without that, {games} games would give "
        "up to ±{plain} on a chance to win. The ± is the dice's alone: it leaves out the "
        "net's own errors."
    ),
    # Translators: how a rollout's games end: cut after some turns and rated by the net.
    "cut_after": N_("each cut after {turns} turns and rated by {by}"),
    "whole_games": N_("whole games played by {by}"),
    "rolling_out": N_("Rolling the best plays out with the same dice…"),
    "rolling_out_chances": N_("Rolling the position out…"),
    "for_player": N_("For {name}."),
    # the cube's advice: the hints at a cube decision (R14)
    "cube_question_double": N_("Before the roll: double, or play on?"),
    "cube_question_take": N_("A double awaits its answer: take, or pass?"),
    "proper_action": N_("Proper cube action: {action}."),
    "proper_answer": N_("The proper answer: {action}."),
    # Translators: under the taker's proper answer, the proper action of both sides, as
    # GNU Backgammon says it ("No double, take": the double came too early).
    "proper_action_both": N_("Both sides' proper cube action: {action}."),
    # Translators: {row} is the row the taker's answer rules out ("Double, pass" or
    # "Redouble, pass"), {taken} the row that counts ("Double, take").
    "above_proper": N_(
        "{row} would score more, but only if the double were passed; it should be taken, "
        "so a double is worth what {taken} scores."
    ),
    "above_proper_take": N_(
        "{row} would score more, but only if the double were taken; it should be passed."
    ),
    # Translators: in the cube table's "Vs proper" column, the row the taker's answer
    # rules out: walk 26 read "Double, pass +2.367" as a gain for the doubler.
    "they_would_take": N_("they take"),
    "they_would_pass": N_("they pass"),
    "they_would_tip": N_(
        "Not the doubler's to score: the taker chooses, and the proper answer is the other"
    ),
    "mistake_of": N_("mistake {number} of {count}"),
    "take_point": N_("Take point {point}: {name} takes with at least this chance of winning."),
    "take_point_any": N_(
        "Take point {point}: passing loses the match, so {name} takes with any chance."
    ),
    # Translators: after a take point (walk 34 read 28.3% before a roll and 33.3% at the
    # double, at one score, and did not know why).
    "take_point_own": N_(
        "It depends on this position's gammons (and in a match on the score), so each "
        "position has its own."
    ),
    "cubeless_chances": N_("Chances without the cube, by {by} {ahead}: {chances}."),
    # Translators: beneath a take point within half a point of the taker's chance (walk
    # 22 read "Take point 32.9%" beside "you win 32.9%" and the answer "Pass").
    "take_point_close": N_(
        "The chance of winning is within half a point of the take point: too close for the "
        "chances alone to decide. The answer comes from the points per cube above, which "
        "also weigh the gammons and the cube after each roll."
    ),
    # Translators: beneath a take point that points away from the proper answer (walk
    # 21: "Double, take" at 32.9% to win against a take point of 33.6%).
    "take_point_differs": N_(
        "Why the answer and the take point differ here: the take point compares the "
        "chances alone; the answer also weighs the gammons and what the cube is worth to "
        "its owner after each roll."
    ),
    # Translators: a player's chances under a cube decision, gammons (and backgammons)
    # among the wins, as the review says Hints gives them (walk 24 found none).
    "player_wins": N_("{name} wins {wins} ({gammons} with a gammon)"),
    # Translators: beneath a cube decision whose points per game and win chance point
    # different ways (walk 15: "No double -0.019" at 50.4% to win).
    "cube_gammons": N_(
        "Why the points and the win chance differ: a gammon counts double, and {name} "
        "loses a gammon {lost} of the time, wins one {won}."
    ),
    "cube_actions_ranked": N_("Cube actions, the proper one marked"),
    # Translators: a column head, the cube decision's figures: points per game divided
    # by the cube's value.
    # Translators: as the lessons say it (walk 16 read "Points ÷ cube" beside lesson
    # 10's "points per cube" as two things).
    "points_per_cube": N_("Points per cube"),
    "points_per_cube_of": N_("{points} points per cube"),
    "points_per_cube_tip": N_(
        "Points per game divided by the cube's value before the double (normalised, as GNU "
        "Backgammon gives them; in a match, its chances as money points): a pass is worth 1 "
        "to the doubler, −1 to the one who passes."  # noqa: RUF001
    ),
    # Translators: under the cube table. Walk 38 could not tell whether "points per
    # cube" counted the cube before or after the double; walk 39 read a first note that
    # counted the doubled cube twice, and walk 40 read "in cubes of 1 ... on the cube of
    # 2" as a figure to double: the figures are the game's points with the double in.
    # Walk 44 took three readings of "Double, take +0.069 is +0.069 points in all": on
    # the 1-cube the figures are simply points a game.
    # Walk 45 read "points a game" under a column of "points per cube": on the 1-cube
    # they are the same, and the note says so.
    "cube_unit_one": N_(
        "Points per cube, with the cube now on 1, are points a game, the double counted in: "
        "{taken} (the cube then on {doubled}) means {points} points a game; {passed}, "
        "{passed_points}."
    ),
    "cube_unit": N_(
        "Points per cube are per point of the cube now ({value}), the double counted in: "
        "{taken} (the cube then on {doubled}) means {points} points a game; {passed}, "
        "{passed_points}."
    ),
    # Translators: under the cube table when a double that would be taken scores below
    # playing on for the favourite (walk 38 read "Double, take -0.245" at 53% to win
    # as a fault; walk 47 read "No double +0.143, Double, take -0.142" at 54.5% as a
    # sign error: the figures and the doubling window are said beside the reason; walk
    # 48 read "although you are the favourite (50.0%)": said at any chance to win).
    "cube_gives_away": N_(
        "Why {taken} ({taken_points}) scores below {kept} ({kept_points}) with {name} at "
        "{wins} to win: the double comes early. After the take the game is played for "
        "{doubled}, and {taker} owns the cube and may redouble when the game turns. A double "
        "pays only nearer the point where {taker} should pass: {taker} takes with "
        "{take_point} or more to win, and has {their_wins} now."
    ),
    "versus_proper": N_("Vs proper"),
    "versus_proper_tip": N_("How far the choice lies above (+) or below (−) the proper action"),  # noqa: RUF001
    # Translators: walk 16 read "by 0.016 ± 0.008" beside another turn's "too close"
    # at 0.020 ± 0.014: each says whether the gap beats its own error. Walk 47 found
    # "standard errors" too technical for the verdict: the test is said in the method's
    # fold (verdict_method), the verdict in plain words.
    "verdict_best": N_("Best: {play}, ahead by {gap} ± {error}: a clear lead."),
    # Translators: walk 47 read "too close to call" as no help in choosing.
    "verdict_close": N_(
        "Too close to call: {play} and {second} are {gap} ± {error} apart, too little for "
        "the rollout to tell them apart. Either is a good play."
    ),
    # Translators: in the rollout's method fold. Walk 31 read "0.016 ± 0.012 apart,
    # within the rollout's error": the rollout names a best only past {times} standard
    # errors ({needed}), not the ±; walk 43 read 0.011 called best after a cut-off of
    # 0.014 at another roll: the cut-off is this gap's own.
    "verdict_method": N_(
        "The rollout names a best only when the first two are more than {times} standard "
        "errors of their gap apart: {needed} here."
    ),
    # Translators: under a play that loses, where the loss comes from: the chances after
    # the better play and after the play made, by the same judge (walk 32 read the same
    # blot and hit count under both and could not tell where 0.078 came from).
    "compared": N_(
        "After {best}: wins {best_win}, loses a gammon {best_gammon}. After {play}: wins "
        "{win}, loses a gammon {gammon}."
    ),
    # Translators: under the lists of plays whose rows say what each play does (walk 19
    # read a best play leaving more shots as the tool being wrong).
    "facts_note": N_(
        "Under each play: what it does on the board. The ranking weighs all of it and more: "
        "a blot far back loses few pips when hit, and escaping, the race and builders for "
        "the next points count too."
    ),
    "ranked_by_points": N_(
        "Ranked by points per game, which counts gammons: a play lower down may win more often."
    ),
    # Translators: a tag beside the play made, in Hints at a turn looked back at.
    "played": N_("played"),
    "played_tip": N_("The play made at this turn: rolled out too, however far behind."),
    # Translators: a tag beside the play the tutor held and the player took back, in Hints.
    "taken_back": N_("taken back"),
    "taken_back_tip": N_(
        "The play the tutor held and you took back: rolled out beside the best, to see why."
    ),
    # Translators: a tag beside the play the tutor holds, waiting for Take back or Play on.
    "held": N_("held"),
    "held_tip": N_("The play the tutor holds: take it back or play it on."),
    # Translators: {play} the play made or taken back, {tag} "played", "taken back" or
    # "held".
    "verdict_played": N_("{play} ({tag}) loses {loss} ± {error} points per game against {best}."),
    "verdict_tutor_cleared": N_(
        "So by this rollout it is not a bad play: it loses less than the {threshold} at "
        "which the tutor stops a play, whose judgement by the net was too harsh here."
    ),
    "verdict_played_even": N_(
        "{play} ({tag}) cannot be told from {best} by this rollout: {loss} ± {error} apart."
    ),
    "other_plays": N_(
        "Other plays, not rolled out ({count}): each behind the best by {by} at 0-ply"
    ),
    "net_scale_tip": N_(
        "Not rolled out: only how far the net puts it behind the rollout's best play, as "
        "the tutor measures it; the net's figures and a rollout's are not on one scale."
    ),
    "rollout_cancelled": N_("Rollout cancelled after {games} games: partial figures."),
    "rollout_cancelled_none": N_("Rollout cancelled before its first games: the net's figures."),
    "the_net_named": N_("the net ({net})"),
    "gnubg_net": N_("GNU Backgammon's net"),
    "player": N_("Player"),
    "wins_head": N_("Wins"),
    "wins_tip": N_("Chance to win"),
    "gammons_tip": N_("Chance to lose a gammon or a backgammon"),
    "gammons_lost": N_("Gammons lost"),
    "cubeless": N_("Cubeless."),
    "rank": N_("Rank"),
    "play_tip": N_("The play, from the turn's start"),
    "loss": N_("Loss"),
    "loss_tip": N_("Points per game lost against the best play"),
    "hint_wins_tip": N_("Chance to win after the play"),
    "plus_minus_tip": N_("± its interval at 95%"),
    # the tutor
    "tutor": N_("Tutor"),
    "seen_note": N_(
        "{name} writes plays in their own numbers; in brackets, as this board numbers its points."
    ),
    # Translators: the tutor's quick look is the review's judgement; a play Hints rolled
    # out at the board takes that rollout's figures (walk 27).
    "review_source": N_(
        "Judged by {by} at {ply}-ply, the tutor's quick look; a play Hints rolled out "
        "at the board is judged by that rollout."
    ),
    "review_source_cube": N_(
        "Judged by {by}: plays at {ply}-ply, the tutor's quick look, and cube decisions at "
        "{cube_ply}-ply, as Hints does; a play Hints rolled out at the board is judged by "
        "that rollout."
    ),
    "tutor_holds": N_("the tutor holds this play: take it back or play on"),
    "tutor_holds_note": N_("The tutor holds this play: take it back or play it on."),
    "tutor_level": N_("The tutor stops a play as bad as"),
    "tutor_stops": N_("stops {level} plays"),
    "take_back": N_("Take back"),
    "play_on": N_("Play on"),
    # Translators: the tutor's answers to a cube action it held back before it was made
    # (R14): nothing is taken back, the person thinks again or goes on.
    "think_again": N_("Think again"),
    "go_on_double": N_("Double all the same"),
    "go_on_no_double": N_("Roll all the same"),
    "go_on_take": N_("Take all the same"),
    "go_on_drop": N_("Pass all the same"),
    # Translators: {action} and {better} are cube actions in lower case ("double", "no
    # double"), {loss} "0.322 points per cube".
    "tutor_cube_warning": N_("{tutor}{action} loses {loss} against {better}."),
    "tutor_cube_warning_marked": N_(
        "{tutor}{action} loses {loss} against {better} (a {mark} cube action)."
    ),
    "tutor_cube_by": N_(
        "By the net looking a roll ahead, as Hints before the roll give the cube's advice: "
        "think again, and Hints show every choice's figures."
    ),
    "tutor_stops_level": N_("a {level} play (one that loses {points} or more)"),
    "tutor_stops_points": N_("a play losing {points} or more"),
    "tutor_on_tip": N_(
        "The tutor is on: it stops {stops} before it is made. Click to turn it off."
    ),
    "tutor_off_tip": N_("Turn the tutor on: it stops {stops} before it is made."),
    "tutor_cube_too": N_("In a game with the cube, a cube action that loses as much too."),
    "tutor_own_level": N_("{points}-point"),
    "the_tutor": N_("The tutor: "),
    "tutor_warning": N_("{tutor}{played} loses {loss}. Better: {best}, dashed on the board."),
    "tutor_warning_marked": N_(
        "{tutor}{played} loses {loss} (a {mark} play). Better: {best}, dashed on the board."
    ),
    # Translators: under the tutor's warning (walk 15 met a tutor's "better" play that
    # Hints' rollout ranked otherwise).
    # The figure is the 0-ply one, as the review's; the roll-ahead check gives none of its
    # own (walk 29 met three figures for one mistake).
    "tutor_quick": N_(
        "By the net's quick look (0-ply), as the review judges; looking a roll ahead, the "
        "net agrees it is over the tutor's line. To be sure: take it back, then Hints rolls "
        "both plays out."
    ),
    "tutor_by_rollout": N_("By Hints' rollout of this roll, as its list shows."),
    # Translators: walk 34 read "Better: 12/18(2)" beside Hints' "Too close to call".
    "tutor_by_rollout_tied": N_(
        "By Hints' rollout of this roll, as its list shows. It is too close to call "
        "between {best} and {tied}: either is better than this play."
    ),
    # Translators: on the message line while a play waits for the tutor, which may roll
    # the roll out first (walk 29 saw nothing happen for seconds and clicked again).
    "tutor_checking": N_(
        "The tutor is checking this play with Hints' rollout; a bad one takes a few seconds…"
    ),
    # the review panel
    "review": N_("Review"),
    "game_review": N_("Game review"),
    "analyse_game": N_("Analyse game"),
    "analyse_again": N_("Analyse again"),
    "analyse_tip": N_(
        "Judge every turn of this line in the background: marks, mistakes, equity graph"
    ),
    "previous_mistake": N_("Previous mistake"),
    "previous_mistake_tip": N_("Previous mistake (p)"),
    "next_mistake": N_("Next mistake"),
    "next_mistake_tip": N_("Next mistake (n)"),
    "whose_mistakes": N_("Whose mistakes to step through"),
    "everyones_mistakes": N_("Everyone's mistakes"),
    "mistakes_of": N_("{name}'s mistakes"),
    "review_progress": N_("Review progress"),
    "status_running": N_("running"),
    "turns_done": N_("{done} / {total} turns"),
    "review_note": N_("Analyse game judges every turn of this line and marks the mistakes."),
    "review_failed": N_("The review failed."),
    "review_cancelled": N_("Cancelled after {done} of {total} turns: the marks of those turns."),
    "no_marked_turn": N_("No marked turn: no play or cube action lost enough to be doubtful."),
    # Translators: the review's mistake buttons go round (walk 30 found Next greyed at
    # the game's end, where a review opened).
    "no_other_mark": N_("No other marked turn."),
    "first_mark_again": N_("After the last marked turn, the first again."),
    "last_mark_again": N_("Before the first marked turn, the last again."),
    "summary_tip": N_(
        "{decisions} decisions, {lost} lost in all, error rate {rate} (thousandths of a point "
        "per decision)"
    ),
    "summaries": N_("The players' summaries"),
    "player_col_tip": N_("Each row's tooltip: decisions, equity lost, error rate"),
    # Translators: GNU Backgammon's performance rating, a column heading.
    "pr": N_("PR"),
    "pr_self": N_(
        "{names}: the neural bot plays the very plays the review's net prefers, so its PR is 0 "
        "by design."
    ),
    # Translators: walk 29 asked why the players' decisions differ in number.
    "pr_tip": N_(
        "Performance rating: 500 × the equity lost per decision (lower is better). A "  # noqa: RUF001
        "decision is a turn with a choice of play, or a cube action; a forced turn is none."
    ),
    "mark_plays": N_("{name} plays"),
    "luck": N_("Luck"),
    "luck_tip": N_("The rolls' worth against the average roll, summed, in points per game."),
    # Translators: above a reviewed turn (walk 15 read turn 1's judgement, at turn 0,
    # as one of the game's mistakes).
    "decision_shown": N_("On the board: turn {ply}, as {name} faced it"),
    "best_play": N_("The best play (or as good)"),
    "best_cube_action": N_("The best cube action (or as good)"),
    # Translators: under a reviewed cube decision (walk 16 could not tell why a no double
    # at 60% to win was very bad).
    "cube_review_why": N_(
        "Why: Hints at this turn gives the decision's figures, each side's chances and "
        "gammons, and the take point."
    ),
    "lost_play": N_("Lost {points} against the best play"),
    # Translators: under a reviewed turn whose roll Hints rolled out at the board: the
    # review takes the rollout's figures (walk 27 read the tutor's rollout beside the
    # review's net).
    "turn_by_rollout": N_(
        "Judged by Hints' rollout of this roll, run at the board: its plays and figures."
    ),
    # Translators: one play the tutor stopped, in the review's list and at its turn:
    # "6-5: 13/18 13/19 lost 0.112 against 24/13 (by Hints' rollout); taken back, then
    # 24/13 played". {by} is "stop_by_rollout" or "stop_by_net".
    "stop_taken_back": N_(
        "{dice}: {tried} lost {loss} against {best} ({by}); taken back, then {played} played"
    ),
    "stop_played_on": N_("{dice}: {tried} lost {loss} against {best} ({by}); played all the same"),
    # Translators: walk 22 read the tutor's 0.121 (Hints' rollout) and the review's 0.104
    # (the net at 0-ply) for one play: each figure says its source.
    "stop_by_rollout": N_("by Hints' rollout"),
    "stop_by_net": N_("by the net's quick look, at 0-ply"),
    # Translators: walk 26 read a stop Hints' rollout then cleared among stopped plays:
    # "13/2 lost 0.029 against 24/13 (by Hints' rollout, which clears it: under the
    # tutor's 0.080 line)".
    "stop_cleared": N_("by Hints' rollout, which clears it: under the tutor's {line} line"),
    "stop_here": N_("The tutor stopped a play here"),
    "stop_turn": N_("Turn {ply}"),
    "lost_cube_action": N_("Lost {points} against the best cube action"),
    # Translators: walk 18 found the luck figure with no scale.
    "luck_of": N_("the roll's luck {luck} points per game against an average roll"),
    "cube_action": N_("Cube action"),
    "loss_best_tip": N_("Points per game lost against the best"),
    "best_plays_of": N_("The best plays of turn {turn}"),
    "best_cube_actions_of": N_("The best cube actions of turn {turn}"),
    # the drill of a study library
    "drill": N_("Drill"),
    "drill_card": N_("Card {id}"),
    "drill_counts": N_("{answered} · {right} right · {due}"),
    "no_double": N_("No double"),
    "your_answer": N_("Your answer"),
    "drill_right": N_("Right"),
    # Translators: the drill's verdict on an answer that loses a doubtful play's worth or more.
    "drill_missed": N_("Missed"),
    "drill_best": N_("{answer}: the best answer."),
    "drill_lost": N_("{answer} loses {points}."),
    "drill_played_then": N_("Played in the game: {made}"),
    "drill_from": N_("From {source}"),
    "drill_comment": N_("Comment"),
    "drill_answers": N_("The best answers"),
    "drill_grade": N_("Grade"),
    "grade_tip": N_(
        "Your own grade of this answer, in place of the one its loss gave (keys 1 to 4): "
        "the card comes back sooner for Again, later for Easy."
    ),
    "drill_due": N_("Comes back {due}."),
    "drill_judged": N_("Card {id} answered: Next card (n) goes on."),
    "next_card": N_("Next card"),
    "next_card_tip": N_("The next due card (n)"),
    "skip_card": N_("Skip"),
    "skip_card_tip": N_("Leave this card for later and show the next due card (n)"),
    "stop_drill": N_("Stop drill"),
    "drill_elsewhere": N_("The board shows another position: Next card goes on with the drill."),
    "drill_over": N_("Drill over."),
    "drill_summary": N_("{answered}, {right} right, mean loss {points}."),
    "drill_next_due": N_("The next card is due {due}."),
    "drill_none_left": N_("No card of this drill is left."),
    "drill_more_due": N_("{due} still: drill again to go on."),
    # the legal plays
    "legal_plays": N_("Legal plays"),
    "filter_placeholder": N_("Filter, e.g. 13/ or bar"),
    "filter_plays": N_("Filter legal plays"),
    "count_of": N_("{count} of {total}"),
    "more_plays": N_("{count} more — type in the filter to narrow the list"),
    "no_play_matches": N_("No play matches the filter."),
    "plays_from": N_("The plays that go on from {play}."),
    "roll_to_see": N_("Roll (or set the dice) to see the legal plays."),
    "no_legal_play": N_("No legal play."),
    # the equity graph
    # Translators: walk 36 read 41% on the graph and 38.9% in the review for one play.
    "graph_caption": N_(
        "Win chances after each turn by the net's quick look (0-ply), a line per player; a "
        "turn Hints rolled out has the rollout's figures in the review. A dot on a player's "
        "line marks one of their mistakes, coloured as its mark in the history (?!, ?, ??). "
        "Hover over a turn to read it, click it to show it."
    ),
    # the export menu
    "export": N_("Export"),
    "exporting": N_("Exporting…"),
    "export_tip": N_("Save the board or the game as a picture"),
    "export_svg": N_("Board as SVG"),
    "export_svg_tip": N_("The board as shown, as a vector picture"),
    "export_png": N_("Board as PNG"),
    "export_png_tip": N_("The board as shown, as a bitmap (needs the export extra)"),
    "export_animated_svg": N_("Replay as animated SVG"),
    "export_animated_svg_tip": N_("The line of play replayed, turn by turn"),
    "export_gif": N_("Replay as GIF"),
    "export_gif_tip": N_("The line of play replayed, as an animated GIF (needs the export extra)"),
    "no_file": N_("Python sent no file"),
    "exported": N_("Exported {file} ({size})"),
    "bytes": N_("{count} bytes"),
    "no_answer": N_("no answer from Python in time (is the kernel busy or gone?)"),
    "export_failed": N_("Export “{name}” failed: {why}"),
    # the variations panel
    "variations": N_("Variations"),
    "back_to_main_line": N_("Back to main line"),
    "back_to_main_line_tip": N_("Show the main line (at this turn where it has it)"),
    "turn_lines": N_("turn {turn} · {count} lines"),
    "on_main_line": N_("On the main line"),
    "on_side_line": N_("On a side line"),
    "next_turn_variations": N_("The next turn has {count} variations: step on (→) to see them."),
    "marked_turns": N_(
        "Turns marked {mark} in the history have variations: go to one to see them."
    ),
    "variations_of_turn": N_("Variations of turn {turn}"),
    "line_takes_this": N_("The line shown takes this turn"),
    "take_this_line": N_("Take this line (↑ ↓)"),
    "the_main_line": N_("The main line"),
    # Translators: the tag of the main line in the variations panel (a short word).
    "main_tag": N_("main"),
    "make_main_line_of": N_("Make {line} the main line"),
    "make_main_line": N_("Make this the main line"),
    "rename_of": N_("Rename {line}"),
    "name_this_line": N_("Name this line"),
    "delete_of": N_("Delete {line}"),
    "delete_this_line": N_("Delete this line"),
    "line_name_placeholder": N_("A name for this line"),
    "line_name": N_("Name of the line"),
    "save": N_("Save"),
    "rename_this_line": N_("Rename this line"),
    "delete": N_("Delete"),
    "delete_main_line_question": N_(
        "Delete the main line from here ({line}, {turns})? This cannot be undone."
    ),
    "delete_line_question": N_("Delete {line} ({turns})? This cannot be undone."),
    "delete_this_line_question": N_("Delete this line?"),
    # the board's own hints, on the message line
    "whose_checker": N_("That checker is {whose}'s: {mover} is to move."),
    "roll_first": N_("Roll the dice first."),
    "no_move_left": N_("That checker has no legal move with the dice left."),
    "seat_of_a_bot": N_(
        "A bot plays {mover}'s seat: choose Person for it in the Players panel to move here."
    ),
    "enter_first": N_("R8: {mover}'s checkers on the bar enter first, before any other moves."),
    "tray_hint": N_(
        "A tray holds the checkers not on the board: click a point or a bar to place one, "
        "shift-click to take one back."
    ),
    # a rule's name beside its id on the message line: ``rule R1`` ...
    # (``teaching.rulebook.RULE_TITLES``), and what the id refers to
    **{f"rule {rule}": title for rule, title in RULE_TITLES.items()},
    "rule_tip": N_(
        "Rule {rule} of the rules R1-R14: lesson 02 (The rules) shows each one's card, "
        'as find_rule("{rule}") does.'
    ),
    # the seats' kinds: ``seat human`` ... (``seats.SEATS``)
    **{f"seat {value}": kind.label for value, kind in SEATS.items()},
    # a drill's grades: ``grade again`` ... (``study.schedule.GRADE_WORDS``)
    **{f"grade {grade}": text for grade, text in GRADE_WORDS.items()},
    # the review's marks: ``mark ?!`` ... (``analysis.MARK_NAMES``)
    **{f"mark {mark}": LEVEL_WORDS[level] for mark, level in MARK_NAMES.items()},
    **{key: text for key, (_context, text) in IN_CONTEXT.items()},
    **{f"{key} you": text for key, (_context, text) in TO_YOU.items()},
    **{f"{key} one": one for key, (one, _other) in COUNTED.items()},
    **{f"{key} other": other for key, (_one, other) in COUNTED.items()},
}
"""Each word of the front end by its key, in English."""


def words() -> dict[str, str]:
    """Every word of ``WORDS`` in the language spoken, and its decimal mark."""
    spoken = {key: _(text) for key, text in WORDS.items()}
    spoken["decimal_mark"] = decimal_mark()
    for key, (context, text) in IN_CONTEXT.items():
        spoken[key] = pgettext(context, text)
    for key, (context, text) in TO_YOU.items():
        spoken[f"{key} you"] = pgettext(context, text)
    for key, (one, other) in COUNTED.items():
        spoken[f"{key} one"] = ngettext(one, other, 1)
        spoken[f"{key} other"] = ngettext(one, other, 2)
    return spoken

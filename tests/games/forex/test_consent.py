"""A spot is made in self-play only when its partner accepts it (rulebook: no player is required
to accept a transaction proposed by the acting player)."""

from __future__ import annotations

from collections.abc import Collection

from msgspec.structs import replace

from forexcli.games.forex.rules import (
    Contract,
    DividendStack,
    GameState,
    Invest,
    Loan,
    Resolve,
    Spot,
    apply,
    draw_removed,
    legal_decisions,
    new_game,
)
from forexcli.games.forex.search.game import PlayedGame, play_game
from forexcli.games.forex.search.ladder import ladder_answer, ladder_player
from forexcli.games.forex.search.mcts import Budget, search
from forexcli.games.forex.search.players import (
    NO_SPOTS,
    Answer,
    Entry,
    Player,
    accept_all,
    engine_player,
    evaluation_answer,
    greedy_player,
    heuristic_player,
    random_player,
)

GBP, EUR = 0, 1
NONE = (0,) * 7


def money(gbp: int = 0, eur: int = 0) -> tuple[int, ...]:
    return (gbp, eur, 0, 0, 0, 0, 0)


# p0 owes 2 GBP on a loan third in the queue; it has just invested 2 of its 4 GBP, and p1 is to
# move.  p1's spot taking 1 GBP from p0 (for 2 EUR), then the three resolutions before p0's
# turn, would bankrupt p0: a partner that answers for itself refuses that offer.
_START = new_game([f"p{i}" for i in range(4)], draw_removed("endgame"))
_LOAN_DUE = replace(
    _START,
    money=(money(gbp=8), money(eur=8), money(eur=8), money(eur=8)),
    certs=(NONE, NONE, NONE, (0, 0, 0, 0, 0, 0, 1)),
    queue=(
        Contract("A", 1, EUR, 2, 2, 2),
        Contract("B", 2, EUR, 2, 2, 2),
        Loan("C", 0, (4, 0, 0, 0, 0, 0, 0)),
        DividendStack(3),
    ),
    dividends_left=3,
)
DRAINING = apply(_LOAN_DUE, Invest("p0", ("GBP",)))
DRAIN = Spot("p1", "p0", "EUR", 4, "GBP", 2)


def test_the_drained_partner_refuses_the_spot() -> None:
    """The spot is legal and would bankrupt p0 (by the three resolutions); every answer says no."""
    assert DRAIN in legal_decisions(DRAINING)
    bankrupt = apply(DRAINING, DRAIN)
    for seat in (1, 2, 3):
        bankrupt = apply(bankrupt, Resolve(f"p{seat}"))
    assert bankrupt.bankrupt == 0
    assert not evaluation_answer(DRAINING, DRAIN, 0)
    for name in ("investor", "trader", "cautious", "greedy", "engine"):
        assert not ladder_answer(name)(DRAINING, DRAIN, 0), name
    assert accept_all(DRAINING, DRAIN, 0)


def _scripted(offers: list[Collection[Spot]]) -> Player:
    """At ``DRAINING`` p1 offers the draining spot (then resolves) until it is refused, and
    then resolves; elsewhere the mover resolves when it can, else plays as the greedy player."""
    greedy = greedy_player(1)

    def play(state: GameState, excluded: Collection[Spot] = NO_SPOTS) -> Entry:
        if state != DRAINING:
            name = state.players[state.pending.player or 0]
            if Resolve(name) in legal_decisions(state):
                return (Resolve(name),)
            return greedy(state, excluded)
        offers.append(excluded)
        if DRAIN not in excluded:
            return (DRAIN, Resolve("p1"))
        return (Resolve("p1"),)

    return play


def test_play_game_asks_the_partner_and_the_mover_chooses_again() -> None:
    """Refused, the offer is not recorded: p1 is asked again with it excluded; p0 survives."""
    offers: list[Collection[Spot]] = []
    scripted = _scripted(offers)
    players = [heuristic_player, scripted, scripted, scripted]
    game = play_game(DRAINING, players)
    assert game.entries[0] == ("p1", (Resolve("p1"),))
    assert offers[:2] == [NO_SPOTS, frozenset({DRAIN})]
    assert all(DRAIN not in entry for _, entry in game.entries)
    assert game.final.result is not None
    # Without consent the same players make the spot, and p0 goes bankrupt.
    forced = play_game(DRAINING, players, [accept_all] * 4)
    assert forced.entries[0] == ("p1", (DRAIN, Resolve("p1")))
    assert forced.final.bankrupt == 0


def test_the_engine_and_the_one_ply_players_leave_out_excluded_spots() -> None:
    """Every built-in player's choose step skips the excluded offers."""
    state = DRAINING
    spots = frozenset(c for c in legal_decisions(state) if isinstance(c, Spot))
    result = search(state, Budget(simulations=20), excluded=spots)
    assert not any(isinstance(line.decisions[0], Spot) for line in result.lines)
    players = [
        engine_player(Budget(simulations=20)),
        greedy_player(3),
        random_player(3),
        heuristic_player,
        *(ladder_player(name, Budget(simulations=5), 3) for name in ("investor", "trader")),
        *(ladder_player(name, Budget(simulations=5), 3) for name in ("cautious", "oneply")),
    ]
    for player in players:
        entry = player(state, spots)
        assert not isinstance(entry[0], Spot)
        assert entry[0] in legal_decisions(state)


def _recording(
    answers: list[Answer], asked: list[tuple[GameState, Spot, int, bool]]
) -> list[Answer]:
    def wrap(answer: Answer) -> Answer:
        def reply(state: GameState, spot: Spot, partner: int) -> bool:
            said = answer(state, spot, partner)
            asked.append((state, spot, partner, said))
            return said

        return reply

    return [wrap(a) for a in answers]


def _ladder_game(seed: int) -> tuple[PlayedGame, list[tuple[GameState, Spot, int, bool]]]:
    names = ("trader", "investor")
    start = new_game(["p0", "p1"], draw_removed(f"consent-{seed}"))
    players = [ladder_player(n, Budget(simulations=1), seed + i) for i, n in enumerate(names)]
    asked: list[tuple[GameState, Spot, int, bool]] = []
    game = play_game(start, players, _recording([ladder_answer(n) for n in names], asked))
    return game, asked


def test_a_ladder_game_with_consent_finishes_and_every_spot_was_accepted() -> None:
    """Trader against investor: the game ends, each spot made was accepted by its partner when
    asked, and the same seed plays the same game."""
    game, asked = _ladder_game(5)
    assert game.final.is_over
    accepted = {(state, spot) for state, spot, _, said in asked if said}
    start = new_game(["p0", "p1"], draw_removed("consent-5"))
    made = 0
    for _, entry in game.entries:
        if isinstance(entry[0], Spot):
            assert (start, entry[0]) in accepted
            made += 1
        for step in entry:
            start = apply(start, step)
    assert asked, "no spot was ever offered"
    assert made == sum(said for *_, said in asked)
    again, asked_again = _ladder_game(5)
    assert again == game
    assert [(s, d) for _, s, _, d in asked_again] == [(s, d) for _, s, _, d in asked]

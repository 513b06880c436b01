"""For-Ex's rules in short, for a newcomer (``forex rules``; ``Game.rules_summary``): checked
against the rulebook, Board Game Arena's game summary and docs/rules.md.  A string a
paragraph, ``- `` starting an item of a list; the frame wraps them to the width."""

from __future__ import annotations

SUMMARY = (
    "For-Ex: the rules in short",
    "The goal. Seven currencies (GBP, EUR, USD, CHF, JPY, CAD, CNY) are worth something only "
    "against each other, and the players' decisions move their rates. The game ends with a "
    "bankruptcy or after the last dividend: then every player's money is converted into the "
    "strongest currency, and the most money wins.",
    "The board. In each of the 21 pairs of currencies one is the stronger, even at 1:1: its "
    "rate (1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6 or 8) is how many of the weaker buy 1 of it. "
    "Strengthening a currency moves each of its six pairs one space its way: up when it is "
    "the stronger (never beyond 8), down when it is the weaker (at 1 it becomes the "
    "stronger). Weakening moves them the other way. A currency that is the weaker at 8 in any"
    " pair pays no dividends.",
    "The set-up. 2 to 6 players each start with 2 of every currency and no certificates. Each"
    " currency has 8 certificates; 6 drawn at random leave the game. The queue holds the 5 "
    "dividends, which pay 0, 2, 2, 2 and 3 per certificate.",
    "A turn. First, if you like, one spot transaction with another player who agrees: 1 of "
    "the stronger currency of a pair for its rate in the weaker, or the other way round (spot"
    " 1 USD to bob for 2 JPY; then the action). Then exactly one action:",
    "- contract: promise to pay an amount of one currency for the other at today's rate, the "
    "stronger currency's amount a whole 1 to 10 (contract 6 USD for 12 JPY). Nothing is paid "
    "now; the contract (letters A to F: six at most) goes to the back of the queue and keeps "
    "its rate.",
    "- invest: buy one or two certificates of different currencies for 2 each (invest USD "
    "JPY), at most 4 of a currency a player; each strengthens its currency.",
    "- divest: sell certificates of one currency for 2 each (divest 2 USD); then each other "
    "player in turn may sell theirs too (sell 1 USD, or sell 0 USD). Each certificate sold "
    "weakens the currency and leaves the game.",
    "- resolve: settle the front of the queue. A contract: its owner pays and receives; an "
    "owner who cannot pay still receives, and owes the amount +1 as a loan at the back of the"
    " queue (or added to their loan there). A loan: paid in full, or its owner is bankrupt "
    "and the game ends. A dividend: each certificate pays it in its own currency, then the "
    "currency with the most certificates in players' hands is strengthened (tied: the "
    "resolving player chooses, strengthen EUR).",
    "The end. After the fifth dividend there are no more turns: the rest of the queue is "
    "resolved in order. The strongest currency is the stronger in the most pairs (tied: the "
    "one with the most certificates in players' hands; still tied: the player who took the "
    "last turn chooses, strongest GBP). Every player converts each currency into it "
    "separately, rounding down; certificates are worth nothing. The most money wins; a tie "
    "goes to the most certificates of the strongest currency; a bankrupt player ranks last.",
)
"""The summary: its heading, then its paragraphs and list items (``- ``), one string each."""

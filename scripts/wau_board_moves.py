#!/usr/bin/env python3
"""Counts Wau Chess board moves (`^a4a6`) per side in a PGN written by
`motley match`, and the games in which each side moved a board at all.

    python3 scripts/wau_board_moves.py games.pgn
"""

import re
import sys


def sides_of_moves(body):
    """Yields (side, move) for each move of a PGN movetext."""
    body = re.sub(r"\{[^}]*\}", "", body)
    side = "white"
    for token in body.split():
        number = re.match(r"^\d+(\.+)$", token)
        if number:
            side = "white" if number.group(1) == "." else "black"
            continue
        if token in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        yield side, token
        side = "black" if side == "white" else "white"


def main():
    text = open(sys.argv[1]).read()
    games = [g for g in text.split("[Event ")[1:]]
    moves = {"white": 0, "black": 0}
    games_with = {"white": 0, "black": 0}
    plies = 0
    for game in games:
        movetext = game.split("\n\n", 1)[1] if "\n\n" in game else ""
        moved = set()
        for side, move in sides_of_moves(movetext):
            plies += 1
            if move.startswith("^"):
                moves[side] += 1
                moved.add(side)
        for side in moved:
            games_with[side] += 1
    print(f"games {len(games)}, plies {plies}")
    for side in ("white", "black"):
        print(f"{side}: {moves[side]} board moves, in {games_with[side]} games")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A quick chess match between motley (UCI) and another engine (UCI or
XBoard), driven by python-chess, for a first strength check.

Each opening position is played twice with colours reversed. Prints every
result and the score with a 95% error margin in Elo.

    pip install chess; apt-get install fairymax
    cargo build --release
    python3 scripts/quick_match.py --opponent /usr/games/fairymax --xboard \
        --games 40 --tc 10+0.1 --concurrency 2
"""

import argparse
import concurrent.futures
import math
import os
import queue
import subprocess
import sys
import threading
import time

import chess
import chess.engine

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Balanced openings: short main lines from the start position (given as
# moves, since some XBoard engines, Fairy-Max among them, have no setboard).
OPENINGS = [
    "e2e4", "d2d4", "e2e4 c7c5", "e2e4 e7e5", "d2d4 g8f6", "d2d4 d7d5",
    "e2e4 e7e6", "e2e4 c7c6", "c2c4", "g1f3", "e2e4 e7e5 g1f3 b8c6",
    "c2c4 e7e5 b1c3 g8f6",
]


class XBoardEngine:
    """A minimal XBoard driver (force mode, time/otim, go, usermove)."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("xboard")
        self.send("protover 2")
        self.usermove = False
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if "usermove=1" in line:
                self.usermove = True
            if "done=1" in line:
                break

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def new_game(self, base, inc):
        self.send("new")
        self.send("force")
        self.send(f"level 0 {int(base // 60)}:{int(base % 60):02d} {inc:g}")
        self.known = 0
        self.playing = False

    def _move(self, m):
        self.send(("usermove " if self.usermove else "") + m)

    def think(self, own_clock, other_clock, moves):
        """Returns the engine's move after the game's `moves` (wire spelling)."""
        self.send(f"time {max(int(own_clock * 100), 1)}")
        self.send(f"otim {max(int(other_clock * 100), 1)}")
        unsent = moves[self.known:]
        if self.playing and len(unsent) == 1:
            self._move(unsent[0])
        else:
            for m in unsent:
                self._move(m)
            self.send("go")
            self.playing = True
        self.known = len(moves) + 1
        while True:
            line = self.lines.get(timeout=600)
            if line.startswith("move "):
                return line.split()[1]
            if line.lower().startswith("resign") or line.startswith("0-1") or line.startswith("1-0"):
                return None

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def play(game_no, opening, motley_white, args):
    motley = chess.engine.SimpleEngine.popen_uci(args.binary)
    other = XBoardEngine(args.opponent) if args.xboard else chess.engine.SimpleEngine.popen_uci(args.opponent)
    base, inc = (float(x) for x in args.tc.split("+"))
    clocks = {chess.WHITE: base, chess.BLACK: base}
    board = chess.Board()
    for m in opening.split():
        board.push_uci(m)
    motley_side = chess.WHITE if motley_white else chess.BLACK
    if args.xboard:
        other.new_game(base, inc)
    try:
        while not board.is_game_over(claim_draw=True) and board.ply() < 400:
            side = board.turn
            started = time.monotonic()
            if side == motley_side:
                limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                           white_inc=inc, black_inc=inc)
                move = motley.play(board, limit).move
            elif args.xboard:
                text = other.think(clocks[side], clocks[not side], [m.uci() for m in board.move_stack])
                move = chess.Move.from_uci(text) if text else None
            else:
                limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                           white_inc=inc, black_inc=inc)
                move = other.play(board, limit).move
            clocks[side] += inc - (time.monotonic() - started)
            loser_is_motley = side == motley_side
            if move is None:
                return game_no, (0 if loser_is_motley else 1), "resigned"
            if move not in board.legal_moves:
                return game_no, (0 if loser_is_motley else 1), f"illegal move {move}"
            if clocks[side] < 0:
                return game_no, (0 if loser_is_motley else 1), "time forfeit"
            board.push(move)
        outcome = board.outcome(claim_draw=True)
        if outcome is None or outcome.winner is None:
            return game_no, 0.5, board.result(claim_draw=True)
        return game_no, (1 if outcome.winner == motley_side else 0), board.result()
    finally:
        motley.quit()
        other.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", required=True)
    parser.add_argument("--xboard", action="store_true", help="the opponent speaks XBoard")
    parser.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "motley"))
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--tc", default="10+0.1", help="seconds+increment per game")
    parser.add_argument("--concurrency", type=int, default=1)
    args = parser.parse_args()

    jobs = []
    for g in range(args.games):
        opening = OPENINGS[(g // 2) % len(OPENINGS)]
        jobs.append((g, opening, g % 2 == 0))
    points = 0.0
    wins = draws = losses = 0
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        futures = [pool.submit(play, g, fen, white, args) for g, fen, white in jobs]
        for f in concurrent.futures.as_completed(futures):
            g, score, result = f.result()
            points += score
            wins += score == 1
            draws += score == 0.5
            losses += score == 0
            print(f"game {g + 1}: motley {score} ({result})", flush=True)
    n = wins + draws + losses
    p = points / n
    var = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * (0 - p) ** 2) / n
    margin = 1.96 * math.sqrt(var / n)

    def elo(x):
        x = min(max(x, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / x - 1)

    print(f"motley {points}/{n} (+{wins} ={draws} -{losses}), score {p:.3f} +/- {margin:.3f}, "
          f"Elo {elo(p):+.0f} [{elo(p - margin):+.0f}, {elo(p + margin):+.0f}]")


if __name__ == "__main__":
    sys.exit(main())

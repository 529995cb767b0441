"""A small UCI client: one engine process, commands in, lines out.

The scripts that drive an engine (Fairy-Stockfish for perft counts, move
choices and position scores; motley for openings) share this class:

    from uci_engine import UciEngine
    engine = UciEngine([path], {"VariantPath": ini, "UCI_Variant": "wadchess"})
    nodes = engine.perft(fen, 3)
    move, cp = engine.search("nodes 20000", fen=fen, moves=["e2e4"])
    engine.close()

Scripts in this folder import it by name (Python puts a script's own folder
first on the module path).
"""

import re
import subprocess

SCORE = re.compile(r"\bscore (cp|mate) (-?\d+)")


class UciEngine:
    """One UCI engine process, started with `argv` and set up with
    `options` (name to value, sent in order after `uciok`); the lines it
    wrote in answer to them are kept in `setup_lines`."""

    def __init__(self, argv, options=None):
        self.name = argv[0]
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.lines_until("uciok")
        for name, value in (options or {}).items():
            self.set_option(name, value)
        # What the engine answered to the options (an error line, say).
        self.setup_lines = self.sync()

    def send(self, line):
        """Writes one command."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def lines_until(self, prefix):
        """The lines the engine writes, stripped, up to and including the
        first that starts with `prefix`."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} stopped before answering '{prefix}'")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self):
        """Waits for the engine to be ready; the lines it wrote before."""
        self.send("isready")
        return self.lines_until("readyok")[:-1]

    def set_option(self, name, value):
        """Sends `setoption name NAME value VALUE`."""
        self.send(f"setoption name {name} value {value}")

    def set_position(self, fen=None, moves=()):
        """Sets the position: `fen` (None: the start position) and `moves`
        after it."""
        head = "startpos" if fen is None else f"fen {fen}"
        tail = " moves " + " ".join(moves) if moves else ""
        self.send(f"position {head}{tail}")

    def search(self, limit, fen=None, moves=(), mate=10000, new_game=False):
        """Searches the position to `limit` (a `go` argument such as
        "nodes 20000" or "depth 8"). Returns the best move (None when there
        is none) and the last score in centipawns for the side to move, a
        mate as +-`mate` (None when no score was written). `new_game` clears
        the engine's table first, so the same position always gets the same
        answer."""
        if new_game:
            self.send("ucinewgame")
        self.set_position(fen, moves)
        self.send(f"go {limit}")
        lines = self.lines_until("bestmove")
        score = None
        for line in lines:
            found = SCORE.search(line)
            if found:
                value = int(found.group(2))
                if found.group(1) == "cp":
                    score = value
                else:
                    score = mate if value > 0 else -mate
        words = lines[-1].split()
        best = words[1] if len(words) > 1 else None
        return (None if best in (None, "(none)", "0000") else best), score

    def perft(self, fen, depth, moves=()):
        """The number of move paths `depth` plies deep (`go perft`)."""
        self.set_position(fen, moves)
        self.send(f"go perft {depth}")
        last = self.lines_until("Nodes searched")[-1]
        return int(last.split(":")[1])

    def perft_moves(self, fen, moves=()):
        """The legal moves (`go perft 1`'s divide lines), checked against
        the total the engine writes after them."""
        self.set_position(fen, moves)
        self.send("go perft 1")
        lines = self.lines_until("Nodes searched")
        legal = [l.split(":")[0] for l in lines[:-1] if l.endswith(": 1")]
        if int(lines[-1].split(":")[1]) != len(legal):
            raise RuntimeError(f"{self.name}'s perft output not understood: {lines}")
        return legal

    def close(self):
        """Asks the engine to quit; kills it if it does not within 10 s."""
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()

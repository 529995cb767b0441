// motley's browser page: draws the board the server describes and sends
// the user's moves back. Every rule lives in the engine: the page only
// knows the legal moves the server lists with each position.
"use strict";

const SQ = 60; // the side of a square in SVG units
const MARGIN = 16; // room for the coordinates
const SVG_NS = "http://www.w3.org/2000/svg";

// FIDE pieces as Unicode symbols (text presentation); the WAD and FAD,
// which have none, as lettered tokens.
const GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
const TOKENS = { c: "W", f: "F" };
const PIECE_NAMES = { Q: "queen", R: "rook", B: "bishop", N: "knight", C: "WAD", F: "FAD", K: "king", P: "pawn" };

const ui = {
  id: null,
  state: null,
  view: null, // a board of an earlier ply being browsed, or null
  viewPly: null,
  flipped: false,
  selected: null, // [file, rank] of the selected piece
  selectedBoard: null, // [file, rank] corner of the selected attack board
  analysing: false,
  events: null,
  requested: false, // an engine move has been asked for and not yet seen
  rolling: false, // the server's die has been asked for
};

const $ = (id) => document.getElementById(id);

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function same(a, b) {
  return a && b && a[0] === b[0] && a[1] === b[1];
}

// A button that calls `onClick`, with `data-NAME` attributes from `data`.
function button(label, data, onClick) {
  const b = document.createElement("button");
  b.textContent = label;
  Object.assign(b.dataset, data);
  b.addEventListener("click", onClick);
  return b;
}

function showError(text) {
  $("error").textContent = text || "";
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function act(method, path, body) {
  try {
    const state = await api(method, path, body);
    showError("");
    if (state && (state.board || state.war)) setState(state);
    return state;
  } catch (e) {
    showError(e.message);
    return null;
  }
}

// ---- the game -----------------------------------------------------------

async function newGame(fen) {
  if (ui.events) ui.events.close();
  ui.analysing = false;
  ui.requested = false;
  ui.view = null;
  const body = { game: $("game").value };
  if (fen) body.fen = fen;
  const state = await act("POST", "/api/games", body);
  if (!state) return;
  // The game this page leaves is closed: the server keeps a few at most.
  const left = ui.id;
  if (left && left !== state.id) api("DELETE", `/api/games/${left}`).catch(() => {});
  ui.id = state.id;
  ui.flipped = $("side").value === "black";
  ui.events = new EventSource(`/api/games/${ui.id}/events`);
  ui.events.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.type === "state") setState(event.data);
    else if (event.type === "thinking") showThinking(event.data);
  };
  render();
}

function setState(state) {
  // Answers and events may cross: a state older than the one shown, or
  // the one shown again (a new page's first event), is dropped.
  if (ui.state && ui.state.id === state.id && state.version <= ui.state.version) return;
  if (ui.state && state.history.length !== ui.state.history.length) {
    ui.selected = null;
    ui.selectedBoard = null;
  }
  ui.state = state;
  if (!state.searching) ui.requested = false;
  $("fen").value = state.war ? state.war.state : state.board.fen;
  render();
  maybeEngineMove();
  maybeAutoRoll();
}

function engineSide(color) {
  const side = $("side").value;
  return side === "none" || (side !== "both" && side !== color);
}

function limitBody() {
  const value = Math.max(1, Math.floor(Number($("limit").value) || 1000));
  return { [$("limit-kind").value]: value };
}

// The side that must decide now: the side to move, or in ChessWar the
// side whose decision is due (none while a roll is due).
function decidingSide(s) {
  if (s.war) return s.war.to_act.kind === "decision" ? s.war.to_act.side : null;
  return s.board.side_to_move;
}

function maybeEngineMove() {
  const s = ui.state;
  if (!s || s.searching || s.outcome || ui.requested || ui.analysing || ui.view) return;
  const side = decidingSide(s);
  if (!side || !engineSide(side)) return;
  ui.requested = true;
  // `ply` makes the server refuse a request that crossed a change of the
  // game (409): that refusal is no error for the user.
  api("POST", `/api/games/${ui.id}/go`, { ...limitBody(), play: true, ply: s.history.length })
    .then((state) => setState(state))
    .catch((e) => {
      ui.requested = false;
      if (!/changed/.test(e.message)) showError(e.message);
    });
}

function startAnalysis() {
  if (!ui.state || ui.state.outcome) return;
  act("POST", `/api/games/${ui.id}/go`, { infinite: true, multipv: Number($("multipv").value) });
}

async function playMove(move) {
  ui.selected = null;
  ui.selectedBoard = null;
  hideChooser();
  const state = await act("POST", `/api/games/${ui.id}/move`, { move: move.wire });
  if (state && ui.analysing) startAnalysis();
}

function userMayMove() {
  const s = ui.state;
  if (!s || ui.view || s.outcome) return false;
  const side = decidingSide(s);
  return !!side && !engineSide(side);
}

// ---- drawing ------------------------------------------------------------

function xy(coord, board) {
  const f = ui.flipped ? board.files - 1 - coord[0] : coord[0];
  const r = ui.flipped ? coord[1] : board.ranks - 1 - coord[1];
  return [MARGIN + f * SQ, r * SQ];
}

function squareAt(svgX, svgY, board) {
  const f = Math.floor((svgX - MARGIN) / SQ);
  const r = Math.floor(svgY / SQ);
  if (f < 0 || r < 0 || f >= board.files || r >= board.ranks) return null;
  return ui.flipped ? [board.files - 1 - f, r] : [f, board.ranks - 1 - r];
}

function fileName(f) {
  return String.fromCharCode(97 + f);
}

function drawPiece(letter, at, board, parent) {
  const white = letter === letter.toUpperCase();
  const [x, y] = xy(at, board);
  const g = el("g", { class: `piece ${white ? "white" : "black"}`, "data-piece": letter, "data-square": `${at[0]},${at[1]}` }, parent);
  const lower = letter.toLowerCase();
  if (GLYPHS[lower]) {
    const text = el("text", { x: x + SQ / 2, y: y + SQ / 2 + 2 }, g);
    text.textContent = GLYPHS[lower] + "\uFE0E";
  } else {
    el("circle", { class: "token", cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.36 }, g);
    const text = el("text", { class: "token-letter", x: x + SQ / 2, y: y + SQ / 2 + 1 }, g);
    text.textContent = tokens()[lower] || letter.toUpperCase();
  }
  return g;
}

function rect(coord, board, cls, parent, files = 1, ranks = 1) {
  // A region's corner is its lowest file and rank; on screen its top-left
  // square depends on the flip.
  const x0 = ui.flipped ? board.files - coord[0] - files : coord[0];
  const y0 = ui.flipped ? coord[1] : board.ranks - coord[1] - ranks;
  return el("rect", { class: cls, x: MARGIN + x0 * SQ, y: y0 * SQ, width: files * SQ, height: ranks * SQ }, parent);
}

function render() {
  const s = ui.state;
  if (!s) return;
  if (s.war) renderWar(ui.view || s.war);
  else renderBoard(ui.view || s.board);
  renderPanel();
}

function renderBoard(board) {
  const s = ui.state;
  const svg = $("board");
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${board.files * SQ + MARGIN} ${board.ranks * SQ + MARGIN}`);
  svg.dataset.game = board.game;
  const holes = new Set(board.holes.map((c) => `${c[0]},${c[1]}`));
  for (let r = 0; r < board.ranks; r++) {
    for (let f = 0; f < board.files; f++) {
      const hole = holes.has(`${f},${r}`);
      const cls = hole ? "hole" : (f + r) % 2 === 0 ? "square-dark" : "square-light";
      const node = rect([f, r], board, cls, svg);
      node.dataset.square = `${f},${r}`;
    }
  }
  for (const c of board.walls) rect(c, board, "wall", svg);
  for (const c of board.castles) rect(c.corner, board, "castle", svg, c.files, c.ranks);
  for (let f = 0; f < board.files; f++) {
    const [x] = xy([f, 0], board);
    const t = el("text", { class: "coord", x: x + SQ / 2 - 3, y: board.ranks * SQ + 12 }, svg);
    t.textContent = fileName(f);
  }
  for (let r = 0; r < board.ranks; r++) {
    const [, y] = xy([0, r], board);
    const t = el("text", { class: "coord", x: 1, y: y + SQ / 2 + 4 }, svg);
    t.textContent = String(r + 1);
  }
  const history = ui.view ? s.history.slice(0, ui.viewPly) : s.history;
  const last = history.length ? history[history.length - 1].squares : null;
  if (last) for (const c of last) rect(c, board, "last", svg);
  if (board.check) rect(board.check, board, "check", svg);
  if (ui.selected) rect(ui.selected, board, "selected", svg);
  if (board.main_board) {
    const m = board.main_board;
    rect(m.corner, board, "region main", svg, m.files, m.ranks);
  }
  for (const b of board.attack_boards) rect(b.corner, board, `region ${b.owner}`, svg, b.files, b.ranks);
  const pieces = el("g", { id: "pieces" }, svg);
  for (const p of board.pieces) drawPiece(p.piece, p.at, board, pieces);
  if (ui.selected && !ui.view) {
    const occupied = new Set(board.pieces.map((p) => `${p.at[0]},${p.at[1]}`));
    for (const m of movesFrom(ui.selected)) {
      const [x, y] = xy(m.to, board);
      if (occupied.has(`${m.to[0]},${m.to[1]}`)) el("circle", { class: "target-ring", cx: x + SQ / 2, cy: y + SQ / 2, r: SQ / 2 - 4 }, svg);
      else el("circle", { class: "target", cx: x + SQ / 2, cy: y + SQ / 2, r: SQ / 7 }, svg);
    }
  }
  if (ui.selectedBoard && !ui.view) {
    const size = board.attack_boards.length ? board.attack_boards[0].files : 1;
    for (const m of boardMoves().filter((m) => same(m.from, ui.selectedBoard))) {
      const target = rect(m.to, board, "board-target", svg, size, size);
      target.dataset.wire = m.wire;
      target.addEventListener("click", (e) => {
        e.stopPropagation();
        playMove(m);
      });
    }
  }
}

// ---- ChessWar -----------------------------------------------------------

const MARK_LETTERS = { moved: "m", charged: "c", balked: "b", fired: "f", attacked: "a", stupid: "x", steady: "o", scared: "s", frightened: "t", protected: "+", strike: "k", "has cast": "w", "spell owed": "n", reacted: "i" };

function warTokensFrom(square) {
  return ui.state.war.tokens.filter((t) => t.from && same(t.from, square));
}

function renderWar(war) {
  const board = { files: 8, ranks: 8 };
  const svg = $("board");
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${8 * SQ + MARGIN} ${8 * SQ + MARGIN}`);
  svg.dataset.game = "chesswar";
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      const node = rect([f, r], board, (f + r) % 2 === 0 ? "war-square-dark" : "war-square-light", svg);
      node.dataset.square = `${f},${r}`;
    }
  }
  for (let f = 0; f < 8; f++) {
    const [x] = xy([f, 0], board);
    el("text", { class: "coord", x: x + SQ / 2 - 3, y: 8 * SQ + 12 }, svg).textContent = fileName(f);
  }
  for (let r = 0; r < 8; r++) {
    const [, y] = xy([0, r], board);
    el("text", { class: "coord", x: 1, y: y + SQ / 2 + 4 }, svg).textContent = String(r + 1);
  }
  const history = ui.view ? ui.state.history.slice(0, ui.viewPly) : ui.state.history;
  const last = [...history].reverse().find((h) => h.squares);
  if (last) for (const c of last.squares) rect(c, board, "last", svg);
  if (ui.selected) rect(ui.selected, board, "selected", svg);
  const pieces = el("g", { id: "pieces" }, svg);
  for (const u of war.units) {
    const letter = u.side === "white" ? u.letter.toUpperCase() : u.letter.toLowerCase();
    const g = drawPiece(letter, u.at, board, pieces);
    g.dataset.unit = u.name;
    const title = el("title", {}, g);
    title.textContent = `${u.name} (${u.race}, ${u.side})${u.marks.length ? ": " + u.marks.join(", ") : ""}`;
    if (u.marks.length) {
      const [x, y] = xy(u.at, board);
      el("text", { class: "unit-marks", x: x + 3, y: y + 12 }, pieces).textContent = u.marks.map((m) => MARK_LETTERS[m] || "?").join("");
    }
  }
  if (ui.selected && !ui.view) {
    for (const t of warTokensFrom(ui.selected)) {
      if (!t.to) continue;
      const [x, y] = xy(t.to, board);
      if (t.kind === "move" || t.kind === "advance") el("circle", { class: "target", cx: x + SQ / 2, cy: y + SQ / 2, r: SQ / 7 }, svg);
      else if (t.kind === "spell") el("circle", { class: "target-spell", cx: x + SQ / 2, cy: y + SQ / 2, r: SQ / 2 - 6 }, svg);
      else el("circle", { class: "target-fire", cx: x + SQ / 2, cy: y + SQ / 2, r: SQ / 2 - 4 }, svg);
    }
  }
}

function renderWarPanel() {
  const s = ui.state;
  const war = s.war;
  const dice = $("dice");
  dice.hidden = war.to_act.kind !== "roll" || !!ui.view;
  $("roll-purpose").textContent = war.to_act.kind === "roll" ? `for ${war.to_act.what}` : "";
  const actions = $("actions");
  actions.replaceChildren();
  if (war.to_act.kind === "decision") {
    const who = war.to_act.side === "white" ? "White" : "Black";
    const p = document.createElement("div");
    p.textContent = `${who} chooses ${war.to_act.what} (click a unit for its actions; rings mark targets):`;
    actions.appendChild(p);
    // The tokens without a unit (end, pass, no advance, a picked unit)
    // and those of the selected unit.
    const shown = war.tokens.filter((t) => !t.from || (ui.selected && same(t.from, ui.selected)));
    for (const t of shown) {
      const b = button(t.token, { token: t.token }, () => playToken(t.token));
      b.disabled = !userMayMove();
      actions.appendChild(b);
    }
  }
  const table = $("units");
  table.replaceChildren();
  for (const u of war.units) {
    const tr = document.createElement("tr");
    const cells = [`${fileName(u.at[0])}${u.at[1] + 1}`, u.side, u.race, u.name, u.marks.join(", ")];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.appendChild(td);
    }
    table.appendChild(tr);
  }
}

async function playToken(token) {
  ui.selected = null;
  hideChooser();
  await act("POST", `/api/games/${ui.id}/move`, { move: token });
}

function maybeAutoRoll() {
  const s = ui.state;
  if (!s || !s.war || ui.view || s.searching || s.outcome) return;
  if (s.war.to_act.kind === "roll" && $("auto-roll").checked && !ui.rolling) {
    ui.rolling = true;
    act("POST", `/api/games/${ui.id}/roll`).finally(() => {
      ui.rolling = false;
    });
  }
}

// What every click on the board does first: leaves an earlier position
// being viewed, and says whether the click may enter a move.
function clickEntersMove(square) {
  if (ui.view) {
    ui.view = null;
    render();
    return false;
  }
  if (!userMayMove() || !square) return false;
  hideChooser();
  return true;
}

function clickWarSquare(square) {
  if (!clickEntersMove(square)) return;
  const tokens = ui.state.war.tokens;
  if (ui.selected) {
    const matching = warTokensFrom(ui.selected).filter((t) => t.to && same(t.to, square));
    if (matching.length === 1) return playToken(matching[0].token);
    if (matching.length > 1) return chooseTokens(matching);
  }
  const picks = tokens.filter((t) => t.kind === "pick" && same(t.to, square));
  if (picks.length === 1) return playToken(picks[0].token);
  ui.selected = warTokensFrom(square).length ? square : null;
  render();
}

function chooseTokens(tokens) {
  showChooser(tokens.map((t) => ({ label: t.token, wire: t.token, play: () => playToken(t.token) })));
}

function showThinking(lines) {
  const box = $("thinking");
  box.replaceChildren();
  for (const l of lines || []) {
    const div = document.createElement("div");
    const kn = Math.round(l.nps / 1000);
    div.textContent = `${l.multipv}. d${l.depth}/${l.seldepth} ${l.score}  ${l.nodes} nodes ${kn} kn/s ${(l.time_ms / 1000).toFixed(1)} s: ${l.pv.join(" ")}`;
    box.appendChild(div);
  }
}

function renderPanel() {
  const s = ui.state;
  const board = s.board;
  let status;
  if (s.outcome) status = `${s.outcome} (${s.result})`;
  else if (s.war) {
    const w = s.war;
    status = `round ${w.round}, ${w.phase} phase, ${w.side_to_move === "white" ? "White" : "Black"}'s turn`;
    if (w.to_act.kind === "roll") status += `; a roll is due (${w.to_act.what})`;
    if (s.searching === "move") status += "; the engine is thinking";
  } else {
    status = `${board.side_to_move === "white" ? "White" : "Black"} to move`;
    if (board.check) status += ", in check";
    if (s.searching === "move") status += "; the engine is thinking";
    if (s.searching === "analysis") status += "; analysing";
  }
  $("status").textContent = `${s.label}: ${status}`;
  showThinking(s.thinking);
  $("analyse").textContent = ui.analysing ? "Stop analysing" : "Analyse";
  $("war-panel").hidden = !s.war;
  if (s.war) renderWarPanel();
  const list = $("moves");
  list.replaceChildren();
  const perLine = s.war ? 1 : 2;
  for (let i = 0; i < s.history.length; i += perLine) {
    const li = document.createElement("li");
    for (const ply of perLine === 1 ? [i] : [i, i + 1]) {
      if (ply >= s.history.length) break;
      const span = document.createElement("span");
      span.textContent = s.history[ply].san;
      span.dataset.ply = String(ply + 1);
      if ((ui.view ? ui.viewPly : s.history.length) === ply + 1) span.className = "current";
      span.addEventListener("click", () => browse(ply + 1));
      li.appendChild(span);
    }
    list.appendChild(li);
  }
  const banner = $("banner");
  banner.hidden = !ui.view;
  banner.textContent = ui.view ? `Viewing after move ${ui.viewPly} of ${s.history.length}: click here to return to the game` : "";
  const bm = s.war ? [] : boardMoves();
  $("board-moves-panel").hidden = bm.length === 0 || !!ui.view;
  const box = $("board-moves");
  box.replaceChildren();
  for (const m of bm) {
    const b = button(m.san, { wire: m.wire }, () => playMove(m));
    b.disabled = !userMayMove();
    box.appendChild(b);
  }
  const white = engineSide("white") ? "motley" : "You";
  const black = engineSide("black") ? "motley" : "You";
  $("pgn").href = `/api/games/${ui.id}/pgn?white=${encodeURIComponent(white)}&black=${encodeURIComponent(black)}`;
}

async function browse(ply) {
  if (!ui.state) return;
  if (ply === ui.state.history.length) {
    ui.view = null;
    render();
    return;
  }
  try {
    ui.view = await api("GET", `/api/games/${ui.id}/view?ply=${ply}`);
    ui.viewPly = ply;
    ui.selected = null;
    render();
  } catch (e) {
    showError(e.message);
  }
}

// ---- entering moves -----------------------------------------------------

function movesFrom(square) {
  return ui.state.board.moves.filter((m) => m.kind !== "board" && same(m.from, square));
}

function boardMoves() {
  return ui.state ? ui.state.board.moves.filter((m) => m.kind === "board") : [];
}

function hideChooser() {
  $("chooser").hidden = true;
  $("chooser").replaceChildren();
}

// The letters drawn on pieces without a chess symbol: the server's for
// the board shown, else the WAD's and FAD's.
function tokens() {
  return (ui.state && ui.state.board && ui.state.board.tokens) || TOKENS;
}

// A piece's name by its upper-case letter; a file's own pieces (whose
// token is their letter) by the letter itself.
function pieceName(letter) {
  const own = tokens()[letter.toLowerCase()] === letter;
  return (!own && PIECE_NAMES[letter]) || letter;
}

// Several moves share the squares (promotions, a king step that is also a
// castle): the user picks one.
function choose(moves) {
  showChooser(moves.map((m) => ({
    label: m.promotion ? `${pieceName(m.promotion)} (${m.san})` : m.san,
    wire: m.wire,
    play: () => playMove(m),
  })));
}

// Buttons under the board, one a choice, and one to cancel.
function showChooser(choices) {
  const box = $("chooser");
  box.replaceChildren();
  for (const c of choices) box.appendChild(button(c.label, { wire: c.wire }, c.play));
  box.appendChild(button("cancel", {}, hideChooser));
  box.hidden = false;
}

function ownPieceAt(square) {
  const board = ui.state.board;
  const p = board.pieces.find((q) => same(q.at, square));
  if (!p) return false;
  const white = p.piece === p.piece.toUpperCase();
  return white === (board.side_to_move === "white");
}

function attackBoardAt(square) {
  const board = ui.state.board;
  return board.attack_boards.find((b) => square[0] >= b.corner[0] && square[0] < b.corner[0] + b.files && square[1] >= b.corner[1] && square[1] < b.corner[1] + b.ranks);
}

// A click (or the end of a drag) on `square`.
function clickSquare(square) {
  if (!clickEntersMove(square)) return;
  if (ui.selected) {
    const moves = movesFrom(ui.selected).filter((m) => same(m.to, square));
    if (moves.length === 1) return playMove(moves[0]);
    if (moves.length > 1) return choose(moves);
  }
  if (ownPieceAt(square) && movesFrom(square).length) {
    ui.selected = square;
    ui.selectedBoard = null;
  } else {
    ui.selected = null;
    const b = attackBoardAt(square);
    ui.selectedBoard = b && boardMoves().some((m) => same(m.from, b.corner)) ? b.corner : null;
  }
  render();
}

function svgPoint(event) {
  const svg = $("board");
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

let drag = null;

function onPointerDown(event) {
  if (event.button !== 0 || !ui.state || ui.view || ui.state.war) return;
  const board = ui.state.board;
  const p = svgPoint(event);
  const square = squareAt(p.x, p.y, board);
  if (!square) return;
  const piece = event.target.closest ? event.target.closest(".piece") : null;
  if (piece && userMayMove() && ownPieceAt(square)) {
    drag = { from: square, node: piece, start: p, moved: false };
    $("board").setPointerCapture(event.pointerId);
  }
}

function onPointerMove(event) {
  if (!drag) return;
  const p = svgPoint(event);
  const dx = p.x - drag.start.x;
  const dy = p.y - drag.start.y;
  if (!drag.moved && Math.hypot(dx, dy) < 6) return;
  if (!drag.moved) {
    drag.moved = true;
    ui.selected = drag.from;
    render();
    drag.node = document.querySelector(`#pieces [data-square="${drag.from[0]},${drag.from[1]}"]`);
    if (drag.node) {
      drag.node.classList.add("dragging");
      drag.node.parentNode.appendChild(drag.node);
    }
  }
  if (drag.node) drag.node.setAttribute("transform", `translate(${dx} ${dy})`);
}

function onPointerUp(event) {
  const board = ui.state && (ui.state.board || { files: 8, ranks: 8 });
  const p = svgPoint(event);
  const square = board ? squareAt(p.x, p.y, board) : null;
  if (drag && drag.moved) {
    const from = drag.from;
    drag = null;
    if (square && !same(square, from)) {
      const moves = movesFrom(from).filter((m) => same(m.to, square));
      if (moves.length === 1) return playMove(moves[0]);
      if (moves.length > 1) return choose(moves);
    }
    render();
    return;
  }
  drag = null;
  if (event.target.classList && event.target.classList.contains("board-target")) return;
  if (ui.state && ui.state.war) {
    const p8 = svgPoint(event);
    return clickWarSquare(squareAt(p8.x, p8.y, { files: 8, ranks: 8 }));
  }
  clickSquare(square);
}

// ---- controls -----------------------------------------------------------

// The games the server plays, listed in the game menu.
async function listGames() {
  const menu = $("game");
  for (const game of await api("GET", "/api/game-list")) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = game.label;
    menu.append(option);
  }
}

async function setup() {
  try {
    await listGames();
  } catch (e) {
    showError(e.message);
  }
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  svg.addEventListener("pointerup", onPointerUp);
  $("new").addEventListener("click", () => newGame());
  $("game").addEventListener("change", () => newGame());
  $("side").addEventListener("change", () => {
    ui.flipped = $("side").value === "black";
    render();
    maybeEngineMove();
  });
  $("flip").addEventListener("click", () => {
    ui.flipped = !ui.flipped;
    render();
  });
  $("undo").addEventListener("click", async () => {
    const s = ui.state;
    if (!s) return;
    const side = $("side").value;
    const mine = side === "white" || side === "black";
    // Against the engine, take back to the user's own turn.
    const plies = !s.war && mine && s.board.side_to_move === side && s.history.length >= 2 ? 2 : 1;
    ui.requested = true; // no engine move until the state comes back
    ui.view = null;
    await act("POST", `/api/games/${ui.id}/undo`, { plies });
    ui.requested = false;
    if (ui.analysing) startAnalysis();
    else maybeEngineMove();
  });
  $("analyse").addEventListener("click", async () => {
    ui.analysing = !ui.analysing;
    if (ui.analysing) startAnalysis();
    else await act("POST", `/api/games/${ui.id}/stop`);
    render();
  });
  $("multipv").addEventListener("change", () => {
    if (ui.analysing) startAnalysis();
  });
  $("stop").addEventListener("click", () => {
    ui.analysing = false;
    act("POST", `/api/games/${ui.id}/stop`);
  });
  $("set-fen").addEventListener("click", async () => {
    const state = await act("POST", `/api/games/${ui.id}/position`, { fen: $("fen").value });
    if (state) {
      ui.view = null;
      if (ui.analysing) startAnalysis();
    }
  });
  $("copy-fen").addEventListener("click", () => {
    const fen = ui.state ? $("fen").value : "";
    if (navigator.clipboard) navigator.clipboard.writeText(fen).catch(() => $("fen").select());
    else $("fen").select();
  });
  for (const b of document.querySelectorAll("#die-buttons button[data-die]")) {
    b.addEventListener("click", () => playToken(`d${b.dataset.die}`));
  }
  $("roll").addEventListener("click", () => act("POST", `/api/games/${ui.id}/roll`));
  $("auto-roll").addEventListener("change", maybeAutoRoll);
  $("banner").addEventListener("click", () => {
    ui.view = null;
    render();
  });
  newGame();
}

document.addEventListener("DOMContentLoaded", setup);

// The page: the gallery (no hash) and a game (`#game=NAME[&fen=...][&moves=a,b]`).
//
// Every engine call goes through the worker (engine.js). Position-changing actions run one
// after another (`act`), so a click never plays a move index from a view that is already
// stale; a computer reply still being searched is dropped when the position changes under it
// (`st.gen`).

import { call, callLane, LANES } from './engine.js';
import { renderBoard, renderPiece, zoneColours, ownerColour, esc } from './board.js';
import { Editor } from './editor.js';

/** @typedef {import('./board.js').View} View */
/** @typedef {import('./board.js').Move} Move */

const $ = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

const st = {
  /** @type {{file:string,name:string,title:string,family?:string,base?:string}[]|null} */
  index: null,
  /** @type {Map<string,string>} */
  previews: new Map(),
  /** @type {string|null} */
  name: null,
  openGen: 0,
  /** @type {View|null} */
  view: null,
  sowing: false,
  /** The clicked path so far, and the hand kind picked (a drop). */
  sel: { /** @type {string[]} */ prefix: [], /** @type {string|null} */ hand: null },
  /** Moves the last click left open (promotion and the like). @type {Move[]} */
  choices: [],
  /** @type {string[]} */
  lastPath: [],
  /** The FEN the history starts from, when one was set. @type {string|null} */
  baseFen: null,
  /** 'human' | 'computer' per player. @type {string[]} */
  players: [],
  gen: 0,
  /** The computer's reply being searched (a token, so a finished search clears only its own). @type {object|null} */
  thinking: null,
  edited: false,
  /** Zone tints: off until asked for, so the board stays quiet. */
  showZones: false,
  hasHands: false,
  /** The board turned half round. */
  flip: false,
};

/** @type {Promise<unknown>} */
let chain = Promise.resolve();
/**
 * Runs `fn` after every earlier action. `cancel`: it changes the position, so a computer
 * reply being searched must not be played.
 * @param {()=>Promise<unknown>} fn @param {{cancel?:boolean}} [o]
 */
function act(fn, o = {}) {
  if (o.cancel) st.gen++;
  busy(1);
  chain = chain.then(fn).catch((e) => message(String(e && e.message || e), true)).finally(() => busy(-1));
  return chain;
}

let pendingActs = 0;
/** `#game-view[data-busy]`: "1" while an action is queued or running (the browser test waits on it). @param {number} d */
function busy(d) {
  pendingActs += d;
  $('#game-view').dataset.busy = pendingActs ? '1' : '0';
}

/** @param {string} text @param {boolean} [error] */
function message(text, error = false) {
  const m = $('#message');
  m.textContent = text;
  m.classList.toggle('error', error);
  m.hidden = !text;
}

// ---------------------------------------------------------------- routing

/** @param {string} s */
function decode(s) {
  try { return decodeURIComponent(s); } catch { return s; }
}

function parseHash() {
  /** @type {Record<string,string>} */
  const h = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? '' : part.slice(eq + 1);
    // The moves stay as written: each is encoded apart, and a move may hold a comma
    // (backgammon's opening roll, `White 3, Black 1`).
    h[decode(k)] = decode(k) === 'moves' ? v : decode(v);
  }
  return h;
}

function route() {
  const h = parseHash();
  if (h.game) {
    const moves = h.moves ? h.moves.split(',').filter(Boolean).map(decode) : [];
    openGame(h.game, h.fen || null, moves);
  } else {
    showGallery();
  }
}

// ---------------------------------------------------------------- gallery
//
// The games grouped by family under a search box. Only the cards on screen (and a little
// beyond) have their previews drawn, by a worker per core, so a library of hundreds of games
// shows its first screen as fast as one of a dozen.

/**
 * The families the gallery groups games in, in this order; a game not listed (and without a
 * `family` or a `base` of its own in index.json) goes to "Other games".
 * @type {[string, string[]][]}
 */
const FAMILIES = [
  ['Chess', ['chess', 'chess960', 'antichess', 'atomic', 'capablanca', 'crazyhouse', 'extinction',
    'gardner', 'giveaway', 'grand', 'horde', 'king-of-the-hill', 'knightmate', 'los-alamos',
    'losers', 'racing-kings', 'seirawan', 'three-check']],
  ['Old chess', ['chaturanga', 'shatranj', 'makruk']],
  ['Shogi', ['shogi', 'minishogi', 'dobutsu']],
  ['Xiangqi and janggi', ['xiangqi', 'minixiangqi', 'janggi']],
  ['Draughts', ['international', 'antidraughts', 'brazilian', 'breakthrough-draughts', 'canadian',
    'czech', 'english', 'frisian', 'frysk', 'italian', 'pool', 'russian', 'simple-checkers',
    'thai', 'turkish']],
  ['Go and territory', ['go-9x9', 'go-13x13', 'go-19x19', 'othello', 'ataxx', 'dots-and-boxes']],
  ['Connection', ['hex', 'havannah-4', 'y-5', 'lines-of-action']],
  ['In a row', ['tic-tac-toe', 'ultimate-tic-tac-toe', 'connect-four', 'gomoku', 'pentago',
    'nine-mens-morris']],
  ['Sowing', ['mancala', 'oware']],
  ['Tafl', ['brandubh', 'tablut', 'hnefatafl']],
  ['Races and hunts', ['breakthrough', 'chinese-checkers', 'halma', 'fox-and-hounds']],
  ['Capture games', ['alquerque', 'fanorona', 'konane', 'clobber', 'surakarta', 'amazons']],
];
const OTHER = 'Other games';
/** @type {Map<string,string>} */
const FAMILY_OF = new Map(FAMILIES.flatMap(([f, names]) => names.map((n) => [n, f])));

/**
 * A game's family: its own `family` in index.json, else by its name, else by the game it
 * varies (`base`).
 * @param {{name:string, family?:string, base?:string}} g
 */
function familyOf(g) {
  return g.family || FAMILY_OF.get(g.name) || (g.base && FAMILY_OF.get(g.base)) || OTHER;
}

/**
 * The index in groups: the families in FAMILIES' order (then any others a game names, then
 * "Other games"), each game in the index's order.
 * @param {{file:string,name:string,title:string,family?:string,base?:string}[]} index
 */
function grouped(index) {
  /** @type {Map<string, typeof index>} */
  const groups = new Map(FAMILIES.map(([f]) => [f, []]));
  for (const g of index) {
    const f = familyOf(g);
    if (f !== OTHER && !groups.has(f)) groups.set(f, []);
    groups.get(f)?.push(g);
  }
  const others = index.filter((g) => familyOf(g) === OTHER);
  if (others.length) groups.set(OTHER, others);
  return [...groups].filter(([, gs]) => gs.length);
}

async function loadIndex() {
  if (st.index) return st.index;
  const res = await fetch('games/index.json');
  if (!res.ok) throw new Error(`games/index.json: ${res.status}`);
  st.index = await res.json();
  return /** @type {any} */ (st.index);
}

/** Game files by name, fetched once by the page and handed to every lane that needs them. */
/** @type {Map<string, Promise<string>>} */
const texts = new Map();
/** The files each lane has been handed. @type {Set<string>[]} */
const handed = [];
/** About as many cards as a large screen shows at first: their files are fetched first. */
const FIRST_SCREEN = 40;
/** What `(include "NAME")` looks like: read from the text, ahead of any compile. */
const INCLUDE = /\(include\s+"([^"]+)"/g;

/** @param {string} name @returns {Promise<string>} */
function fetchText(name) {
  let p = texts.get(name);
  if (!p) {
    p = fetch(`games/${name.split('/').map(encodeURIComponent).join('/')}`).then((res) => {
      if (!res.ok) throw new Error(`games/${name}: ${res.status}`);
      return res.text();
    });
    p.catch(() => texts.delete(name));
    texts.set(name, p);
  }
  return p;
}

/**
 * A game file and every file it includes, down the levels, fetched together (a file that
 * fails, or an include in a comment, is left out: the worker's compile says what is missing).
 * @param {string} name @param {Map<string,string>} [out] @returns {Promise<Map<string,string>>}
 */
async function withIncludes(name, out = new Map()) {
  if (out.has(name)) return out;
  out.set(name, '');
  let text;
  try { text = await fetchText(name); } catch { out.delete(name); return out; }
  out.set(name, text);
  await Promise.all([...text.matchAll(INCLUDE)].map((m) => withIncludes(m[1], out)));
  return out;
}

/**
 * The preview of `file` on lane `k`, handed the game's files the lane has not had yet.
 * @param {number} k @param {string} file @returns {Promise<{svg:string}>}
 */
async function previewOnLane(k, file) {
  const files = await withIncludes(file);
  const sent = (handed[k] ||= new Set());
  /** @type {Record<string,string>} */
  const fresh = {};
  for (const [name, text] of files) {
    if (!sent.has(name)) { fresh[name] = text; sent.add(name); }
  }
  return callLane(k, 'preview', file, fresh);
}

/** The cards whose previews are wanted (on screen or about to be), not yet drawn. */
const wanted = new Set();
/** @type {IntersectionObserver|null} */
let observer = null;
let drawing = false;

/**
 * The cards on screen, as a second observer (without the first's margin) reports them: read
 * from this set, never from the cards' boxes, so drawing a preview forces no layout of the
 * whole gallery.
 * @type {Set<Element>}
 */
const onScreen = new Set();
/** @type {IntersectionObserver|null} */
let screenObserver = null;

/** The cards on screen all have their previews: marked once (the browser test reads it). */
function markScreenDrawn() {
  if (performance.getEntriesByName('gallery-screen').length) return;
  const cards = [...onScreen].filter((c) => !(/** @type {HTMLElement} */ (c).hidden));
  if (cards.length && cards.every((c) => c.querySelector('.preview svg, .preview-error'))) performance.mark('gallery-screen');
}

/**
 * How many previews each lane is asked for ahead of its answers: a worker draws one in a few
 * milliseconds, but its answer waits for the page to put the last one in, so a lane asked for
 * one at a time would stand idle most of the time.
 */
const AHEAD = 3;

/** Draws the wanted previews, those on screen first, on every lane of workers at once. */
async function drawWanted() {
  if (drawing) return;
  drawing = true;
  try {
    await Promise.all([...Array(LANES * AHEAD).keys()].map((k) => drawOnLane(k % LANES)));
  } finally {
    drawing = false;
  }
}

/** One lane's share of the wanted previews: the next one, until none is left. @param {number} k */
async function drawOnLane(k) {
  while (wanted.size && !$('#gallery-view').hidden) {
    const cards = [...wanted];
    const card = cards.find((c) => onScreen.has(c)) || cards[0];
    wanted.delete(card);
    const name = /** @type {HTMLElement} */ (card).dataset.game || '';
    const g = (st.index || []).find((x) => x.name === name);
    if (!g || st.previews.has(name)) continue;
    let svg;
    try {
      svg = (await previewOnLane(k, g.file)).svg;
    } catch (e) {
      svg = `<span class="preview-error" title="${esc(String(e))}">no preview</span>`;
    }
    st.previews.set(name, svg);
    const box = card.querySelector('.preview');
    if (box) box.innerHTML = svg;
    observer?.unobserve(card);
    markScreenDrawn();
  }
}

/** @param {IntersectionObserverEntry[]} entries */
function seen(entries) {
  /** @type {string[]} */
  const files = [];
  for (const e of entries) {
    const name = /** @type {HTMLElement} */ (e.target).dataset.game || '';
    if (st.previews.has(name)) continue;
    if (e.isIntersecting) {
      wanted.add(e.target);
      const g = (st.index || []).find((x) => x.name === name);
      if (g) files.push(g.file);
    } else {
      // Scrolled past before its turn came: drawn when it comes back.
      wanted.delete(e.target);
    }
  }
  // The files fetched together, while the workers start and draw the previews.
  for (const file of files) withIncludes(file);
  drawWanted();
}

/** Shows the cards whose title, name or family holds every word of the search box. */
function filterGallery() {
  const words = /** @type {HTMLInputElement} */ ($('#gallery-search')).value.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0, total = 0;
  for (const group of document.querySelectorAll('#gallery .family')) {
    let any = false;
    for (const card of group.querySelectorAll('.game-card')) {
      const text = /** @type {HTMLElement} */ (card).dataset.search || '';
      const hit = words.every((w) => text.includes(w));
      /** @type {HTMLElement} */ (card).hidden = !hit;
      any ||= hit;
      total++;
      if (hit) shown++;
    }
    /** @type {HTMLElement} */ (group).hidden = !any;
  }
  $('#gallery-count').textContent = words.length ? `${shown} of ${total} games` : `${total} games`;
}

async function showGallery() {
  st.openGen++;
  st.gen++;
  $('#game-view').hidden = true;
  $('#gallery-view').hidden = false;
  document.title = 'dagaz — games';
  const gallery = $('#gallery');
  // The preview lanes' engines start while the list of games is read.
  if (!gallery.childElementCount) for (let k = 1; k < LANES; k++) callLane(k, 'init').catch(() => {});
  let index;
  try {
    index = await loadIndex();
  } catch (e) {
    gallery.textContent = `Could not read the list of games: ${e}`;
    return;
  }
  if (!gallery.childElementCount) {
    const groups = grouped(index);
    // The first screen's files fetched while its cards are put in the page (the observer
    // names them only once they are laid out).
    for (const g of groups.flatMap(([, games]) => games).slice(0, FIRST_SCREEN)) withIncludes(g.file);
    // Names first, in one go, each family a heading across the grid and its cards: the
    // previews follow as the cards come on screen.
    gallery.innerHTML = groups.map(([family, games]) =>
      `<div class="family" data-family="${esc(family)}" style="display:contents">` +
      `<h2 class="family-name">${esc(family)} <span class="family-count">${games.length}</span></h2>` +
      games.map((g) =>
        `<a class="game-card" data-game="${esc(g.name)}" href="#game=${encodeURIComponent(g.name)}"` +
        ` data-search="${esc(`${g.title} ${g.name} ${family}`.toLowerCase())}">` +
        `<span class="preview">${st.previews.get(g.name) || ''}</span>` +
        `<span class="card-title">${esc(g.title)}</span><span class="card-name">${esc(g.name)}</span></a>`).join('') +
      '</div>').join('');
    filterGallery();
    // When the names are in the page (the browser test reads it).
    performance.mark('gallery-names');
    // Made first, so its answers are in when the other's ask for the screen's cards first.
    screenObserver = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.isIntersecting) onScreen.add(e.target);
        else onScreen.delete(e.target);
      }
    });
    observer = new IntersectionObserver(seen, { rootMargin: '150px 0px' });
    for (const card of gallery.querySelectorAll('.game-card')) {
      screenObserver.observe(card);
      if (!st.previews.has(/** @type {HTMLElement} */ (card).dataset.game || '')) observer.observe(card);
    }
  }
  // Back from a game: the previews that were waiting go on.
  drawWanted();
}

// ---------------------------------------------------------------- opening a game

/** @type {Editor} */
let editor;

/**
 * @param {string} name @param {string|null} fen @param {string[]} moves
 */
async function openGame(name, fen, moves) {
  const gen = ++st.openGen;
  $('#gallery-view').hidden = true;
  $('#game-view').hidden = false;
  message('');
  let entry = null;
  try { entry = (await loadIndex()).find((g) => g.name === name) || null; } catch { /* a game may be named without the index */ }
  const file = entry ? entry.file : `${name}.game`;
  $('#game-title').textContent = entry ? entry.title : name;
  document.title = `dagaz — ${entry ? entry.title : name}`;
  if (st.name !== name) {
    st.view = null;
    // Who plays what is kept while the same game is reopened (a link), not into another
    // game, whose first player may be another colour.
    st.players = [];
    $('#board').innerHTML = '<p class="loading">loading…</p>';
  }
  let text;
  try {
    const res = await fetch(`games/${encodeURIComponent(file)}`);
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
    text = await res.text();
  } catch (e) {
    message(`Could not read games/${file}: ${e}`, true);
    $('#board').innerHTML = '';
    setStatus(`no game ${name}`);
    return;
  }
  if (gen !== st.openGen) return;
  st.name = name;
  st.edited = false;
  editor.setText(text);
  await act(async () => {
    if (gen !== st.openGen) return;
    setStatus('starting the engine…');
    const r = await call('load', text);
    if (gen !== st.openGen) return;
    showDiagnostics(r);
    if (!r.ok) {
      st.view = null;
      $('#board').innerHTML = '';
      setStatus('the game does not compile: see the rules below');
      return;
    }
    let v = r.view;
    st.baseFen = null;
    st.sowing = false;
    st.hasHands = false;
    st.players = v.players.map((/** @type {string} */ _, /** @type {number} */ i) => st.players[i] || 'human');
    if (fen) {
      const f = await call('setFen', fen);
      if (f.error) message(`FEN not applied: ${f.error}`, true);
      else { v = f; st.baseFen = fen; }
    }
    for (const m of moves) {
      const p = await call('playText', m);
      if (p.error) { message(`Move ${m} not played: ${p.error}`, true); break; }
      v = p;
    }
    renderPlayers(v);
    st.lastPath = [];
    setView(v);
  }, { cancel: true });
}

// ---------------------------------------------------------------- the position

/** @param {View} v */
function setView(v) {
  if (/** @type {any} */ (v).error) { message(/** @type {any} */ (v).error, true); return; }
  st.view = v;
  if ((v.seeds || []).length) st.sowing = true;
  st.sel = { prefix: [], hand: null };
  st.choices = [];
  render();
  maybeComputer();
}

function render() {
  const v = st.view;
  if (!v) return;
  const targets = selectionTargets();
  const selected = st.sel.prefix.length ? st.sel.prefix[0] : null;
  const board = $('#board');
  board.innerHTML = renderBoard(quietBoard(v), {
    selected, targets, last: st.lastPath, path: st.sel.prefix.slice(1), zones: true, sowing: st.sowing,
    flip: st.flip,
  });
  const svg = board.querySelector('svg');
  if (svg) {
    svg.classList.toggle('no-zones', !st.showZones);
    // As wide as the column allows, but never taller than most of the window.
    const [, , w, h] = (svg.getAttribute('viewBox') || '0 0 1 1').split(' ').map(Number);
    board.style.width = `min(100%, ${(78 * w / h).toFixed(2)}vh)`;
  }
  renderLegend(v);
  renderHands(v);
  renderChoices(v);
  renderStatus();
  const ml = $('#move-list');
  // As a person reads them (SAN in chess); the link below keeps the moves' own text.
  ml.innerHTML = (v.written || v.history).map((t) => `<li>${esc(t)}</li>`).join('');
  ml.scrollTop = ml.scrollHeight;
  const sel = /** @type {HTMLSelectElement} */ ($('#all-moves'));
  sel.innerHTML = v.moves.map((m) => `<option value="${m.i}">${esc(m.written || m.text)}</option>`).join('');
  /** @type {HTMLButtonElement} */ ($('#play-selected')).disabled = !v.moves.length || !!v.over;
  /** @type {HTMLButtonElement} */ ($('#undo')).disabled = !v.history.length;
  /** @type {HTMLButtonElement} */ ($('#redo')).disabled = !v.redo;
  const fen = /** @type {HTMLInputElement} */ ($('#fen'));
  // Not while someone is typing a position into it.
  if (document.activeElement !== fen) fen.value = v.fen || '';
  fen.disabled = v.fen === null;
  fen.placeholder = v.fen === null ? 'this game declares no FEN' : '';
  /** @type {HTMLButtonElement} */ ($('#fen-apply')).disabled = v.fen === null;
  let link = `#game=${encodeURIComponent(st.name || '')}`;
  if (st.baseFen) link += `&fen=${encodeURIComponent(st.baseFen)}`;
  if (v.history.length) link += `&moves=${v.history.map(encodeURIComponent).join(',')}`;
  /** @type {HTMLAnchorElement} */ ($('#link')).href = link;
}

/** How close (in cells) two coordinate labels may come before the later one is moved off. */
const LABEL_ROOM = 0.7;

/**
 * The view with a quiet board: a numbered board (draughts) shows its numbers only, not its
 * coordinates as well, and labels that would touch (on a hexagonal board's corners, `3`
 * beside `a`) are moved apart, the later one away from the earlier.
 * @param {View} v @returns {View}
 */
function quietBoard(v) {
  const b = v.board;
  const numbered = b.cells.some((c) => c.number !== null && c.number !== undefined);
  /** @type {{text:string,x:number,y:number}[]} */
  const labels = [];
  for (const l of numbered ? [] : b.labels || []) {
    let { x, y } = l;
    for (const o of labels) {
      const dx = x - o.x, dy = y - o.y;
      const d = Math.hypot(dx, dy);
      if (d >= LABEL_ROOM) continue;
      // Straight apart; two labels on one spot part sideways.
      const [ux, uy] = d > 1e-6 ? [dx / d, dy / d] : [1, 0];
      x = o.x + ux * LABEL_ROOM;
      y = o.y + uy * LABEL_ROOM;
    }
    labels.push({ ...l, x: Number(x.toFixed(3)), y: Number(y.toFixed(3)) });
  }
  return { ...v, board: { ...b, labels } };
}

function renderStatus() {
  const v = st.view;
  const s = $('#status');
  if (!v) return;
  if (v.over) {
    s.className = 'over';
    s.innerHTML = `<span class="dot" style="background:${v.over.winner === null ? '#999' : ownerColour(v.players, v.over.winner)}"></span>${esc(v.over.text)}`;
    return;
  }
  s.className = st.thinking ? 'thinking' : '';
  const who = v.players[v.toMove];
  s.innerHTML = `<span class="dot" style="background:${ownerColour(v.players, v.toMove)}"></span>` +
    esc(st.thinking ? `${who} is thinking…` : `${who} to move`);
}

/** @param {string} text */
function setStatus(text) {
  const s = $('#status');
  s.className = '';
  s.textContent = text;
}

/**
 * The zones' toggle, and their legend while they are shown: one entry per set of cells (two
 * names for the same cells are one entry), none while the tints are off.
 * @param {View} v
 */
function renderLegend(v) {
  const zc = zoneColours(v.board.cells);
  if (!zc.size) { $('#legend').innerHTML = ''; return; }
  /** @type {Map<string,string[]>} */
  const cellsOf = new Map();
  for (const c of v.board.cells) for (const z of c.zones || []) if (zc.has(z)) cellsOf.set(z, [...(cellsOf.get(z) || []), c.name]);
  /** @type {Map<string,{names:string[],colour:string}>} */
  const entries = new Map();
  for (const [z, colour] of zc) {
    const key = (cellsOf.get(z) || []).join(' ');
    const e = entries.get(key);
    if (e) e.names.push(z);
    else entries.set(key, { names: [z], colour });
  }
  const toggle = `<li><label><input type="checkbox" id="show-zones"${st.showZones ? ' checked' : ''}> zones${st.showZones ? ':' : ''}</label></li>`;
  $('#legend').innerHTML = toggle + (!st.showZones ? '' : [...entries.values()].map((e) =>
    `<li class="zone-entry"><span class="swatch" style="background:${e.colour}"></span>${esc(e.names.join(', '))}</li>`).join(''));
}

/** @param {View} v */
function renderHands(v) {
  const hands = v.hands || [];
  const box = $('#hands');
  // Once a game has shown a hand, its (empty) hands stay in place: the board does not jump.
  if (hands.length) st.hasHands = true;
  box.hidden = !st.hasHands;
  if (!st.hasHands) { box.innerHTML = ''; return; }
  const canDrop = new Set(v.moves.filter((m) => m.hand).map((m) => m.hand));
  // Each hand by its own edge: player 0's below, the others' above (the other way round when
  // the board is flipped).
  const others = v.players.map((_, i) => i).filter((i) => i !== 0);
  const order = st.flip ? [0, ...others] : [...others, 0];
  box.innerHTML = order.map((owner) => {
    const mine = hands.filter((h) => h.owner === owner);
    const buttons = mine.map((h) => {
      const active = owner === v.toMove && !v.over && canDrop.has(h.kind) && isHumanTurn();
      const picked = st.sel.hand === h.kind && owner === v.toMove;
      return `<button type="button" class="hand-piece${picked ? ' selected' : ''}" data-hand-owner="${owner}"` +
        ` data-hand-kind="${esc(h.kind)}" ${active ? '' : 'disabled'} title="${esc(h.kind)}">` +
        `<span class="piece" data-shape="${esc(h.shape || 'disc')}">${renderPiece(v, { ...h, at: '' }, st.flip)}</span>` +
        `<span class="count">${h.count > 999 ? '∞' : h.count}</span></button>`;
    }).join('');
    return `<div class="hand" data-owner="${owner}"><span class="hand-name">${esc(v.players[owner])}</span>` +
      `${buttons || '<span class="empty">—</span>'}</div>`;
  }).join('');
}

/** @param {View} v */
function renderChoices(v) {
  const passes = v.over ? [] : v.moves.filter((m) => m.path.length === 0);
  const list = [...st.choices, ...passes.filter((p) => !st.choices.includes(p))];
  const box = $('#choices');
  box.hidden = !list.length;
  const human = isHumanTurn();
  box.innerHTML = list.map((m) => {
    let label = m.written || m.text;
    if (m.promotes) label += ` (${m.promotes})`;
    return `<button type="button" data-move="${m.i}" ${human ? '' : 'disabled'}>${esc(label)}</button>`;
  }).join('');
}

// ---------------------------------------------------------------- clicks

function isHumanTurn() {
  const v = st.view;
  return !!v && !v.over && !v.chance && st.players[v.toMove] !== 'computer' && !st.thinking;
}

/** @param {string[]} path @param {string[]} prefix */
function startsWith(path, prefix) {
  if (path.length < prefix.length) return false;
  for (let k = 0; k < prefix.length; k++) if (path[k] !== prefix[k]) return false;
  return true;
}

function candidates() {
  const v = st.view;
  if (!v) return [];
  const { prefix, hand } = st.sel;
  return v.moves.filter((m) => (!hand || m.hand === hand) && startsWith(m.path, prefix));
}

function selectionTargets() {
  if (!st.sel.prefix.length && !st.sel.hand) return [];
  const n = st.sel.prefix.length;
  return [...new Set(candidates().filter((m) => m.path.length > n).map((m) => m.path[n]))];
}

/** @param {string} cell */
function clickCell(cell) {
  if (!isHumanTurn()) return;
  const n = st.sel.prefix.length;
  const cands = candidates();
  const next = cands.filter((m) => m.path.length > n && m.path[n] === cell);
  if (next.length) {
    st.sel.prefix = [...st.sel.prefix, cell];
    advance();
    return;
  }
  if (n > 0) {
    // The destination straight away, skipping the squares between (a long capture).
    const ends = cands.filter((m) => m.path.length > n && m.path[m.path.length - 1] === cell);
    if (ends.length) { finish(ends); return; }
  }
  // Anything else starts over: from this cell when a move starts there.
  const wasOn = st.sel.prefix[0];
  st.sel = { prefix: [], hand: null };
  st.choices = [];
  if (wasOn !== cell && st.view && st.view.moves.some((m) => m.path[0] === cell)) {
    st.sel.prefix = [cell];
    advance();
    return;
  }
  render();
}

function advance() {
  const n = st.sel.prefix.length;
  const cands = candidates();
  const exact = cands.filter((m) => m.path.length === n);
  const longer = cands.filter((m) => m.path.length > n);
  if (!longer.length) { finish(exact); return; }
  // Some moves end here and others go on (a capture that may stop): offer both.
  st.choices = exact;
  render();
}

/** @param {Move[]} moves */
function finish(moves) {
  if (moves.length === 1) { playMove(moves[0]); return; }
  st.choices = moves;
  render();
}

/** @param {Move} m */
function playMove(m) {
  const v0 = st.view;
  act(async () => {
    if (st.view !== v0) return;
    const v = await call('play', m.i);
    if (v.error) { message(v.error, true); return; }
    message('');
    st.lastPath = m.path;
    setView(v);
  });
}

// ---------------------------------------------------------------- the computer

function thinkMs() {
  const t = Number(/** @type {HTMLInputElement} */ ($('#think')).value);
  return Math.round((isFinite(t) && t > 0 ? t : 1) * 1000);
}

function maybeComputer() {
  const v = st.view;
  if (!v || v.over || st.thinking) return;
  if (v.chance) chanceMove();
  else if (st.players[v.toMove] === 'computer') computerMove();
}

/** Chance's turn: one of its moves drawn by weight and played, the throw said. */
function chanceMove() {
  const v = st.view;
  if (!v || v.over || !v.chance || !v.moves.length) return;
  const total = v.moves.reduce((sum, m) => sum + (m.weight || 1), 0);
  let roll = Math.random() * total;
  const m = v.moves.find((mv) => (roll -= mv.weight || 1) < 0) || v.moves[v.moves.length - 1];
  act(async () => {
    if (st.view !== v) return;
    const nv = await call('play', m.i);
    if (nv.error) { message(nv.error, true); return; }
    message(`${v.players[v.toMove]} throws: ${m.written || m.text} (${m.probability || '1'})`);
    st.lastPath = m.path;
    setView(nv);
  });
}

function computerMove() {
  const v = st.view;
  if (!v || v.over || st.thinking) return;
  const gen = st.gen;
  const token = {};
  st.thinking = token;
  render();
  act(async () => {
    if (gen !== st.gen || st.view !== v) return;
    const r = await call('search', thinkMs(), 0);
    if (gen !== st.gen || st.view !== v) return;
    if (r.best === null || r.best === undefined) { message('the engine found no move'); return; }
    const m = v.moves[r.best];
    const nv = await call('play', r.best);
    if (nv.error) { message(nv.error, true); return; }
    message(`${v.players[v.toMove]}: ${r.written || r.text} (depth ${r.depth}, ${r.score}, ${r.nodes} nodes, ${r.ms} ms)`);
    st.thinking = null;
    st.lastPath = m ? m.path : [];
    setView(nv);
  }).finally(() => {
    if (st.thinking === token) {
      st.thinking = null;
      render();
      maybeComputer();
    }
  });
}

/** @param {View} v */
function renderPlayers(v) {
  const chance = v.chancePlayers || [];
  $('#players').innerHTML = v.players.map((p, i) =>
    `<label class="player"><span class="dot" style="background:${ownerColour(v.players, i)}"></span>${esc(p)} ` +
    (chance.includes(i) ? '<span class="chance">chance</span></label>' :
    `<select data-player="${i}"><option value="human"${st.players[i] !== 'computer' ? ' selected' : ''}>human</option>` +
    `<option value="computer"${st.players[i] === 'computer' ? ' selected' : ''}>computer</option></select></label>`)).join('');
}

// ---------------------------------------------------------------- the editor

/**
 * @param {{ok:boolean, diagnostics?:import('./editor.js').Diag[], missing?:string[]}} r a load's answer
 */
function showDiagnostics(r) {
  const diags = r.diagnostics || [];
  editor.setDiagnostics(diags);
  const errors = diags.filter((d) => d.severity === 'error').length;
  const warnings = diags.length - errors;
  const s = $('#editor-status');
  if (!r.ok && !errors) {
    // Not compiled, though nothing is reported against a line: an include that is not there.
    const missing = r.missing && r.missing.length ? `: no file ${r.missing.join(', ')}` : '';
    s.textContent = `does not compile${missing}`;
    s.className = 'bad';
  } else if (errors) {
    s.textContent = `${errors} error${errors === 1 ? '' : 's'}`;
    s.className = 'bad';
  } else {
    s.textContent = warnings ? `compiled (${warnings} warning${warnings === 1 ? '' : 's'})` : 'compiled';
    s.className = 'good';
  }
}

/** @param {string} text */
function recompile(text) {
  const gen = st.openGen;
  act(async () => {
    const r = await call('load', text);
    if (gen !== st.openGen) return;
    showDiagnostics(r);
    if (!r.ok) return;
    // A game that compiles replaces the board at once, at its start.
    st.gen++;
    st.edited = true;
    st.baseFen = null;
    st.sowing = false;
    st.hasHands = false;
    st.lastPath = [];
    st.players = r.view.players.map((/** @type {string} */ _, /** @type {number} */ i) => st.players[i] || 'human');
    renderPlayers(r.view);
    $('#game-title').textContent = `${r.view.title} (edited)`;
    setView(r.view);
  });
}

// ---------------------------------------------------------------- dragging

/** The cell under an element of the board, if any. @param {Element|null} el */
function cellOf(el) {
  const c = el && el.closest('#board [data-cell], #board [data-piece-at]');
  return c ? c.getAttribute('data-cell') || c.getAttribute('data-piece-at') : null;
}

/**
 * Drag a piece to its target, or a hand piece onto the board: the same as the two clicks.
 * A press and release on one spot is left to the click handlers.
 */
function wireDrag() {
  /** @type {{from:string|null, hand:string|null, x:number, y:number, moved:boolean}|null} */
  let drag = null;
  const ghost = document.createElement('div');
  ghost.id = 'drag-ghost';
  ghost.hidden = true;
  document.body.appendChild(ghost);

  document.addEventListener('pointerdown', (ev) => {
    drag = null;
    if (!isHumanTurn() || ev.button !== 0) return;
    const t = /** @type {Element} */ (ev.target);
    const handBtn = /** @type {HTMLElement|null} */ (t.closest('#hands button[data-hand-kind]:not(:disabled)'));
    const from = cellOf(t);
    if (handBtn) drag = { from: null, hand: handBtn.dataset.handKind || null, x: ev.clientX, y: ev.clientY, moved: false };
    else if (from && st.view && st.view.pieces.some((p) => p.at === from)) {
      drag = { from, hand: null, x: ev.clientX, y: ev.clientY, moved: false };
    }
  });
  document.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    if (!drag.moved) {
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
      drag.moved = true;
      // Show the targets as the drag starts.
      if (drag.hand) {
        st.sel = { prefix: [], hand: drag.hand };
        st.choices = [];
        render();
      } else if (drag.from && st.sel.prefix[0] !== drag.from) {
        st.sel = { prefix: [], hand: null };
        clickCell(drag.from);
      }
      const p = drag.hand ? null : st.view?.pieces.find((q) => q.at === drag?.from);
      ghost.textContent = drag.hand ? (st.view?.hands.find((h) => h.kind === drag?.hand)?.glyph || '•') : (p?.glyph || '•');
      ghost.hidden = false;
    }
    ghost.style.transform = `translate(${ev.clientX}px, ${ev.clientY}px)`;
  });
  const end = (/** @type {PointerEvent} */ ev) => {
    const d = drag;
    drag = null;
    ghost.hidden = true;
    if (!d || !d.moved || ev.type === 'pointercancel') return;
    const cell = cellOf(document.elementFromPoint(ev.clientX, ev.clientY));
    if (cell && cell !== d.from) clickCell(cell);
  };
  document.addEventListener('pointerup', end);
  document.addEventListener('pointercancel', end);
}

// ---------------------------------------------------------------- wiring

function wire() {
  editor = new Editor({
    text: /** @type {HTMLTextAreaElement} */ ($('#editor')),
    gutter: $('#gutter'),
    diagnostics: $('#diagnostics'),
    status: $('#editor-status'),
    onChange: recompile,
  });

  $('#board').addEventListener('click', (ev) => {
    const t = /** @type {Element} */ (ev.target);
    const el = t.closest('[data-cell]') || t.closest('[data-piece-at]');
    if (!el) return;
    const cell = el.getAttribute('data-cell') || el.getAttribute('data-piece-at');
    if (cell) clickCell(cell);
  });

  wireDrag();

  $('#hands').addEventListener('click', (ev) => {
    const b = /** @type {HTMLElement|null} */ (/** @type {Element} */ (ev.target).closest('button[data-hand-kind]'));
    if (!b || !st.view || !isHumanTurn()) return;
    const kind = b.dataset.handKind || null;
    if (Number(b.dataset.handOwner) !== st.view.toMove) return;
    st.sel = { prefix: [], hand: st.sel.hand === kind ? null : kind };
    st.choices = [];
    render();
  });

  $('#choices').addEventListener('click', (ev) => {
    const b = /** @type {HTMLElement|null} */ (/** @type {Element} */ (ev.target).closest('button[data-move]'));
    if (!b || !st.view || !isHumanTurn()) return;
    const m = st.view.moves[Number(b.dataset.move)];
    if (m) playMove(m);
  });

  $('#play-selected').addEventListener('click', () => {
    const v = st.view;
    const i = Number(/** @type {HTMLSelectElement} */ ($('#all-moves')).value);
    if (v && !v.over && v.moves[i]) playMove(v.moves[i]);
  });

  const history = (/** @type {'undo'|'redo'|'restart'} */ op) => act(async () => {
    let v = await call(op);
    // Against the computer, undo takes back its reply too: else it would just play it again;
    // and chance's throws, which would be drawn again (the mover keeps its throw).
    const automatic = (/** @type {View} */ w) => !/** @type {any} */ (w).error && w.history.length &&
      (w.chance || (st.players[w.toMove] === 'computer' &&
        st.players.some((p, i) => p !== 'computer' && !(w.chancePlayers || []).includes(i))));
    while (op === 'undo' && automatic(v)) v = await call('undo');
    if (op === 'restart') st.baseFen = null;
    st.lastPath = [];
    setView(v);
  }, { cancel: true });
  document.addEventListener('keydown', (ev) => {
    // ← and → step through the game, unless typing somewhere.
    const t = /** @type {HTMLElement} */ (ev.target);
    if ($('#game-view').hidden || t.closest('input, textarea, select') || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === 'ArrowLeft' && !(/** @type {HTMLButtonElement} */ ($('#undo')).disabled)) history('undo');
    else if (ev.key === 'ArrowRight' && !(/** @type {HTMLButtonElement} */ ($('#redo')).disabled)) history('redo');
    else if (ev.key === 'Escape') { st.sel = { prefix: [], hand: null }; st.choices = []; render(); }
  });
  $('#undo').addEventListener('click', () => history('undo'));
  $('#redo').addEventListener('click', () => history('redo'));
  $('#restart').addEventListener('click', () => history('restart'));

  const applyFen = () => {
    const fen = /** @type {HTMLInputElement} */ ($('#fen')).value.trim();
    act(async () => {
      const v = await call('setFen', fen);
      if (v.error) { message(`FEN: ${v.error}`, true); return; }
      message('');
      st.baseFen = fen;
      st.lastPath = [];
      setView(v);
    }, { cancel: true });
  };
  $('#fen-apply').addEventListener('click', applyFen);
  $('#fen').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') applyFen(); });

  $('#players').addEventListener('change', (ev) => {
    const s = /** @type {HTMLSelectElement} */ (ev.target);
    if (!s.dataset.player) return;
    st.players[Number(s.dataset.player)] = s.value;
    if (s.value === 'human' && st.thinking) {
      // Nobody wants that reply any more.
      st.gen++;
    }
    render();
    maybeComputer();
  });

  $('#computer-move').addEventListener('click', () => computerMove());
  $('#flip').addEventListener('click', () => { st.flip = !st.flip; render(); });
  $('#legend').addEventListener('change', (ev) => {
    const box = /** @type {HTMLInputElement} */ (ev.target);
    if (box.id !== 'show-zones') return;
    st.showZones = box.checked;
    $('#board svg')?.classList.toggle('no-zones', !st.showZones);
    if (st.view) renderLegend(st.view);
  });
  $('#back').addEventListener('click', () => { location.hash = ''; });
  $('#gallery-search').addEventListener('input', filterGallery);

  window.addEventListener('hashchange', route);
}

wire();
route();
// For the browser test and the console: the page's state (its `view` holds the legal moves).
/** @type {any} */ (window).dagaz = st;
// Warm the engine up while the person looks at the gallery.
call('init').then(() => performance.mark('engine-ready')).catch((e) => message(`The engine did not start: ${e.message}`, true));

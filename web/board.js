// Draws a position (the wasm `View`) as an SVG string.
//
// A string rather than DOM nodes so the same code runs in the worker (gallery previews, made
// off the main thread) and on the page (the playing board, redrawn on every change; clicks
// are caught once on its container, so replacing the nodes costs nothing).

/** @typedef {{name:string,x:number,y:number,dark:boolean,number:(number|null),zones:string[]}} Cell */
/** @typedef {{at:string,owner:number,kind:string,glyph:string}} Piece */
/** @typedef {{i:number,text:string,path:string[],captures:string[],hand:(string|null),promotes:(string|null)}} Move */
/**
 * @typedef {{title:string, players:string[], toMove:number,
 *   board:{shape:string,width:number,height:number,cells:Cell[],labels:{text:string,x:number,y:number}[]},
 *   pieces:Piece[], hands:{owner:number,kind:string,glyph:string,count:number}[],
 *   seeds:{at:string,count:number}[], moves:Move[], history:string[], redo:number,
 *   fen:(string|null), over:(null|{text:string,winner:(number|null),draw:boolean})}} View
 */

/** Pointy-top hexagon circumradius: neighbours in a row are 1 apart (contract). */
const HEX_R = 1 / Math.sqrt(3);

const NAMED_COLOURS = {
  white: '#f6f3ea', black: '#262626', red: '#c0392b', yellow: '#f1c40f', blue: '#2471a3',
  green: '#1e8449', orange: '#e67e22', purple: '#7d3c98',
};
const FALLBACK_COLOURS = ['#f6f3ea', '#262626', '#c0392b', '#2471a3', '#1e8449', '#b7950b'];
const ZONE_COLOURS = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4',
  '#f032e6', '#9a6324', '#808000', '#000075'];
/** Glyphs that are themselves a plain stone: the disc alone says it, a symbol on it is noise. */
const STONES = new Set(['●', '○', '◯', '⬤']);

/** @param {string} s */
export function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * The colour of a player's pieces: its name when the name is a colour (Hex's Black moves
 * first, so "player 0 is white" would be wrong), else by its place.
 * @param {string[]} players @param {number} owner
 */
export function ownerColour(players, owner) {
  const name = (players[owner] || '').toLowerCase();
  return NAMED_COLOURS[name] || FALLBACK_COLOURS[owner % FALLBACK_COLOURS.length];
}

/** @param {string} hex */
export function isLight(hex) {
  const n = parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

/**
 * A stable colour per zone name, in the order of first appearance on the board. A zone over
 * most of the board (xiangqi's `own-side`: each side's half, one name) would only tint it all,
 * so it is left out.
 */
export function zoneColours(/** @type {Cell[]} */ cells) {
  /** @type {Map<string,number>} */
  const count = new Map();
  for (const c of cells) for (const z of c.zones || []) count.set(z, (count.get(z) || 0) + 1);
  /** @type {Map<string,string>} */
  const m = new Map();
  for (const [z, n] of count) {
    if (n <= 0.6 * cells.length) m.set(z, ZONE_COLOURS[m.size % ZONE_COLOURS.length]);
  }
  return m;
}

/** @param {number} x @param {number} y */
function hexPoints(x, y) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k - 90);
    pts.push(`${(x + HEX_R * Math.cos(a)).toFixed(3)},${(y + HEX_R * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(' ');
}

/** @param {View} view */
function extent(view) {
  const b = view.board;
  const half = b.shape === 'hex' ? HEX_R : 0.5;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const c of b.cells) {
    x0 = Math.min(x0, c.x - half); y0 = Math.min(y0, c.y - half);
    x1 = Math.max(x1, c.x + half); y1 = Math.max(y1, c.y + half);
  }
  for (const l of b.labels || []) {
    x0 = Math.min(x0, l.x - 0.25); y0 = Math.min(y0, l.y - 0.25);
    x1 = Math.max(x1, l.x + 0.25); y1 = Math.max(y1, l.y + 0.25);
  }
  if (!isFinite(x0)) { x0 = 0; y0 = 0; x1 = b.width || 1; y1 = b.height || 1; }
  const pad = 0.08;
  return { x: x0 - pad, y: y0 - pad, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad };
}

/** A chess board's colouring: by the cell's place (before any flip). @param {Cell & {parity?:boolean}} c */
function parity(c) {
  return c.parity ?? (Math.floor(c.x) + Math.floor(c.y)) % 2 === 1;
}

/** The view turned half round (the second player's side at the bottom). @param {View} view @returns {View} */
function flipped(view) {
  const b = view.board;
  const xs = b.cells.map((c) => c.x), ys = b.cells.map((c) => c.y);
  const sx = Math.min(...xs) + Math.max(...xs), sy = Math.min(...ys) + Math.max(...ys);
  return {
    ...view,
    board: {
      ...b,
      cells: b.cells.map((c) => ({ ...c, parity: parity(c), x: sx - c.x, y: sy - c.y })),
      labels: (b.labels || []).map((l) => ({ ...l, x: sx - l.x, y: sy - l.y })),
    },
  };
}

/**
 * @param {View} view
 * @param {{flip?:boolean, selected?:string|null, targets?:Iterable<string>, last?:Iterable<string>,
 *   path?:Iterable<string>, zones?:boolean, labels?:boolean, sowing?:boolean,
 *   preview?:boolean}} [opts]
 * @returns {string}
 */
export function renderBoard(view, opts = {}) {
  if (opts.flip) view = flipped(view);
  const b = view.board;
  const hex = b.shape === 'hex';
  const targets = new Set(opts.targets || []);
  const last = new Set(opts.last || []);
  const path = new Set(opts.path || []);
  const selected = opts.selected || null;
  // Checkered by the board's own dark squares when it names some; by parity otherwise.
  const declaredDark = b.cells.some((c) => c.dark);
  const sowingBoard = !!opts.sowing || (view.seeds || []).length > 0;
  const zc = opts.zones ? zoneColours(b.cells) : new Map();
  const box = extent(view);
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" class="board-svg ${hex ? 'hex' : 'square'}"` +
    ` viewBox="${box.x.toFixed(3)} ${box.y.toFixed(3)} ${box.w.toFixed(3)} ${box.h.toFixed(3)}"` +
    ` role="img" aria-label="${esc(view.title)} board">`);

  // Cells: the click targets. Everything drawn above them ignores the pointer (CSS), so a
  // click anywhere on a cell — piece or not — lands on the cell's own element.
  out.push('<g class="cells">');
  for (const c of b.cells) {
    let dark;
    // A sowing board is one plank: its pits make the pattern.
    if (sowingBoard) dark = false;
    else if (declaredDark) dark = c.dark;
    else if (hex) dark = false;
    else dark = parity(c);
    const cls = ['cell', dark ? 'dark' : 'light'];
    if (targets.has(c.name)) cls.push('target');
    if (last.has(c.name)) cls.push('last');
    if (path.has(c.name)) cls.push('path');
    if (selected === c.name) cls.push('selected');
    const attrs = `class="${cls.join(' ')}" data-cell="${esc(c.name)}"`;
    if (hex) out.push(`<polygon ${attrs} points="${hexPoints(c.x, c.y)}"/>`);
    else out.push(`<rect ${attrs} x="${(c.x - 0.5).toFixed(3)}" y="${(c.y - 0.5).toFixed(3)}" width="1" height="1"/>`);
  }
  out.push('</g>');

  if (zc.size) {
    out.push('<g class="zones">');
    for (const c of b.cells) {
      const zs = (c.zones || []).filter((z) => zc.has(z));
      zs.forEach((z, k) => {
        const fill = zc.get(z);
        // Several zones on one cell: stacked bands, so each stays visible.
        if (hex) {
          out.push(`<polygon class="zone" fill="${fill}" points="${hexPoints(c.x, c.y)}"/>`);
        } else {
          const h = 1 / zs.length;
          out.push(`<rect class="zone" fill="${fill}" x="${(c.x - 0.5).toFixed(3)}" y="${(c.y - 0.5 + k * h).toFixed(3)}" width="1" height="${h.toFixed(3)}"/>`);
        }
      });
    }
    out.push('</g>');
  }

  if (opts.labels !== false) {
    // A small board is drawn with big cells: its coordinates stay the size of a chess board's.
    const span = Math.max(box.w, box.h);
    const fs = (0.3 * Math.min(1, Math.max(0.45, span / 9))).toFixed(3);
    out.push(`<g class="labels" font-size="${fs}">`);
    for (const l of b.labels || []) {
      out.push(`<text class="label" x="${l.x}" y="${l.y}">${esc(l.text)}</text>`);
    }
    out.push('</g>');
  }

  const cellAt = new Map(b.cells.map((c) => [c.name, c]));
  const seeds = new Map((view.seeds || []).map((s) => [s.at, s.count]));
  const sowing = opts.sowing || seeds.size > 0;
  // Kings are draughts kings on a numbered board or beside men (Brazilian's board has no numbers).
  const draughtsKings = b.cells.some((c) => c.number !== null && c.number !== undefined) ||
    view.pieces.some((p) => p.kind === 'Man');
  out.push('<g class="pieces">');
  const r = hex ? 0.42 : 0.4;
  for (const p of view.pieces) {
    const c = cellAt.get(p.at);
    if (!c) continue;
    const fill = ownerColour(view.players, p.owner);
    const ink = isLight(fill) ? '#1b1b1b' : '#f4f4f4';
    const cls = `piece owner-${p.owner}${selected === p.at ? ' selected' : ''}`;
    if (sowing) {
      // A pit or store: its seeds counted inside a ring of its owner's colour.
      const n = seeds.get(p.at) || 0;
      out.push(`<g class="${cls} pit" data-piece-at="${esc(p.at)}" data-seeds="${n}">` +
        `<circle cx="${c.x}" cy="${c.y}" r="${r}" fill="#e9dcc0" stroke="${fill}" stroke-width="0.07"/>` +
        `<text class="seeds" x="${c.x}" y="${c.y}">${n}</text></g>`);
      seeds.delete(p.at);
      continue;
    }
    let glyph = p.glyph || '?';
    // Draughts: a man is a plain disc, a king a disc with a crown, as on a real board, rather
    // than the FEN letters M and K.
    const draughts = p.kind === 'Man' || (draughtsKings && p.kind === 'King' && /^[A-Za-z]$/.test(glyph));
    if (draughts) glyph = p.kind === 'King' ? '♛' : '';
    const stone = STONES.has(glyph) || glyph === '';
    const len = [...glyph].length;
    const size = (0.62 / Math.max(1, len * 0.62)).toFixed(3);
    out.push(`<g class="${cls}" data-piece-at="${esc(p.at)}" data-kind="${esc(p.kind)}" data-owner="${p.owner}">` +
      `<circle cx="${c.x}" cy="${c.y}" r="${r}" fill="${fill}" stroke="${isLight(fill) ? '#444' : '#000'}" stroke-width="0.035"/>` +
      (draughts ? `<circle cx="${c.x}" cy="${c.y}" r="${(r * 0.68).toFixed(3)}" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="0.03"/>` : '') +
      (stone ? '' : `<text class="glyph" x="${c.x}" y="${c.y}" fill="${ink}" font-size="${size}">${esc(glyph)}</text>`) +
      '</g>');
  }
  // Seeds on cells that hold no piece.
  for (const [at, n] of seeds) {
    const c = cellAt.get(at);
    if (c) out.push(`<text class="seeds loose" x="${c.x}" y="${c.y}">${n}</text>`);
  }
  out.push('</g>');

  // Numbered squares (draughts): the notation names them by number, so each shows its own,
  // above the pieces.
  if (opts.labels !== false && !hex && b.cells.some((c) => c.number !== null && c.number !== undefined)) {
    out.push('<g class="numbers">');
    for (const c of b.cells) {
      if (c.number === null || c.number === undefined) continue;
      out.push(`<text class="num" x="${(c.x - 0.45).toFixed(3)}" y="${(c.y - 0.4).toFixed(3)}">${c.number}</text>`);
    }
    out.push('</g>');
  }

  if (targets.size) {
    out.push('<g class="marks">');
    const occupied = new Set(view.pieces.map((p) => p.at));
    for (const t of targets) {
      const c = cellAt.get(t);
      if (!c) continue;
      if (occupied.has(t)) out.push(`<circle class="mark capture" cx="${c.x}" cy="${c.y}" r="${r + 0.04}"/>`);
      else out.push(`<circle class="mark dot" cx="${c.x}" cy="${c.y}" r="0.14"/>`);
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('');
}

// Draws a position (the wasm `View`) as an SVG string.
//
// A string rather than DOM nodes so the same code runs in the worker (gallery previews, made
// off the main thread) and on the page (the playing board, redrawn on every change; clicks
// are caught once on its container, so replacing the nodes costs nothing).

/** @typedef {{name:string,x:number,y:number,dark:boolean,number:(number|null),zones:string[]}} Cell */
/**
 * @typedef {{at:string,owner:number,kind:string,glyph:string,shape?:(string|null),
 *   promoted?:boolean,image?:(string|null)}} Piece
 */
/**
 * @typedef {{board:string, colours:{light:?string,dark:?string,board:?string,lines:?string,promoted:?string},
 *   players:{fill:?string,ink:?string}[], points:string[], lines:string[][], river:(string[]|null),
 *   stores:string[], edges?:{player:number,cells:string[]}[], dice?:number[]}} Look
 */
/** @typedef {{i:number,text:string,written?:string,path:string[],captures:string[],hand:(string|null),promotes:(string|null),weight:number,probability?:string}} Move */
/**
 * @typedef {{title:string, players:string[], toMove:number, chance:boolean, chancePlayers:number[],
 *   board:{shape:string,width:number,height:number,cells:Cell[],labels:{text:string,x:number,y:number}[]},
 *   look?:Look, pieces:Piece[], hands:{owner:number,kind:string,glyph:string,count:number}[],
 *   seeds:{at:string,count:number}[], moves:Move[], history:string[], written?:string[], redo:number,
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

/** A pointy-top hexagon's corners relative to its centre, from the top, clockwise. */
const HEX_CORNERS = [0, 1, 2, 3, 4, 5].map((k) => {
  const a = Math.PI / 180 * (60 * k - 90);
  return [HEX_R * Math.cos(a), HEX_R * Math.sin(a)];
});

/** @param {number} x @param {number} y */
function hexPoints(x, y) {
  return HEX_CORNERS.map(([dx, dy]) => `${(x + dx).toFixed(3)},${(y + dy).toFixed(3)}`).join(' ');
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


/** The white chess figures and their black twins: a figure is drawn as the black one's
 * silhouette, filled in the player's colour, under the white one's outline and details. */
const WHITE_FIGURES = '♔♕♖♗♘♙';
const BLACK_FIGURES = '♚♛♜♝♞♟';
/** U+FE0E asks for the text form of a character that also has an emoji form (♟ has). */
const TEXT_FORM = '\uFE0E';

/** @param {string} glyph @param {string} from @param {string} to */
function mapFigures(glyph, from, to) {
  return [...glyph].map((c) => {
    const k = from.indexOf(c);
    return (k < 0 ? c : to[k]) + TEXT_FORM;
  }).join('');
}

/** @param {number} v */
const f3 = (v) => Number(v.toFixed(3));

/** The board's look: the view's, else what the board's shape implies. @param {View} view @returns {Look} */
function lookOf(view) {
  const given = view.look;
  if (given) return given;
  const board = view.board.shape === 'hex' ? 'hexes' : (view.seeds || []).length ? 'pits' : 'chequered';
  return { board, colours: { light: null, dark: null, board: null, lines: null, promoted: null },
    players: [], points: [], lines: [], river: null, stores: [] };
}

/**
 * A player's pieces' fill and ink: the view's colours, else the player's own colour and a
 * contrasting ink. @param {View} view @param {Look} look @param {number} owner
 */
function playerColours(view, look, owner) {
  const given = (look.players || [])[owner] || {};
  const fill = given.fill || ownerColour(view.players, owner);
  const ink = given.ink || (isLight(fill) ? '#1b1b1b' : '#f4f4f4');
  return { fill, ink };
}

/**
 * Runs of neighbouring points along rows and columns: the lines of a board of lines, each
 * one `<line>` from its first point to its last. A river cuts the columns between its two
 * rows, except at the board's edges.
 * @param {Cell[]} cells @param {[Cell,Cell]|null} river
 */
function gridLines(cells, river) {
  const key = (/** @type {number} */ x, /** @type {number} */ y) => `${f3(x)},${f3(y)}`;
  const at = new Set(cells.map((c) => key(c.x, c.y)));
  const xs = cells.map((c) => c.x);
  const [left, right] = [Math.min(...xs), Math.max(...xs)];
  const riverY = river ? [Math.min(river[0].y, river[1].y), Math.max(river[0].y, river[1].y)] : null;
  /** @type {{x1:number,y1:number,x2:number,y2:number,dir:string}[]} */
  const out = [];
  for (const [dx, dy, dir] of /** @type {[number,number,string][]} */ ([[1, 0, 'row'], [0, 1, 'column']])) {
    for (const c of cells) {
      // A run starts at a point with no neighbour before it (or across the river).
      const cut = (/** @type {number} */ y) => riverY && dy === 1 && y === riverY[0] && c.x !== left && c.x !== right;
      if (at.has(key(c.x - dx, c.y - dy)) && !cut(c.y - dy)) continue;
      let [x, y] = [c.x, c.y];
      while (at.has(key(x + dx, y + dy)) && !cut(y)) { x += dx; y += dy; }
      if (x !== c.x || y !== c.y) out.push({ x1: c.x, y1: c.y, x2: f3(x), y2: f3(y), dir });
    }
  }
  return out;
}

/** The plate's colour of each style that has one, unless the view gives its own. */
const PLATES = /** @type {Record<string,string>} */ ({
  lines: '#dcb35c', links: '#e8d2a6', pits: '#b07b4a', rack: '#1f5fbf', plain: '#fbf8f0',
});

/**
 * What is drawn under the cells of a board that is not chequered: the plate of a board of
 * lines, pits or a rack, the paper of plain squares. @param {Look} look @param {Cell[]} cells
 */
function plate(look, cells) {
  if (!(look.board in PLATES) || !cells.length) return '';
  const xs = cells.map((c) => c.x), ys = cells.map((c) => c.y);
  const [x0, y0] = [Math.min(...xs) - 0.5, Math.min(...ys) - 0.5];
  const [w, h] = [Math.max(...xs) - x0 + 0.5, Math.max(...ys) - y0 + 0.5];
  const fill = look.colours.board || PLATES[look.board];
  const round = look.board === 'pits' || look.board === 'rack' ? 0.25 : 0.04;
  return `<rect class="plate ${look.board}" x="${f3(x0)}" y="${f3(y0)}" width="${f3(w)}" height="${f3(h)}" rx="${round}" fill="${fill}"/>`;
}

/**
 * The drawing of a board beyond its cells: grid lines, the view's lines, river, marked
 * points, the holes of a rack, the rules between plain squares.
 * @param {Look} look @param {Cell[]} cells @param {Map<string,Cell>} cellAt
 */
function decoration(look, cells, cellAt) {
  const stroke = look.colours.lines || '#3b2a12';
  const out = ['<g class="decoration" pointer-events="none">'];
  const river = look.river ? look.river.map((n) => cellAt.get(n)) : null;
  const riverCells = river && river[0] && river[1] ? /** @type {[Cell,Cell]} */ (river) : null;
  if (look.board === 'lines') {
    for (const l of gridLines(cells, riverCells)) {
      out.push(`<line class="grid ${l.dir}" x1="${l.x1}" y1="${l.y1}" x2="${l.x2}" y2="${l.y2}" stroke="${stroke}" stroke-width="0.035" stroke-linecap="square"/>`);
    }
  }
  if (look.board === 'plain') {
    for (const c of cells) {
      out.push(`<rect class="rule" x="${f3(c.x - 0.5)}" y="${f3(c.y - 0.5)}" width="1" height="1" fill="none" stroke="${stroke}" stroke-width="0.03"/>`);
    }
  }
  for (const line of look.lines || []) {
    const pts = line.map((n) => cellAt.get(n)).filter((c) => c);
    if (pts.length < 2) continue;
    const d = pts.map((c, k) => `${k ? 'L' : 'M'}${c?.x} ${c?.y}`).join(' ');
    out.push(`<path class="drawn-line" data-points="${esc(line.join(' '))}" d="${d}" fill="none" stroke="${stroke}" stroke-width="0.035" stroke-linejoin="round"/>`);
  }
  if (riverCells) {
    const [a, b] = riverCells;
    const xs = cells.map((c) => c.x);
    const [left, right] = [Math.min(...xs), Math.max(...xs)];
    const y = (a.y + b.y) / 2, span = right - left;
    out.push(`<g class="river" data-between="${esc(look.river?.join(' ') || '')}">` +
      `<text x="${f3(left + span * 0.25)}" y="${f3(y)}" fill="${stroke}" font-size="0.5">楚 河</text>` +
      `<text x="${f3(left + span * 0.75)}" y="${f3(y)}" fill="${stroke}" font-size="0.5">漢 界</text></g>`);
  }
  for (const name of look.points || []) {
    const c = cellAt.get(name);
    if (!c) continue;
    // On squares a marked square is a rosette (Ur's): a ring round the dot.
    if (look.board === 'plain' || look.board === 'chequered') {
      out.push(`<circle class="rosette" cx="${c.x}" cy="${c.y}" r="0.3" fill="none" stroke="${stroke}" stroke-width="0.05"/>`);
    }
    out.push(`<circle class="point" data-point="${esc(name)}" cx="${c.x}" cy="${c.y}" r="0.09" fill="${stroke}"/>`);
  }
  if (look.board === 'rack') {
    for (const c of cells) out.push(`<circle class="hole" cx="${c.x}" cy="${c.y}" r="0.41" fill="#f4f1ea"/>`);
  }
  out.push('</g>');
  return out.join('');
}

/**
 * The view's `(edge PLAYER POS ...)`: at each listed cell, the sides that face out of the
 * board (no cell beyond them) and out the way the whole edge faces (its cells' centre seen
 * from the board's), drawn thick in the player's colour. The second test splits a corner
 * cell between the two edges that meet there, as Hex boards are painted.
 * @param {View} view @param {Look} look @param {Cell[]} cells
 * @param {Map<string,Cell>} cellAt @param {boolean} hex
 */
function edges(view, look, cells, cellAt, hex) {
  if (!look.edges || !look.edges.length) return '';
  const key = (/** @type {number} */ x, /** @type {number} */ y) => `${Math.round(x * 4)},${Math.round(y * 4)}`;
  const taken = new Set(cells.map((c) => key(c.x, c.y)));
  const centre = (/** @type {Cell[]} */ cs) => [cs.reduce((a, c) => a + c.x, 0) / cs.length, cs.reduce((a, c) => a + c.y, 0) / cs.length];
  const [bx, by] = centre(cells);
  // Each side of a cell: its two corners, relative to the centre.
  const corners = hex ? HEX_CORNERS : [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]];
  const step = hex ? Math.sqrt(3) * HEX_R : 1;
  const out = ['<g class="edges" pointer-events="none">'];
  for (const edge of look.edges) {
    const own = edge.cells.map((n) => cellAt.get(n)).filter((c) => c);
    if (!own.length) continue;
    const [ex, ey] = centre(/** @type {Cell[]} */ (own));
    const [fx, fy] = [ex - bx, ey - by];
    const facing = Math.hypot(fx, fy) || 1;
    const colour = playerColours(view, look, edge.player).fill;
    const segments = [];
    for (const c of /** @type {Cell[]} */ (own)) {
      corners.forEach(([ax, ay], k) => {
        const [cx, cy] = corners[(k + 1) % corners.length];
        const [mx, my] = [(ax + cx) / 2, (ay + cy) / 2];
        const len = Math.hypot(mx, my);
        const [nx, ny] = [mx / len, my / len];
        if (taken.has(key(c.x + nx * step, c.y + ny * step))) return;
        if ((nx * fx + ny * fy) / facing < 0.45) return;
        // Just inside the cell, so the band stays within the board's frame.
        const [ix, iy, jx, jy] = [ax, ay, cx, cy].map((v) => v * 0.86);
        segments.push(`M${f3(c.x + ix)} ${f3(c.y + iy)}L${f3(c.x + jx)} ${f3(c.y + jy)}`);
      });
    }
    const d = segments.join('');
    // An outline under the band: a white edge shows on a light board.
    const rim = isLight(colour) ? '#6b6b6b' : colour;
    out.push(`<path class="edge-rim" d="${d}" stroke="${rim}" stroke-width="0.17" stroke-linecap="round" fill="none"/>` +
      `<path class="edge" data-player="${edge.player}" d="${d}" stroke="${colour}" stroke-width="0.11" stroke-linecap="round" fill="none"/>`);
  }
  out.push('</g>');
  return out.join('');
}

/**
 * A chess figure at (x, y): the black figure's silhouette in the player's colour, and for a
 * light one the white figure's outline and details over it.
 * @param {string} c @param {number} x @param {number} y @param {number} size @param {string} fill
 */
function figure(c, x, y, size, fill) {
  const dark = !isLight(fill);
  const silhouette = mapFigures(c, WHITE_FIGURES, BLACK_FIGURES);
  const outline = mapFigures(c, BLACK_FIGURES, WHITE_FIGURES);
  return `<text class="glyph figure" x="${x}" y="${y}" font-size="${size}" fill="${fill}" stroke="${dark ? '#f4f4f4' : '#1b1b1b'}" stroke-width="${dark ? 0.02 : 0.035}" paint-order="stroke">${esc(silhouette)}</text>` +
    (dark || outline === silhouette ? '' : `<text class="glyph figure" x="${x}" y="${y}" font-size="${size}" fill="#1b1b1b">${esc(outline)}</text>`);
}

/**
 * One piece drawn at (x, y): its shape, glyph and colours.
 * @param {View} view @param {Look} look @param {Piece} p @param {number} x @param {number} y
 * @param {{up:boolean, r:number, legacyShape:string, glyph:string}} how
 */
function pieceBody(view, look, p, x, y, how) {
  const { fill, ink: ownInk } = playerColours(view, look, p.owner);
  const ink = p.promoted ? (look.colours.promoted || '#c0392b') : ownInk;
  const shape = p.shape || how.legacyShape;
  const glyph = how.glyph;
  const len = Math.max(1, [...glyph].length);
  const text = (/** @type {number} */ size, /** @type {string} */ colour, extra = '', cls = 'glyph') =>
    glyph === '' ? '' : `<text class="${cls}" x="${x}" y="${y}" fill="${colour}" font-size="${f3(size / Math.max(1, len * 0.62))}"${extra}>${esc(glyph)}</text>`;
  const r = how.r;
  if (p.image) {
    return `<image class="picture" href="${esc(p.image)}" x="${f3(x - 0.45)}" y="${f3(y - 0.45)}" width="0.9" height="0.9"/>`;
  }
  switch (shape) {
    case 'stone':
      return `<circle class="stone" cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${isLight(fill) ? '#555' : '#000'}" stroke-width="0.03"/>`;
    case 'pentagon': {
      // Pointing at the opponent: up for the player at the bottom.
      const s = how.up ? 1 : -1;
      const pts = [[0, -0.46], [0.32, -0.32], [0.4, 0.44], [-0.4, 0.44], [-0.32, -0.32]]
        .map(([dx, dy]) => `${f3(x + dx)},${f3(y + s * dy)}`).join(' ');
      const turn = how.up ? '' : ` transform="rotate(180 ${x} ${y})"`;
      return `<polygon class="pentagon" points="${pts}" fill="${fill}" stroke="#5a4522" stroke-width="0.03"/>` +
        text(0.52, ink, ` font-weight="bold"${turn}`);
    }
    case 'figure': {
      // Two figures (a fairy piece that moves as both) overlap, the second in front.
      const chars = [...glyph];
      const size = chars.length > 1 ? 0.62 : 0.86;
      return chars.map((c, k) => {
        const dx = chars.length > 1 ? (k - (chars.length - 1) / 2) * 0.3 : 0;
        return figure(c, f3(x + dx), y, size, fill);
      }).join('');
    }
    case 'mark':
      return text(0.8, p.promoted ? ink : fill, ` font-weight="bold" stroke="${isLight(fill) ? '#333' : 'none'}" stroke-width="0.015"`, 'glyph mark');
    default: {
      // A disc: a round piece with its glyph on it; a draughts man is a disc with a ring.
      const ringed = shape === 'man' || shape === 'king';
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${p.promoted ? ink : isLight(fill) ? '#444' : '#000'}" stroke-width="${p.promoted ? 0.05 : 0.035}"/>` +
        (ringed || (p.shape === 'disc' && glyph === '') ? `<circle cx="${x}" cy="${y}" r="${f3(r * 0.68)}" fill="none" stroke="${ownInk}" stroke-opacity="0.35" stroke-width="0.03"/>` : '') +
        (p.shape === 'disc' && glyph !== '' ? `<circle cx="${x}" cy="${y}" r="${f3(r * 0.8)}" fill="none" stroke="${ink}" stroke-opacity="0.6" stroke-width="0.025"/>` : '') +
        text(p.shape === 'disc' ? 0.56 : 0.62, ink);
    }
  }
}

/**
 * A piece on its own, as a small SVG (a hand's piece beside the board), pointing as it would
 * on the board drawn the same way up.
 * @param {View} view @param {Piece} piece @param {boolean} [flip]
 * @returns {string}
 */
export function renderPiece(view, piece, flip = false) {
  const look = lookOf(view);
  const body = pieceBody(view, look, piece, 0.5, 0.5,
    { up: (piece.owner === 0) !== flip, r: 0.42, legacyShape: 'disc', glyph: piece.glyph || '' });
  return `<svg xmlns="http://www.w3.org/2000/svg" class="piece-svg" viewBox="0 0 1 1">${body}</svg>`;
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
  const look = lookOf(view);
  if (look.board === 'triangles') return renderTriangles(view, look, opts);
  const b = view.board;
  const style = opts.sowing && look.board === 'chequered' ? 'pits' : look.board;
  const hex = b.shape === 'hex';
  const targets = new Set(opts.targets || []);
  const last = new Set(opts.last || []);
  const path = new Set(opts.path || []);
  const selected = opts.selected || null;
  // Checkered by the board's own dark squares when it names some; by parity otherwise.
  const declaredDark = b.cells.some((c) => c.dark);
  const zc = opts.zones ? zoneColours(b.cells) : new Map();
  const box = withDice(extent(view), look);
  const cellAt = new Map(b.cells.map((c) => [c.name, c]));
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" class="board-svg ${hex ? 'hex' : 'square'} style-${style}"` +
    ` data-style="${style}" viewBox="${box.x.toFixed(3)} ${box.y.toFixed(3)} ${box.w.toFixed(3)} ${box.h.toFixed(3)}"` +
    ` role="img" aria-label="${esc(view.title)} board">`);
  out.push(plate({ ...look, board: style }, b.cells));

  // Cells: the click targets. Everything drawn above them ignores the pointer (CSS), so a
  // click anywhere on a cell — piece or not — lands on the cell's own element. On a board
  // of lines, pits or a rack the cells are clear: the plate and its marks show through.
  const clear = ['lines', 'links', 'pits', 'rack'].includes(style);
  const colours = look.colours;
  out.push('<g class="cells">');
  for (const c of b.cells) {
    let dark;
    if (clear || style === 'plain') dark = false;
    else if (declaredDark) dark = c.dark;
    else if (hex) dark = false;
    else dark = parity(c);
    const cls = ['cell', clear ? 'point' : dark ? 'dark' : 'light'];
    if (targets.has(c.name)) cls.push('target');
    if (last.has(c.name)) cls.push('last');
    if (path.has(c.name)) cls.push('path');
    if (selected === c.name) cls.push('selected');
    const own = clear ? '' : dark ? colours.dark : colours.light;
    const fill = own ? ` style="fill:${own}"` : '';
    const attrs = `class="${cls.join(' ')}" data-cell="${esc(c.name)}"${fill}`;
    if (hex) out.push(`<polygon ${attrs} points="${hexPoints(c.x, c.y)}"/>`);
    else out.push(`<rect ${attrs} x="${(c.x - 0.5).toFixed(3)}" y="${(c.y - 0.5).toFixed(3)}" width="1" height="1"/>`);
  }
  out.push('</g>');
  out.push(decoration({ ...look, board: style }, b.cells, cellAt));
  out.push(edges(view, look, b.cells, cellAt, hex));

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

  out.push(pieces(view, look, style, cellAt, { selected, flip: !!opts.flip, hex }));

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
    const r = hex ? 0.42 : 0.4;
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
  out.push(dice(look, box.x + box.w - DIE - 0.15, box.y + box.h / 2));
  out.push('</svg>');
  return out.join('');
}

/** A die's side, in cell units. */
const DIE = 0.7;

/** The box widened on the right for the view's dice, when some are thrown. @param {{x:number,y:number,w:number,h:number}} box @param {Look} look */
function withDice(box, look) {
  return (look.dice || []).length ? { ...box, w: box.w + DIE + 0.3 } : box;
}

/** The pips of a die's faces 1 to 6, as offsets from its centre in thirds of its side. */
const PIPS = [[[0, 0]], [[-1, -1], [1, 1]], [[-1, -1], [0, 0], [1, 1]],
  [[-1, -1], [1, -1], [-1, 1], [1, 1]], [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]]];

/**
 * The view's dice, one under the other, centred on (x + DIE/2, y): pips for 1 to 6, the
 * number for any other throw (Ur's 0 to 4 are counts of marked tips, 0 among them).
 * @param {Look} look @param {number} x @param {number} y
 */
function dice(look, x, y) {
  const thrown = look.dice || [];
  if (!thrown.length) return '';
  const out = ['<g class="dice" pointer-events="none">'];
  const top = y - (thrown.length * (DIE + 0.15) - 0.15) / 2;
  thrown.forEach((n, k) => {
    const [x0, y0] = [x, top + k * (DIE + 0.15)];
    const [cx, cy] = [f3(x0 + DIE / 2), f3(y0 + DIE / 2)];
    out.push(`<g class="die" data-value="${n}"><rect x="${f3(x0)}" y="${f3(y0)}" width="${DIE}" height="${DIE}" rx="0.12" fill="#fbfaf5" stroke="#333" stroke-width="0.03"/>`);
    const pips = PIPS[n - 1];
    if (pips) {
      for (const [dx, dy] of pips) {
        out.push(`<circle cx="${f3(cx + dx * DIE / 3.4)}" cy="${f3(cy + dy * DIE / 3.4)}" r="0.065" fill="#222"/>`);
      }
    } else {
      out.push(`<text class="seeds" x="${cx}" y="${cy}">${n}</text>`);
    }
    out.push('</g>');
  });
  out.push('</g>');
  return out.join('');
}

/** How long a point is, and the gap between two rows of them, in cell units. */
const POINT = 5, ROW_GAP = 1;

/**
 * A board of long points (`(board triangles)`, backgammon): the view's rows drawn POINT long
 * with ROW_GAP between them, the top half's points hanging down and the bottom half's standing
 * up; the `stores` (bars, trays) as boxes. Each cell's seeds are its checkers: stacked from
 * the point's base, five at most with their number on the last, thin slabs in a tray.
 * @param {View} view @param {Look} look @param {Parameters<typeof renderBoard>[1] & {}} opts
 */
function renderTriangles(view, look, opts) {
  const rows = [...new Set(view.board.cells.map((c) => c.y))].sort((a, b) => a - b);
  const down = (/** @type {number} */ y) => rows.indexOf(y) < rows.length / 2;
  const cells = view.board.cells.map((c) => ({ ...c, down: down(c.y), row: rows.indexOf(c.y) }))
    .map((c) => ({ ...c, y: c.row * (POINT + ROW_GAP) + POINT / 2 }));
  const stores = new Set(look.stores || []);
  const width = Math.max(1, ...cells.map((c) => c.x + 0.5));
  const height = rows.length * (POINT + ROW_GAP) - ROW_GAP;
  const box = withDice({ x: -0.1, y: -0.1, w: width + 0.2, h: height + 0.2 }, look);
  const c = look.colours;
  const [light, dark] = [c.light || '#e9d3a5', c.dark || '#8b3a2b'];
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" class="board-svg square style-triangles" data-style="triangles" viewBox="${f3(box.x)} ${f3(box.y)} ${f3(box.w)} ${f3(box.h)}" role="img" aria-label="${esc(view.title)} board">`,
    `<rect class="plate triangles" x="0" y="0" width="${f3(width)}" height="${f3(height)}" rx="0.1" fill="${c.board || '#3f6b45'}"/>`,
    '<g class="decoration" pointer-events="none">'];
  for (const k of cells) {
    const [x0, y0, tip] = [k.x - 0.5, k.y - POINT / 2, k.down ? k.y + POINT / 2 - 0.4 : k.y - POINT / 2 + 0.4];
    if (stores.has(k.name)) {
      out.push(`<rect class="tray" x="${f3(x0 + 0.04)}" y="${f3(y0)}" width="0.92" height="${POINT}" fill="${c.lines || '#5a3a22'}"/>`);
    } else {
      const base = k.down ? y0 : y0 + POINT;
      const fill = Math.floor(k.x) % 2 === 0 ? light : dark;
      out.push(`<polygon class="triangle" points="${f3(x0)},${f3(base)} ${f3(x0 + 1)},${f3(base)} ${f3(k.x)},${f3(tip)}" fill="${fill}"/>`);
    }
  }
  out.push('</g>', triangleCells(cells, opts), checkers(view, look, cells, stores, opts));
  out.push(dice(look, box.x + box.w - DIE - 0.15, height / 2), '</svg>');
  return out.join('');
}

/**
 * The click targets of a board of points: each cell's whole point, marked when it is a
 * target, the last move's or selected.
 * @param {(Cell & {down:boolean})[]} cells @param {Parameters<typeof renderBoard>[1] & {}} opts
 */
function triangleCells(cells, opts) {
  const targets = new Set(opts.targets || []), last = new Set(opts.last || []);
  const path = new Set(opts.path || []);
  const out = ['<g class="cells">'];
  for (const k of cells) {
    const cls = ['cell', 'point'];
    if (targets.has(k.name)) cls.push('target');
    if (last.has(k.name)) cls.push('last');
    if (path.has(k.name)) cls.push('path');
    if (opts.selected === k.name) cls.push('selected');
    out.push(`<rect class="${cls.join(' ')}" data-cell="${esc(k.name)}" x="${f3(k.x - 0.5)}" y="${f3(k.y - POINT / 2)}" width="1" height="${POINT}" fill-opacity="0.45"/>`);
  }
  for (const t of targets) {
    const k = cells.find((x) => x.name === t);
    if (k) out.push(`<circle class="mark dot" cx="${k.x}" cy="${f3(k.down ? k.y + POINT / 2 + 0.3 : k.y - POINT / 2 - 0.3)}" r="0.14"/>`);
  }
  out.push('</g>');
  return out.join('');
}

/**
 * The checkers of a board of points: a cell's seeds counted out from its base (one piece with
 * no seeds is one checker).
 * @param {View} view @param {Look} look @param {(Cell & {down:boolean})[]} cells
 * @param {Set<string>} stores @param {Parameters<typeof renderBoard>[1] & {}} opts
 */
function checkers(view, look, cells, stores, opts) {
  const seeds = new Map((view.seeds || []).map((s) => [s.at, s.count]));
  const at = new Map(cells.map((k) => [k.name, k]));
  const out = ['<g class="pieces">'];
  for (const p of view.pieces) {
    const k = at.get(p.at);
    if (!k) continue;
    const n = seeds.has(p.at) ? seeds.get(p.at) || 0 : 1;
    if (n === 0) continue;
    const { fill } = playerColours(view, look, p.owner);
    const rim = isLight(fill) ? '#555' : '#000';
    const sel = opts.selected === p.at ? ' selected' : '';
    out.push(`<g class="piece owner-${p.owner}${sel}" data-piece-at="${esc(p.at)}" data-kind="${esc(p.kind)}" data-owner="${p.owner}" data-seeds="${n}">`);
    const from = k.down ? k.y - POINT / 2 : k.y + POINT / 2, step = k.down ? 1 : -1;
    if (stores.has(p.at) && n > 5) {
      // A tray's checkers on edge: a slab each.
      for (let i = 0; i < n; i++) {
        const y = from + step * (0.05 + i * 0.32) - (k.down ? 0 : 0.28);
        out.push(`<rect x="${f3(k.x - 0.4)}" y="${f3(y)}" width="0.8" height="0.28" rx="0.05" fill="${fill}" stroke="${rim}" stroke-width="0.03"/>`);
      }
    } else {
      const shown = Math.min(n, 5);
      for (let i = 0; i < shown; i++) {
        const y = f3(from + step * (0.5 + i * 0.92));
        out.push(`<circle cx="${k.x}" cy="${y}" r="0.44" fill="${fill}" stroke="${rim}" stroke-width="0.035"/>`);
        if (i === shown - 1 && n > 5) {
          out.push(`<text class="seeds" x="${k.x}" y="${y}" style="fill:${isLight(fill) ? '#1b1b1b' : '#f4f4f4'}">${n}</text>`);
        }
      }
    }
    out.push('</g>');
  }
  out.push('</g>');
  return out.join('');
}

/**
 * The pieces, the pits of a sowing board with their seeds, and its stores.
 * @param {View} view @param {Look} look @param {string} style @param {Map<string,Cell>} cellAt
 * @param {{selected:string|null, flip:boolean, hex:boolean}} o
 */
function pieces(view, look, style, cellAt, o) {
  const b = view.board;
  const seeds = new Map((view.seeds || []).map((s) => [s.at, s.count]));
  const stores = new Set(look.stores || []);
  // Kings are draughts kings on a numbered board or beside men (Brazilian's board has no numbers).
  const draughtsKings = b.cells.some((c) => c.number !== null && c.number !== undefined) ||
    view.pieces.some((p) => p.kind === 'Man');
  const out = ['<g class="pieces">'];
  const r = o.hex ? 0.42 : style === 'rack' ? 0.39 : style === 'lines' || style === 'links' ? 0.45 : 0.4;
  for (const p of view.pieces) {
    const c = cellAt.get(p.at);
    if (!c) continue;
    const cls = `piece owner-${p.owner}${o.selected === p.at ? ' selected' : ''}`;
    if (style === 'pits') {
      // A pit or store: its seeds counted inside a ring of its owner's colour.
      const { fill } = playerColours(view, look, p.owner);
      const n = seeds.get(p.at) || 0;
      const store = stores.has(p.at);
      const cy = store ? storeY(b.cells) : c.y;
      const shape = store
        ? `<rect class="store" x="${f3(c.x - 0.42)}" y="${f3(cy - 0.9)}" width="0.84" height="1.8" rx="0.4" fill="#e9dcc0" stroke="${fill}" stroke-width="0.07"/>`
        : `<circle cx="${c.x}" cy="${c.y}" r="${r}" fill="#e9dcc0" stroke="${fill}" stroke-width="0.07"/>`;
      out.push(`<g class="${cls} ${store ? 'store' : 'pit'}" data-piece-at="${esc(p.at)}" data-seeds="${n}">` +
        `${shape}<text class="seeds" x="${c.x}" y="${f3(cy)}">${n}</text></g>`);
      seeds.delete(p.at);
      continue;
    }
    let glyph = p.glyph || '';
    let legacyShape = 'disc';
    if (!p.shape) {
      // No view: draughts men are plain discs and kings crowned, as on a real board, rather
      // than the FEN letters M and K; a stone's glyph is a stone.
      const draughts = p.kind === 'Man' || (draughtsKings && p.kind === 'King' && /^[A-Za-z]$/.test(glyph));
      if (draughts) { legacyShape = p.kind === 'King' ? 'king' : 'man'; glyph = p.kind === 'King' ? '♛' : ''; }
      if (STONES.has(glyph)) legacyShape = 'stone';
    }
    const up = (p.owner === 0) !== o.flip;
    out.push(`<g class="${cls}" data-piece-at="${esc(p.at)}" data-kind="${esc(p.kind)}" data-owner="${p.owner}" data-shape="${esc(p.shape || legacyShape)}">` +
      pieceBody(view, look, p, c.x, c.y, { up, r, legacyShape, glyph }) + '</g>');
  }
  // Seeds on cells that hold no piece.
  // Seeds on a piece are counted in its ink (Ur's waiting pieces on their pools).
  const owners = new Map(view.pieces.map((p) => [p.at, p.owner]));
  for (const [at, n] of seeds) {
    const c = cellAt.get(at);
    if (!c || (n === 0 && style !== 'pits')) continue;
    const owner = owners.get(at);
    const ink = owner === undefined ? '' : ` style="fill:${playerColours(view, look, owner).ink}"`;
    out.push(`<text class="seeds${owner === undefined ? ' loose' : ''}" x="${c.x}" y="${c.y}"${ink}>${n}</text>`);
  }
  out.push('</g>');
  return out.join('');
}

/** A store spans the board's rows: its middle, between the top and bottom rows. @param {Cell[]} cells */
function storeY(cells) {
  const ys = cells.map((k) => k.y);
  return (Math.min(...ys) + Math.max(...ys)) / 2;
}

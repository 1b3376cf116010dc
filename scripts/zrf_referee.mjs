// zrf_referee.mjs — a referee for dagaz's Zillions (.zrf) support: runs the Dagaz JavaScript engine (DagazProject, MIT) on a corpus game under Node; it reads the corpus scripts (/work/shared/zrf or wherever the .zrf lies) at run time and contains none of their code.
//
// Usage (from the repository root):
//   node scripts/zrf_referee.mjs PATH/TO/FOLDER/zrf/NAME.zrf [--moves "m1 m2 ..."] [--perft N]
//                                [--selector K] [--seed S] [--budget SECONDS] [--json]
//
// The game's page FOLDER/NAME.htm (beside the zrf/ folder) lists in its <script src> lines the scripts
// the game needs; those present in the corpus (display, sound and AI scripts were removed) are loaded in
// page order into one vm context with stub browser globals. The design is then built and the initial board
// set up as the page's app does (Dagaz.Model.InitGame(), getInitBoard(), board.setup(view, true)).
//
// A position's moves follow the engine's AI (Dagaz.AI.generate): board.generate(design) (rule extensions
// and invariants run inside it, add-partial continuations are composed into one move), then
// Dagaz.Model.Determinate (one move per promotion choice), then Dagaz.Model.PostProcessing if a script
// defines it. Perft does not expand a position where board.checkGoals(design, previous player) reports an
// end (the app's test after each move); `game ends` counts those positions per ply. `distinct` counts
// a position's moves with identical actions once (the engine lists some moves twice), over the whole tree.
//
// Output without --perft: the legal moves, one a line, sorted, each as `ENGINE<TAB>FROM-TO`, where ENGINE is
// move.toString() of the Dagaz engine ("e2 - e4", "x d4", "White Pawn e4", "Pass") and FROM-TO is the same
// move with the board's position names: `e2-e4`, `x e4-d5` (lands on an enemy piece), `c3-e5 x d4`
// (removes pieces elsewhere), `Pawn@e4` (drop), `e7-e8=Queen` (the piece changes type), `pass`.
// --moves plays moves first, each matched by either notation (white space ignored), separated by
// spaces or commas. Diagnostics go to standard error.

import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

function usage(msg) {
  if (msg) process.stderr.write(`error: ${msg}\n`);
  process.stderr.write(
    'usage: node scripts/zrf_referee.mjs PATH/TO/NAME.zrf [--moves "m1 m2 ..."] [--perft N] ' +
      "[--selector K] [--seed S] [--budget SECONDS] [--json]\n",
  );
  process.exit(2);
}

// ---------------------------------------------------------------- arguments
const args = process.argv.slice(2);
let zrfPath = null;
let movesArg = null;
let perftDepth = 0;
let selector = null;
let seed = 1;
let budget = 0;
let asJson = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--moves") movesArg = args[++i] ?? usage("--moves needs a value");
  else if (a === "--perft") perftDepth = +(args[++i] ?? usage("--perft needs a depth"));
  else if (a === "--selector") selector = +(args[++i] ?? usage("--selector needs a number"));
  else if (a === "--seed") seed = +(args[++i] ?? usage("--seed needs a number"));
  else if (a === "--budget") budget = +(args[++i] ?? usage("--budget needs seconds"));
  else if (a === "--json") asJson = true;
  else if (a === "-h" || a === "--help") usage();
  else if (a.startsWith("--")) usage(`unknown option ${a}`);
  else if (zrfPath === null) zrfPath = a;
  else usage(`unexpected argument ${a}`);
}
if (zrfPath === null) usage("no .zrf file given");
if (!Number.isInteger(perftDepth) || perftDepth < 0) usage("--perft takes a whole number");

// ---------------------------------------------------------------- the page and its scripts
const zrfAbs = path.resolve(zrfPath);
const name = path.basename(zrfAbs).replace(/\.zrf$/i, "");
const zrfDir = path.dirname(zrfAbs);
if (path.basename(zrfDir) !== "zrf") usage(`${zrfPath} is not in a zrf/ folder (FOLDER/zrf/NAME.zrf)`);
const folder = path.dirname(zrfDir);
const generated = `scripts/${name}.js`;

function scriptsOf(page) {
  const html = fs.readFileSync(page, "utf8");
  const re = /<script[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi;
  const out = [];
  let m;
  while ((m = re.exec(html)) !== null) out.push(m[1]);
  return out;
}

function findPage() {
  const own = path.join(folder, `${name}.htm`);
  const loadsGenerated = (p) => scriptsOf(p).some((s) => s.replace(/^\.\//, "") === generated);
  if (fs.existsSync(own)) return own;
  // No page of the same name: any page of the folder that loads the generated script.
  const others = fs
    .readdirSync(folder)
    .filter((f) => /\.html?$/i.test(f))
    .map((f) => path.join(folder, f))
    .filter(loadsGenerated)
    .sort((a, b) => a.length - b.length || a.localeCompare(b));
  if (others.length > 0) return others[0];
  process.stderr.write(`error: no page ${path.relative(process.cwd(), own)} and no page of the folder loads ${generated}\n`);
  process.exit(2);
}

const page = findPage();
const srcs = scriptsOf(page);
const loaded = [];
const missing = [];
const plan = []; // page order: { src, file } to load, or { absent: NAME } of a script the corpus left out
for (const s of srcs) {
  const p = path.resolve(folder, s);
  if (/analytics\.js$/.test(s)) continue; // Google Analytics snippet: nothing of the game
  if (fs.existsSync(p)) {
    loaded.push({ src: s, file: p });
    plan.push({ src: s, file: p });
  } else {
    missing.push(s);
    plan.push({ absent: path.basename(s).replace(/\.js$/i, "") });
  }
}
// The converted script: scripts/NAME.js, or the page's script that defines the design (a page may load
// the converted script of a sibling file: terrace-board.htm loads scripts/terrace.js).
const isGenerated = (l) => /Dagaz\.Model\.BuildDesign\s*=/.test(fs.readFileSync(l.file, "utf8"));
if (!loaded.some((l) => l.src.replace(/^\.\//, "") === generated)) {
  const other = loaded.find((l) => /^(\.\/)?scripts\//.test(l.src) && isGenerated(l));
  if (!other) {
    process.stderr.write(`error: page ${path.relative(process.cwd(), page)} loads no (present) generated script\n`);
    process.exit(2);
  }
  process.stderr.write(`# note: the page loads ${other.src}, not ${generated}\n`);
}

// ---------------------------------------------------------------- stub browser globals
// A do-anything object: every property is another such object, calling one returns one.
function makeAnything(label) {
  const f = function () {};
  f.__props = Object.create(null);
  return new Proxy(f, {
    get(t, prop) {
      if (prop === Symbol.toPrimitive) return () => "";
      if (prop === "toString" || prop === "valueOf") return () => "";
      if (prop === Symbol.iterator || prop === "then") return undefined;
      if (prop === "length") return 0;
      if (prop === "__props") return t.__props;
      if (!(prop in t.__props)) t.__props[prop] = makeAnything(`${label}.${String(prop)}`);
      return t.__props[prop];
    },
    set(t, prop, v) {
      t.__props[prop] = v;
      return true;
    },
    has(t, prop) {
      return prop in t.__props;
    },
    apply() {
      return makeAnything(`${label}()`);
    },
    construct() {
      return makeAnything(`new ${label}`);
    },
  });
}

// A seeded generator replaces Math.random, so a random setup (or a dice script) is reproducible.
function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pagePath = "/" + path.relative(path.dirname(folder), page).split(path.sep).join("/");
const search = selector !== null ? `?selector=${selector}` : "";
const storage = new Map();
const sandbox = {
  console: {
    log() {},
    info() {},
    debug() {},
    warn: (...a) => process.stderr.write(`[page warn] ${a.join(" ")}\n`),
    error: (...a) => process.stderr.write(`[page error] ${a.join(" ")}\n`),
  },
  location: {
    search,
    pathname: pagePath,
    href: `http://localhost${pagePath}${search}`,
    hash: "",
    host: "localhost",
    hostname: "localhost",
    protocol: "http:",
    toString() {
      return this.href;
    },
  },
  localStorage: {
    getItem: (k) => (storage.has(k) ? storage.get(k) : null),
    setItem: (k, v) => storage.set(k, String(v)),
    removeItem: (k) => storage.delete(k),
    clear: () => storage.clear(),
  },
  navigator: { userAgent: "node", language: "en" },
  alert() {},
  confirm: () => true,
  prompt: () => null,
  setTimeout: () => 0,
  clearTimeout() {},
  setInterval: () => 0,
  clearInterval() {},
  requestAnimationFrame: () => 0,
  addEventListener() {},
  removeEventListener() {},
  Image: function () {
    return makeAnything("Image");
  },
  Audio: function () {
    return makeAnything("Audio");
  },
  document: makeAnything("document"),
  Canvas: makeAnything("Canvas"),
};
sandbox.window = sandbox;
sandbox.self = sandbox;
const context = vm.createContext(sandbox);
{
  const rand = mulberry32(seed);
  const setRandom = vm.runInContext(
    `(function(r){ Math.random = r; Math.seedrandom = function(s){ var x = (+s)|0; Math.random = r.reseed(x); return String(s); }; })`,
    context,
  );
  rand.reseed = (x) => {
    const g = mulberry32(x);
    g.reseed = rand.reseed;
    return g;
  };
  setRandom(rand);
}

// A left-out (display, sound, AI) script takes the design's `checkVersion` of its own name (the view's
// `mancala-view`, say), so that the model does not mark the design failed for a name nobody claims: in its
// place in page order, a wrapper claims that name.
const claimName = vm.runInContext(
  `(function(name){
     if (typeof Dagaz === "undefined" || !Dagaz.Model || !Dagaz.Model.checkVersion) return;
     var next = Dagaz.Model.checkVersion;
     Dagaz.Model.checkVersion = function(design, n, value, selector) {
       if (n == name) return;
       return next.apply(this, arguments);
     };
   })`,
  context,
);
// What the left-out sound manager and view would define and rule scripts call while they load.
const stubControllers = vm.runInContext(
  `(function(){
     if (typeof Dagaz === "undefined" || !Dagaz.Controller) return;
     if (!Dagaz.Controller.addSound) Dagaz.Controller.addSound = function() {};
     if (!Dagaz.Sounds) Dagaz.Sounds = {};
   })`,
  context,
);
for (const step of plan) {
  stubControllers();
  if (step.absent) {
    claimName(step.absent);
    continue;
  }
  const { src, file } = step;
  try {
    vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
  } catch (e) {
    process.stderr.write(`error: loading ${src}: ${e && e.stack ? e.stack.split("\n").slice(0, 3).join(" | ") : e}\n`);
    process.exit(2);
  }
}

const Dagaz = vm.runInContext("Dagaz", context);
const _ = vm.runInContext("_", context);

// ---------------------------------------------------------------- the design and the initial board
let design;
let board;
try {
  Dagaz.Model.InitGame();
  design = Dagaz.Model.getDesign();
  board = Dagaz.Model.getInitBoard();
  // What the page's view does when it starts: board.setup(view, true) runs Dagaz.Model.setup(board).
  const view = makeAnything("view");
  board.setup(view, true);
  board = Dagaz.Model.getInitBoard();
  Dagaz.Model.Done(design, board);
} catch (e) {
  process.stderr.write(`error: building the design: ${e && e.stack ? e.stack.split("\n").slice(0, 4).join(" | ") : e}\n`);
  process.exit(2);
}
if (design.failed) process.stderr.write("warning: the design reports failed (a name in a setup or reserve is unknown)\n");

process.stderr.write(
  `# page ${path.relative(process.cwd(), page)}; loaded: ${loaded.map((l) => l.src).join(" ")}` +
    (missing.length ? `; absent (display/AI): ${missing.length}` : "") +
    "\n",
);

// ---------------------------------------------------------------- moves of a position
const GEN = Symbol("refereeMoves");
function movesOf(b) {
  if (b[GEN]) return b[GEN];
  b.generate(design);
  let moves = Dagaz.Model.Determinate(b.moves);
  b.moves = moves;
  if (!_.isUndefined(Dagaz.Model.PostProcessing)) {
    Dagaz.Model.PostProcessing(b, b.moves);
  }
  moves = b.moves;
  b[GEN] = moves;
  return moves;
}

const posName = (p) => Dagaz.Model.posToString(p, design);
const pieceName = (piece) => {
  if (piece === null || piece === undefined) return "?";
  const n = design.pieceNames[piece.type];
  return n === undefined ? String(piece) : n;
};

function engineString(move) {
  try {
    return move.toString();
  } catch (e) {
    return "?";
  }
}

function fromTo(b, move) {
  const acts = move.actions || [];
  if (acts.length === 0) return "pass";
  const segs = [];
  let cur = null;
  let last = null;
  const landings = new Set();
  let capturesOnLanding = false;
  const drops = [];
  const changes = [];
  const captures = [];
  const mover = (p) => b.getPiece(p);
  for (const a of acts) {
    const [f, t, pc] = a;
    if (f !== null && t !== null) {
      const from = f[0];
      const to = t[0];
      if (from === to) {
        if (pc !== null && pc[0]) {
          const old = mover(from);
          if (!old || old.type !== pc[0].type || old.player !== pc[0].player) {
            changes.push(`${posName(from)}=${pieceName(pc[0])}${old && old.player !== pc[0].player ? "'" : ""}`);
          }
        }
        continue;
      }
      if (cur === null || last !== from) {
        cur = [posName(from)];
        cur.start = from;
        segs.push(cur);
      }
      cur.push(posName(to));
      last = to;
      if (!landings.has(to)) {
        const there = mover(to);
        const moving = mover(from);
        if (there !== null && (moving === null || there.player !== moving.player)) capturesOnLanding = true;
      }
      landings.add(to);
      if (pc !== null && pc[0]) {
        const old = mover(cur.start);
        if (old && old.type !== pc[0].type) cur.promo = pieceName(pc[0]);
      }
    } else if (f === null && t !== null) {
      if (pc !== null && pc[0]) drops.push(`${pieceName(pc[0])}@${posName(t[0])}`);
      else drops.push(`@${posName(t[0])}`);
    } else if (f !== null && t === null) {
      captures.push(f[0]);
    }
  }
  const parts = [];
  for (const s of segs) parts.push(s.join("-") + (s.promo ? `=${s.promo}` : ""));
  parts.push(...drops, ...changes);
  let out = parts.join(" ");
  const offPath = captures.filter((p) => !landings.has(p));
  if (offPath.length) out += (out ? " " : "") + offPath.map((p) => `x ${posName(p)}`).join(" ");
  if (capturesOnLanding || (captures.length && segs.length && offPath.length < captures.length)) out = `x ${out}`;
  return out || engineString(move);
}

// ---------------------------------------------------------------- --moves
const norm = (s) => s.replace(/\s+/g, "").toLowerCase();

function playMoves(b, text) {
  const tokens = text.includes(",") || text.includes(";")
    ? text.split(/[,;]/).map((s) => s.trim()).filter(Boolean)
    : text.split(/\s+/).filter(Boolean);
  let i = 0;
  let n = 0;
  while (i < tokens.length) {
    const moves = movesOf(b);
    const table = new Map();
    for (const m of moves) {
      for (const k of [norm(engineString(m)), norm(fromTo(b, m))]) {
        if (!table.has(k)) table.set(k, []);
        if (!table.get(k).includes(m)) table.get(k).push(m);
      }
    }
    let found = null;
    let used = 0;
    for (let k = Math.min(tokens.length - i, 12); k >= 1; k--) {
      const key = norm(tokens.slice(i, i + k).join(""));
      if (table.has(key)) {
        found = table.get(key);
        used = k;
        break;
      }
    }
    if (found === null) {
      process.stderr.write(`error: move ${n + 1} \`${tokens[i]}\` is not legal here; the moves are:\n`);
      for (const l of moves.map((m) => `  ${engineString(m)}\t${fromTo(b, m)}`).sort()) process.stderr.write(l + "\n");
      process.exit(2);
    }
    if (found.length > 1) {
      const effects = new Set(found.map((m) => stateKey(b.apply(m))));
      if (effects.size > 1) {
        process.stderr.write(
          `warning: \`${tokens.slice(i, i + used).join(" ")}\` names ${found.length} moves of different effect; playing the first (${fromTo(b, found[0])})\n`,
        );
      }
    }
    const parent = b;
    b = b.apply(found[0]);
    n++;
    i += used;
    const g = b.checkGoals(design, parent.player);
    if (g !== null && g !== undefined) {
      const r = _.isObject(g) ? g.result : g;
      process.stderr.write(`# after move ${n} the game is over (checkGoals for ${design.playerNames[parent.player]}: ${r})\n`);
    }
  }
  return b;
}

// ---------------------------------------------------------------- position key (distinct moves)
function stateKey(b) {
  const ps = [];
  for (const k of Object.keys(b.pieces)) {
    const p = b.pieces[k];
    if (p === null || p === undefined) continue;
    let s = `${k}:${p.type}:${p.player}`;
    if (p.values) s += ":" + JSON.stringify(p.values);
    ps.push(s);
  }
  let r = `${b.turn}|${b.player}|${ps.join(",")}`;
  if (b.reserve) {
    const rs = [];
    for (const t of Object.keys(b.reserve)) {
      const row = b.reserve[t];
      if (!row) continue;
      for (const o of Object.keys(row)) rs.push(`${t}/${o}=${row[o]}`);
    }
    r += "|" + rs.join(",");
  }
  if (b.values) {
    const vs = Object.keys(b.values).map((k) => `${k}=${JSON.stringify(b.values[k])}`);
    r += "|" + vs.join(",");
  }
  return r;
}

// Moves the engine lists twice: the same actions (positions, pieces, parts) in the same order.
function actionsKey(m) {
  const list = (l) => (l === null || l === undefined ? "-" : l.map((x) => (x !== null && typeof x === "object" ? `${x.type}:${x.player}:${JSON.stringify(x.values ?? null)}` : String(x))).join("/"));
  return (m.actions || []).map((a) => `${list(a[0])}>${list(a[1])}>${list(a[2])}>${a[3]}`).join(";");
}

// ---------------------------------------------------------------- perft
function perft(root, depth) {
  const counts = new Array(depth).fill(0);
  const distinct = new Array(depth).fill(0);
  const ends = new Array(Math.max(depth - 1, 0)).fill(0);
  const deadline = budget > 0 ? Date.now() + budget * 1000 : Infinity;
  let stopped = null;
  let completed = 0;
  // Depth by depth would repeat work; one DFS fills every depth, but a budget then leaves all depths
  // partial, so with a budget the depths are done one after the other and the last partial one dropped.
  function walk(b, ply, maxDepth, only) {
    if (Date.now() > deadline) throw new Error("budget");
    const moves = movesOf(b);
    if (only === undefined || only === ply) {
      counts[ply] += moves.length;
      distinct[ply] += new Set(moves.map(actionsKey)).size;
    }
    if (ply + 1 >= maxDepth) return;
    for (const m of moves) {
      const child = b.apply(m);
      const g = child.checkGoals(design, b.player);
      if (g !== null && g !== undefined) {
        if (only === undefined || only === ply + 1) ends[ply]++;
        continue;
      }
      walk(child, ply + 1, maxDepth, only);
      delete child[GEN];
      delete child.moves;
    }
  }
  try {
    if (budget > 0) {
      for (let d = 1; d <= depth; d++) {
        walk(root, 0, d, d - 1);
        completed = d;
      }
    } else {
      walk(root, 0, depth, undefined);
      completed = depth;
    }
  } catch (e) {
    if (e && e.message === "budget") stopped = `budget ${budget}s hit during depth ${completed + 1}`;
    else throw e;
  }
  return {
    counts: counts.slice(0, completed),
    distinct_counts: distinct.slice(0, completed),
    game_ends: ends.slice(0, Math.max(completed - 1, 0)),
    stopped,
  };
}

// ---------------------------------------------------------------- main
let pos = board;
if (movesArg !== null && movesArg.trim() !== "") pos = playMoves(pos, movesArg);

if (perftDepth > 0) {
  const r = perft(pos, perftDepth);
  if (asJson) {
    const out = { zrf: path.relative(path.dirname(folder), zrfAbs).split(path.sep).join("/"), ...r };
    if (!r.stopped) delete out.stopped;
    process.stdout.write(JSON.stringify(out) + "\n");
  } else {
    r.counts.forEach((c, i) => {
      let line = `perft ${i + 1} ${c}`;
      if (r.distinct_counts[i] !== c) line += ` (distinct ${r.distinct_counts[i]})`;
      if (i > 0 && r.game_ends[i - 1]) line += ` (${r.game_ends[i - 1]} positions at ply ${i} end the game)`;
      process.stdout.write(line + "\n");
    });
    if (r.stopped) process.stdout.write(`# stopped: ${r.stopped}\n`);
  }
} else {
  const moves = movesOf(pos);
  const lines = moves.map((m) => `${engineString(m)}\t${fromTo(pos, m)}`);
  lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (asJson) {
    process.stdout.write(
      JSON.stringify({
        player: design.playerNames[pos.player],
        moves: moves.map((m) => ({ engine: engineString(m), from_to: fromTo(pos, m) })),
      }) + "\n",
    );
  } else {
    process.stderr.write(`# ${design.playerNames[pos.player]} to move, ${moves.length} moves\n`);
    for (const l of lines) process.stdout.write(l + "\n");
  }
}

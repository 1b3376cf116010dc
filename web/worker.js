// The module worker that owns the engine: the wasm `Session`s live here so a search never
// freezes the page. Messages `{id, op, args}` are answered `{id, result}` or `{id, error}`.
//
// Two sessions: `game` (the board being played) and `preview` (the gallery's start pictures),
// so drawing the gallery never disturbs a game in progress.

import init, { Session } from './pkg/dagaz_web.js';
import { renderBoard } from './board.js';

/** @type {Promise<void>} */
const ready = init();

/** Game files by name, each fetched once: what `(include "NAME")` reads. */
/** @type {Map<string, Promise<string>>} */
const files = new Map();

/** @type {{game: Session|null, preview: Session|null}} */
const sessions = { game: null, preview: null };
/** The files each session has been given, so each is added once. */
const given = { game: new Set(), preview: new Set() };

/** @param {'game'|'preview'} which */
function session(which) {
  let s = sessions[which];
  if (!s) { s = new Session(); sessions[which] = s; }
  return s;
}

/** @param {string} name @returns {Promise<string>} */
function fetchFile(name) {
  let p = files.get(name);
  if (!p) {
    // A library file is named with its folder (`lib/moves.game`): each part is encoded, the
    // slash kept.
    const url = `games/${name.split('/').map(encodeURIComponent).join('/')}`;
    p = fetch(url).then((res) => {
      if (!res.ok) throw new Error(`games/${name}: ${res.status} ${res.statusText}`);
      return res.text();
    });
    // A failed fetch is not kept: a later call tries again.
    p.catch(() => files.delete(name));
    files.set(name, p);
  }
  return p;
}

/**
 * Loads a game's text, fetching and registering every file it includes (the session says
 * which are missing; an include may itself include, so this repeats until none is).
 * @param {'game'|'preview'} which @param {string} text
 */
async function load(which, text) {
  const s = session(which);
  for (let round = 0; round < 16; round++) {
    const r = JSON.parse(s.load(text));
    const missing = (r.missing || []).filter((/** @type {string} */ m) => !given[which].has(m));
    if (r.ok || missing.length === 0) return r;
    // Fetched together: a game with many includes waits for one round trip, not one each.
    let bodies;
    try {
      bodies = await Promise.all(missing.map(fetchFile));
    } catch (e) {
      // Not shipped: the load's own diagnostics say what is wrong; keep them.
      return r;
    }
    missing.forEach((name, k) => {
      s.addFile(name, bodies[k]);
      given[which].add(name);
    });
  }
  return JSON.parse(s.load(text));
}

/** Operations on the game session whose answer is the wasm's JSON. */
const gameOps = {
  view: (/** @type {Session} */ s) => s.view(),
  play: (s, i) => s.play(i),
  playText: (s, t) => s.playText(t),
  undo: (s) => s.undo(),
  redo: (s) => s.redo(),
  setFen: (s, f) => s.setFen(f),
  restart: (s) => s.restart(),
  search: (s, ms, nodes) => s.search(ms, nodes || 0),
  perft: (s, d) => JSON.stringify(s.perft(d)),
};

/**
 * @param {string} op @param {any[]} args
 */
async function handle(op, args) {
  await ready;
  switch (op) {
    case 'init':
      return true;
    case 'load': {
      const [text] = args;
      const r = await load('game', text);
      if (r.ok) r.view = JSON.parse(session('game').view());
      return r;
    }
    case 'prefetch': {
      // The gallery's files, all asked for at once, so the previews wait on none of them.
      for (const name of args[0] || []) fetchFile(name).catch(() => {});
      return true;
    }
    case 'addFile': {
      // An edited file that others include: later loads read the edited text.
      const [name, text] = args;
      files.set(name, Promise.resolve(text));
      for (const which of /** @type {const} */ (['game', 'preview'])) {
        if (sessions[which]) { session(which).addFile(name, text); given[which].add(name); }
      }
      return true;
    }
    case 'preview': {
      const [file] = args;
      const text = await fetchFile(file);
      const r = await load('preview', text);
      if (!r.ok) {
        const first = (r.diagnostics || []).find((/** @type {any} */ d) => d.severity === 'error');
        throw new Error(first ? `${first.line}:${first.col}: ${first.message}` : 'does not compile');
      }
      const view = JSON.parse(session('preview').view());
      return { title: view.title, svg: renderBoard(view, { labels: false, preview: true }) };
    }
    default: {
      const f = /** @type {any} */ (gameOps)[op];
      if (!f) throw new Error(`unknown operation ${op}`);
      return JSON.parse(f(session('game'), ...args));
    }
  }
}

// One message at a time: a load that waits for a fetch must not let a `play` meant for the
// game it is loading run against the old one.
/** @type {Promise<unknown>} */
let queue = Promise.resolve();

self.onmessage = (/** @type {MessageEvent} */ ev) => {
  const { id, op, args } = ev.data;
  queue = queue.then(async () => {
    try {
      const result = await handle(op, args || []);
      self.postMessage({ id, result });
    } catch (e) {
      self.postMessage({ id, error: String(e && /** @type {any} */ (e).message || e) });
    }
  });
};

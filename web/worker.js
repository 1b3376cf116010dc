// The module worker that owns the engine: the wasm `Session`s live here so a search never
// freezes the page. Messages `{id, op, args}` are answered `{id, result}` or `{id, error}`.
//
// One session: the game being played, which also compiles the gallery's previews (`preview`
// draws a game's start without loading it), so every file is fetched and registered once.

import init, { Session } from './pkg/dagaz_web.js';
import { renderBoard } from './board.js';

/** @type {Promise<void>} */
const ready = init();

/** Game files by name, each fetched once: what `(include "NAME")` reads. */
/** @type {Map<string, Promise<string>>} */
const files = new Map();

/** @type {Session|null} */
let theSession = null;
/** The files the session has been given, so each is added once. */
const given = new Set();

function session() {
  if (!theSession) theSession = new Session();
  return theSession;
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
 * Registers the files a compile found missing, fetched together (a game with many includes
 * waits for one round trip, not one each); false when one is not shipped or was given already.
 * @param {string[]} missing @returns {Promise<boolean>}
 */
async function give(missing) {
  const wanted = missing.filter((m) => !given.has(m));
  if (wanted.length === 0) return false;
  let bodies;
  try {
    bodies = await Promise.all(wanted.map(fetchFile));
  } catch (e) {
    return false;
  }
  wanted.forEach((name, k) => {
    session().addFile(name, bodies[k]);
    given.add(name);
  });
  return true;
}

/** What `(include "NAME")` looks like: read from the text, ahead of the compile. */
const INCLUDE = /\(include\s+"([^"]+)"/g;

/**
 * The files a text includes, and those they include, all fetched: read from the text rather
 * than asked for by one compile after another, so a game's includes arrive in one round trip
 * per level and none waits for the engine. A file that fails to fetch (or a match in a
 * comment) is left out: the compile still says what is missing.
 * @param {string} text @param {Set<string>} seen @returns {Promise<string[]>}
 */
async function included(text, seen = new Set()) {
  const names = [...new Set([...text.matchAll(INCLUDE)].map((m) => m[1]))].filter((n) => !seen.has(n));
  names.forEach((n) => seen.add(n));
  const bodies = await Promise.all(names.map((n) => fetchFile(n).catch(() => null)));
  const deeper = await Promise.all(bodies.map((b) => (b === null ? [] : included(b, seen))));
  return names.filter((_, k) => bodies[k] !== null).concat(deeper.flat());
}

/** Registers every file `text` includes, fetched as `included` finds them. @param {string} text */
async function giveIncluded(text) {
  for (const name of await included(text)) {
    if (!given.has(name)) {
      session().addFile(name, await fetchFile(name));
      given.add(name);
    }
  }
}

/**
 * Loads a game's text, fetching and registering every file it includes (the session says
 * which are missing; an include may itself include, so this repeats until none is).
 * @param {string} text
 */
async function load(text) {
  await giveIncluded(text);
  for (let round = 0; round < 16; round++) {
    const r = JSON.parse(session().load(text));
    // Not shipped: the load's own diagnostics say what is wrong; keep them.
    if (r.ok || !(await give(r.missing || []))) return r;
  }
  return JSON.parse(session().load(text));
}

/**
 * A game's start as the gallery draws it: compiled only (no lints, no legal moves), its
 * includes fetched as for a load.
 * @param {string} text
 */
async function preview(text) {
  await giveIncluded(text);
  for (let round = 0; round < 16; round++) {
    const r = JSON.parse(session().preview(text));
    if (!r.missing) return r;
    if (!(await give(r.missing))) return { error: `${r.missing.join(', ')}: not found` };
  }
  return { error: 'includes nested too deep' };
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
      const r = await load(text);
      if (r.ok) r.view = JSON.parse(session().view());
      return r;
    }
    case 'addFile': {
      // An edited file that others include: later loads read the edited text.
      const [name, text] = args;
      files.set(name, Promise.resolve(text));
      session().addFile(name, text);
      given.add(name);
      return true;
    }
    case 'preview': {
      // The page hands over the game's files it has fetched (each once for every lane); a
      // file given already (an edited one, say) is kept.
      const [file, handed] = args;
      for (const [name, text] of Object.entries(handed || {})) {
        if (!files.has(name)) files.set(name, Promise.resolve(text));
        if (!given.has(name)) { session().addFile(name, text); given.add(name); }
      }
      const view = await preview(await fetchFile(file));
      if (view.error) throw new Error(view.error);
      return { title: view.title, svg: renderBoard(view, { labels: false, preview: true }) };
    }
    default: {
      const f = /** @type {any} */ (gameOps)[op];
      if (!f) throw new Error(`unknown operation ${op}`);
      return JSON.parse(f(session(), ...args));
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

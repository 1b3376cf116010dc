// The page's side of the workers: each call is a promise of a worker's answer.
//
// One worker holds the game being played (and draws previews when it has nothing else to do);
// the gallery may spread its previews over more (`LANES`, one per core up to four), each its
// own worker with its own engine, so a screen of previews is drawn on every core.

let nextId = 1;
/** @type {Map<number, {resolve:(v:any)=>void, reject:(e:Error)=>void}>} */
const pending = new Map();
/** The ids each worker has yet to answer, so a worker that fails fails only its own calls. */
/** @type {Map<Worker, Set<number>>} */
const owed = new Map();

function spawn() {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  owed.set(worker, new Set());
  worker.onmessage = (ev) => {
    const { id, result, error } = ev.data;
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    owed.get(worker)?.delete(id);
    if (error !== undefined) p.reject(new Error(error));
    else p.resolve(result);
  };
  worker.onerror = (ev) => {
    // A worker that fails to start (no pkg/, an old browser) fails every call waiting on it.
    const e = new Error(ev.message || 'the engine worker failed to start');
    for (const id of owed.get(worker) || []) {
      pending.get(id)?.reject(e);
      pending.delete(id);
    }
    owed.get(worker)?.clear();
  };
  return worker;
}

const worker = spawn();

/** How many workers draw the gallery's previews at once: one per core, two to four. */
export const LANES = Math.max(2, Math.min(4, navigator.hardwareConcurrency || 2));
/** @type {Worker[]} The workers of lanes 1.. (lane 0 is the game's), made when first asked. */
const lanes = [];

/** @param {Worker} w @param {string} op @param {any[]} args @returns {Promise<any>} */
function send(w, op, args) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    owed.get(w)?.add(id);
    w.postMessage({ id, op, args });
  });
}

/**
 * @param {string} op @param {...any} args
 * @returns {Promise<any>}
 */
export function call(op, ...args) {
  return send(worker, op, args);
}

/**
 * A call on lane `k` of the gallery: lane 0 is the game's worker, the others workers of their
 * own (made on the first call).
 * @param {number} k @param {string} op @param {...any} args
 * @returns {Promise<any>}
 */
export function callLane(k, op, ...args) {
  if (k <= 0) return send(worker, op, args);
  while (lanes.length < k) lanes.push(spawn());
  return send(lanes[k - 1], op, args);
}

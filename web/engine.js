// The page's side of the worker: each call is a promise of the worker's answer.

let nextId = 1;
/** @type {Map<number, {resolve:(v:any)=>void, reject:(e:Error)=>void}>} */
const pending = new Map();

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

worker.onmessage = (ev) => {
  const { id, result, error } = ev.data;
  const p = pending.get(id);
  if (!p) return;
  pending.delete(id);
  if (error !== undefined) p.reject(new Error(error));
  else p.resolve(result);
};

worker.onerror = (ev) => {
  // A worker that fails to start (no pkg/, an old browser) fails every call waiting on it.
  const e = new Error(ev.message || 'the engine worker failed to start');
  for (const p of pending.values()) p.reject(e);
  pending.clear();
};

/**
 * @param {string} op @param {...any} args
 * @returns {Promise<any>}
 */
export function call(op, ...args) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, op, args });
  });
}

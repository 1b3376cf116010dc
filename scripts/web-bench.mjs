#!/usr/bin/env node
// Perft speed of the wasm build under Node, to set beside the native `dagaz perft`: the
// issue asks the wasm build for at least half the native speed on chess perft(4).
//
//   node scripts/web-bench.mjs [PKG_DIR] [DEPTH] [GAME]
//
// PKG_DIR is wasm-bindgen's `--target web` output (default target/web/pkg, which `cargo xtask
// web` writes); DEPTH defaults to 4 and GAME to games/chess.game. The module is instantiated
// with `initSync` from the file's bytes, then `Session.perft(DEPTH)` is timed (every leaf
// played, as `dagaz perft` without --bulk), best of three runs, in wall-clock time and in CPU
// time (the process's user and system time, which a busy machine disturbs less; compare it with
// `/usr/bin/time -f %U` of the native command).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(import.meta.url), '..', '..');
const pkg = resolve(process.argv[2] ?? resolve(repo, 'target/web/pkg'));
const depth = Number(process.argv[3] ?? 4);
const game = resolve(process.argv[4] ?? resolve(repo, 'games/chess.game'));

const wasm = await import(pathToFileURL(resolve(pkg, 'dagaz_web.js')).href);
const bytes = readFileSync(resolve(pkg, 'dagaz_web_bg.wasm'));
wasm.initSync({ module: bytes });

const session = new wasm.Session();
const loaded = JSON.parse(session.load(readFileSync(game, 'utf8')));
if (!loaded.ok) {
  console.error(`cannot load ${game}:`, JSON.stringify(loaded.diagnostics));
  process.exit(2);
}

let best = Infinity;
let bestCpu = Infinity;
let nodes = 0;
for (let run = 0; run < 3; run++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  nodes = session.perft(depth);
  best = Math.min(best, performance.now() - start);
  const used = process.cpuUsage(cpu);
  bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
}
const rate = (ms) => Math.round(nodes / (ms / 1000)).toLocaleString('en');
console.log(
  `wasm perft(${depth}) ${game.split('/').pop()}: ${nodes} nodes; ` +
    `${(best / 1000).toFixed(3)} s wall (${rate(best)} nodes/s), ` +
    `${(bestCpu / 1000).toFixed(3)} s CPU (${rate(bestCpu)} nodes/s); ${bytes.length} bytes of wasm`,
);

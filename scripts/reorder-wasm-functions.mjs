// Trunk's post_build hook (Trunk.toml): orders the app's wasm functions so
// that each one follows functions whose code it repeats, which is what
// gzip can use: it finds a repeat only within the last 32 KB.
// wasm-opt's `--reorder-functions-by-name` (index.html) already puts the
// copies of one generic function side by side; this goes further and
// chains every function after the ones most like it, whatever their
// names: about 11 KB of the gzipped wasm (README, Performance: Size).
//
// The order: starting from one function, the next is always the
// function that shares the largest part of its 6-byte substrings with the
// last 32 KB of code already placed, those in the last 4 KB counted twice
// (ties: the earliest in wasm-opt's order by name, so similar names still
// stay together). Substrings found in more than 30 functions are left out
// of the count: gzip finds those anywhere. The chain is built from 24
// first functions spread evenly over wasm-opt's order, and the module
// that gzips smallest is kept (the first function moves the page's gzip
// size by up to 1 KB, with no rule to foresee it). The result depends
// only on the wasm's bytes, so the build stays reproducible.
//
// Only the order changes: the function section and code bodies are
// permuted and every function index (calls, `ref.func`, the element
// segments, exports, the start function) is renumbered; the table's slots,
// and so what JavaScript calls, stay as they were. A module with custom
// sections other than `producers` and `target_features` (a debug build's
// names and DWARF, which refer to functions by index and code offset) is
// left as it is. An instruction this reader does not know (a wasm feature
// the build does not use today) fails the build rather than give a broken
// page. scripts/build-js-api.sh orders the JavaScript API package's wasm
// the same way.
//
//   node scripts/reorder-wasm-functions.mjs [FILE.wasm]
//   (default: ssa-web_bg.wasm in $TRUNK_STAGING_DIR, as a Trunk hook)

import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { readSections, readUleb, skipImportDescription, uleb, writeSections } from './wasm-binary.mjs';

const wasmPath =
  process.argv[2] ??
  (process.env.TRUNK_STAGING_DIR && join(process.env.TRUNK_STAGING_DIR, 'ssa-web_bg.wasm'));
if (!wasmPath) {
  throw new Error('usage: reorder-wasm-functions.mjs FILE.wasm (or run as a Trunk hook)');
}

/** Substring length, gzip's window, the nearer part of it whose
 * substrings count twice (a nearer repeat is a shorter distance code),
 * and the most functions a substring may appear in and still count
 * (chosen on two builds, against other values; README, Performance:
 * Size). */
const SHINGLE = 6;
const WINDOW = 32768;
const NEAR = 4096;
const COMMON = 30;
/** How many first functions the chain is tried from (see the end;
 * `REORDER_STARTS` overrides it: 1 takes the first function only). */
const STARTS = Number(process.env.REORDER_STARTS ?? 24);

/** Skips a signed LEB128 integer (any width) at `at`. */
function skipLeb(bytes, at) {
  while (bytes[at++] & 0x80);
  return at;
}

/** Appends `bytes` to `out` (no spread: a body can be tens of KB). */
function append(out, bytes) {
  for (const byte of bytes) out.push(byte);
}

/** Value types without the GC proposal's reference types (one byte). */
const VALUE_TYPES = new Set([0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f]);

/**
 * Copies the instructions of `bytes` from `at` with every function index
 * renumbered by `renumber`, into `out`; stops after the `end` that closes
 * the expression (`untilEnd`) or at the end of `bytes`. Returns the offset
 * after what was read.
 */
function copyCode(bytes, at, renumber, out, untilEnd) {
  let copied = at;
  let depth = 0;
  const replaceIndex = () => {
    append(out, bytes.subarray(copied, at));
    const [index, next] = readUleb(bytes, at);
    out.push(...uleb(renumber(index)));
    at = copied = next;
  };
  const memarg = () => {
    let align;
    [align, at] = readUleb(bytes, at);
    if (align & 0x40) [, at] = readUleb(bytes, at); // memory index
    [, at] = readUleb(bytes, at); // offset
  };
  const uleb_ = (count = 1) => {
    for (let i = 0; i < count; i++) [, at] = readUleb(bytes, at);
  };
  while (at < bytes.length) {
    const op = bytes[at++];
    if (op === 0x02 || op === 0x03 || op === 0x04) {
      // block, loop, if: empty, one value type, or a type index
      const type = bytes[at];
      at = type === 0x40 || VALUE_TYPES.has(type) ? at + 1 : skipLeb(bytes, at);
      depth++;
    } else if (op === 0x0b) {
      if (depth-- === 0 && untilEnd) break;
    } else if (op === 0x00 || op === 0x01 || op === 0x05 || op === 0x0f || op === 0x1a || op === 0x1b) {
      // unreachable, nop, else, return, drop, select
    } else if (op === 0x0c || op === 0x0d) {
      uleb_(); // br, br_if
    } else if (op === 0x0e) {
      let count;
      [count, at] = readUleb(bytes, at);
      uleb_(count + 1); // br_table
    } else if (op === 0x10 || op === 0x12 || op === 0xd2) {
      replaceIndex(); // call, return_call, ref.func
    } else if (op === 0x11 || op === 0x13) {
      uleb_(2); // call_indirect, return_call_indirect: type, table
    } else if (op === 0x1c) {
      let count;
      [count, at] = readUleb(bytes, at);
      for (let i = 0; i < count; i++) {
        if (!VALUE_TYPES.has(bytes[at++])) throw new Error(`unknown value type at ${at - 1}`);
      }
    } else if (op >= 0x20 && op <= 0x26) {
      uleb_(); // local.*, global.*, table.get, table.set
    } else if (op >= 0x28 && op <= 0x3e) {
      memarg(); // loads and stores
    } else if (op === 0x3f || op === 0x40) {
      uleb_(); // memory.size, memory.grow
    } else if (op === 0x41 || op === 0x42) {
      at = skipLeb(bytes, at); // i32.const, i64.const
    } else if (op === 0x43) {
      at += 4;
    } else if (op === 0x44) {
      at += 8;
    } else if ((op >= 0x45 && op <= 0xc4) || op === 0xd1) {
      // numeric operators (sign extension included), ref.is_null
    } else if (op === 0xd0) {
      at = skipLeb(bytes, at); // ref.null: heap type
    } else if (op === 0xfc) {
      let sub;
      [sub, at] = readUleb(bytes, at);
      if (sub <= 7) {
        // saturating truncations
      } else if (sub === 8 || sub === 10 || sub === 12 || sub === 14) {
        uleb_(2); // memory.init, memory.copy, table.init, table.copy
      } else if (sub === 9 || sub === 11 || sub === 13 || (sub >= 15 && sub <= 17)) {
        uleb_(); // data.drop, memory.fill, elem.drop, table.grow/size/fill
      } else {
        throw new Error(`unknown instruction 0xfc ${sub} at ${at}`);
      }
    } else {
      throw new Error(`unknown instruction 0x${op.toString(16)} at ${at - 1}`);
    }
  }
  append(out, bytes.subarray(copied, at));
  return at;
}

/** A vector of `count` items read by `item(at, out)`, rewritten. */
function copyVector(bytes, at, out, item) {
  let count;
  [count, at] = readUleb(bytes, at);
  out.push(...uleb(count));
  for (let i = 0; i < count; i++) at = item(at, out);
  return at;
}

/** How many of the imports are functions (they take the first indices). */
function countImportedFunctions(section) {
  let [count, at] = readUleb(section, 0);
  let functions = 0;
  while (count-- > 0) {
    for (let i = 0; i < 2; i++) {
      let length;
      [length, at] = readUleb(section, at);
      at += length;
    }
    const kind = section[at];
    if (kind === 0) functions++;
    at = skipImportDescription(section, kind, at + 1);
  }
  return functions;
}

/** The code section's bodies (each without its size). */
function readBodies(section) {
  let [count, at] = readUleb(section, 0);
  const bodies = [];
  while (count-- > 0) {
    let size;
    [size, at] = readUleb(section, at);
    bodies.push(section.subarray(at, at + size));
    at += size;
  }
  return bodies;
}

/** What the order is chosen from: each body's substrings that count,
 * who holds each, and the bodies' sizes (see the top). */
function likeness(bodies) {
  const n = bodies.length;
  // Each body's distinct substrings, as numbers (6 bytes fit exactly).
  const shingles = bodies.map((body) => {
    const set = new Set();
    for (let i = 0; i + SHINGLE <= body.length; i++) {
      let key = 0;
      for (let j = 0; j < SHINGLE; j++) key = key * 256 + body[i + j];
      set.add(key);
    }
    return set;
  });
  const holders = new Map();
  shingles.forEach((set, f) => {
    for (const key of set) {
      const list = holders.get(key);
      if (list) list.push(f);
      else holders.set(key, [f]);
    }
  });
  // The substrings that count, per body.
  const counted = shingles.map((set) => [...set].filter((key) => holders.get(key).length <= COMMON));
  const sizes = shingles.map((set) => Math.max(1, set.size));
  return { bodies, holders, counted, sizes };
}

/** The new order of the functions (indices into `bodies`), chained from
 * function `start`; see the top. */
function orderFrom({ bodies, holders, counted, sizes }, start) {
  const n = bodies.length;

  // The last `limit` bytes of code placed; shared[f]: how many of f's
  // counted substrings they hold.
  const lastBytes = (limit) => {
    const shared = new Float64Array(n);
    const times = new Map();
    const functions = [];
    let start = 0;
    let bytes = 0;
    const count = (f, change) => {
      for (const key of counted[f]) {
        const before = times.get(key) ?? 0;
        times.set(key, before + change);
        // The substring enters or leaves: its holders' counts change.
        if (before === 0 || before + change === 0) {
          for (const g of holders.get(key)) shared[g] += change;
        }
      }
    };
    const enter = (f) => {
      functions.push(f);
      bytes += bodies[f].length;
      count(f, 1);
      while (bytes > limit && functions.length - start > 1) {
        const old = functions[start++];
        bytes -= bodies[old].length;
        count(old, -1);
      }
    };
    return { shared, enter };
  };
  const far = lastBytes(WINDOW);
  const near = lastBytes(NEAR);

  const placed = new Uint8Array(n);
  const order = [];
  let next = start;
  for (;;) {
    order.push(next);
    placed[next] = 1;
    if (order.length === n) return order;
    far.enter(next);
    near.enter(next);
    let best = -1;
    let bestScore = -1;
    for (let f = 0; f < n; f++) {
      if (placed[f]) continue;
      const score = (far.shared[f] + near.shared[f]) / sizes[f];
      if (score > bestScore) {
        bestScore = score;
        best = f;
      }
    }
    next = best;
  }
}

const wasm = readFileSync(wasmPath);
const sections = readSections(wasm);
/** Custom sections that do not refer to functions. */
const UNRELATED = new Set(['producers', 'target_features']);
const customNames = sections
  .filter((s) => s.id === 0)
  .map((s) => {
    const [length, at] = readUleb(s.body, 0);
    return new TextDecoder().decode(s.body.subarray(at, at + length));
  });
const related = customNames.filter((name) => !UNRELATED.has(name));
if (related.length > 0) {
  console.log(`reorder-wasm-functions: ${wasmPath} has ${related.join(', ')} (a debug build): left as it is`);
  process.exit(0);
}
const importSection = sections.find((s) => s.id === 2);
const imported = importSection ? countImportedFunctions(importSection.body) : 0;
const codeSection = sections.find((s) => s.id === 10);
const bodies = codeSection ? readBodies(codeSection.body) : [];
if (bodies.length === 0) {
  console.log(`reorder-wasm-functions: ${wasmPath} has no functions: left as it is`);
  process.exit(0);
}
/** The module with its functions in `order`: every function index
 * renumbered (see the top). */
function rewrite(order) {
  const position = new Array(bodies.length);
  order.forEach((f, p) => (position[f] = p));
  const renumber = (index) => (index < imported ? index : imported + position[index - imported]);
  const constExpr = (bytes) => (at, out) => copyCode(bytes, at, renumber, out, true);

  const rewritten = sections.map((section) => {
    const bytes = section.body;
    const out = [];
    switch (section.id) {
      case 3: {
        // function section: each function's type index, in the new order
        const [, start] = readUleb(bytes, 0);
        const types = [];
        for (let at = start; at < bytes.length; ) {
          const from = at;
          [, at] = readUleb(bytes, at);
          types.push(bytes.subarray(from, at));
        }
        out.push(...uleb(types.length));
        for (const f of order) append(out, types[f]);
        break;
      }
      case 6: // globals: value type, mutability, initial value
        copyVector(bytes, 0, out, (at, out) => {
          out.push(bytes[at], bytes[at + 1]);
          return copyCode(bytes, at + 2, renumber, out, true);
        });
        break;
      case 7: // exports: name, kind, index
        copyVector(bytes, 0, out, (at, out) => {
          const [length, afterLength] = readUleb(bytes, at);
          const kindAt = afterLength + length;
          append(out, bytes.subarray(at, kindAt + 1));
          const [index, next] = readUleb(bytes, kindAt + 1);
          out.push(...uleb(bytes[kindAt] === 0 ? renumber(index) : index));
          return next;
        });
        break;
      case 8: // start function
        out.push(...uleb(renumber(readUleb(bytes, 0)[0])));
        break;
      case 9: // element segments
        copyVector(bytes, 0, out, (at, out) => {
          const [flags, afterFlags] = readUleb(bytes, at);
          out.push(...uleb(flags));
          at = afterFlags;
          if (flags & 2 && !(flags & 1)) {
            const [table, next] = readUleb(bytes, at); // explicit table index
            out.push(...uleb(table));
            at = next;
          }
          if (!(flags & 1)) at = copyCode(bytes, at, renumber, out, true); // offset
          if (flags & 3) out.push(bytes[at++]); // element kind or reference type
          if (flags & 4) return copyVector(bytes, at, out, constExpr(bytes));
          return copyVector(bytes, at, out, (at, out) => {
            const [index, next] = readUleb(bytes, at);
            out.push(...uleb(renumber(index)));
            return next;
          });
        });
        break;
      case 10: // code: the bodies in the new order, calls renumbered
        out.push(...uleb(order.length));
        for (const f of order) {
          const body = bodies[f];
          const rewritten = [];
          let at = 0;
          let groups;
          [groups, at] = readUleb(body, at);
          for (let i = 0; i < groups; i++) {
            [, at] = readUleb(body, at);
            if (!VALUE_TYPES.has(body[at++])) throw new Error(`unknown local type in function ${f}`);
          }
          append(rewritten, body.subarray(0, at));
          if (copyCode(body, at, renumber, rewritten, false) !== body.length) {
            throw new Error(`function ${f} does not end where its size says`);
          }
          out.push(...uleb(rewritten.length));
          append(out, rewritten);
        }
        break;
      default:
        return section; // unchanged
    }
    return { ...section, body: Uint8Array.from(out) };
  });
  return writeSections(wasm.subarray(0, 8), rewritten);
}

// The chain's first function changes the whole order, and gzip's size
// by up to 1 KB (of 410) from one to another, in no way a rule can
// foresee: the order is chained from STARTS functions spread evenly over
// wasm-opt's order, and the one that gzips smallest is kept (zlib's
// level 9, as `gzip -9`; 24 starts measured 0.2 KB better than 12, 48 no
// better than 24). It stays a function of the wasm's bytes only.
const chosen = likeness(bodies);
let best;
for (let i = 0; i < STARTS; i++) {
  const start = Math.floor((i * bodies.length) / STARTS);
  const candidate = rewrite(orderFrom(chosen, start));
  const size = gzipSync(candidate, { level: 9 }).length;
  if (!best || size < best.size) best = { candidate, size, start };
}
writeFileSync(wasmPath, best.candidate);
console.log(
  `reorder-wasm-functions: ${wasmPath}: ${bodies.length} functions ordered by likeness, from function ${best.start} (the smallest of ${STARTS} starts)`,
);

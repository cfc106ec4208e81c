// Trunk's post_build hook (Trunk.toml): gives the app's wasm imports short
// names, in the .wasm and in wasm-bindgen's JavaScript glue that provides
// them. wasm-bindgen names each import after the JavaScript it calls plus a
// hash (`__wbg_addEventListener_847fd86b8c33ec43`) under the module
// "./ssa-web_bg.js": 179 such names, whose hashes do not compress, cost
// 3.9 KB of the gzipped wasm. Now the module is "w" and the imports "a",
// "b", ... "aa", ...: the same functions, called the same way.
//
// Fails (and so fails the build) unless every import's name is found
// exactly once among the glue's import object's keys: a wasm-bindgen that
// writes its glue differently must not give a page that cannot start.
//
//   node scripts/minify-wasm-imports.mjs [DIR]   (default $TRUNK_STAGING_DIR)

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSections, readUleb, skipImportDescription, uleb, writeSections } from './wasm-binary.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  throw new Error('usage: minify-wasm-imports.mjs DIR (or run as a Trunk hook)');
}
const wasmPath = join(dir, 'ssa-web_bg.wasm');
const gluePath = join(dir, 'ssa-web.js');
const GLUE_MODULE = './ssa-web_bg.js';
const SHORT_MODULE = 'w';

/** A wasm name: its length, then its UTF-8 bytes. */
function name(text) {
  const bytes = [...Buffer.from(text, 'utf8')];
  return [...uleb(bytes.length), ...bytes];
}

/** The `n`th short name: a ... z, A ... Z, aa, ab, ... (JavaScript keys). */
function shortName(n) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let out = '';
  do {
    out = letters[n % letters.length] + out;
    n = Math.floor(n / letters.length) - 1;
  } while (n >= 0);
  return out;
}

/** The import section with the glue's imports renamed, and the renames. */
function renameImports(section) {
  const renames = new Map();
  let [count, at] = readUleb(section, 0);
  const out = [...uleb(count)];
  const decoder = new TextDecoder();
  while (count-- > 0) {
    let length;
    [length, at] = readUleb(section, at);
    const module = decoder.decode(section.subarray(at, at + length));
    at += length;
    [length, at] = readUleb(section, at);
    const field = decoder.decode(section.subarray(at, at + length));
    at += length;
    const start = at;
    at = skipImportDescription(section, section[at], at + 1);
    if (module === GLUE_MODULE) {
      const short = shortName(renames.size);
      renames.set(field, short);
      out.push(...name(SHORT_MODULE), ...name(short));
    } else {
      out.push(...name(module), ...name(field));
    }
    out.push(...section.subarray(start, at));
  }
  return [Uint8Array.from(out), renames];
}

const wasm = readFileSync(wasmPath);
const sections = readSections(wasm);
let renames = new Map();
for (const section of sections) {
  if (section.id === 2) [section.body, renames] = renameImports(section.body);
}

// The glue's import object: `const import0 = { NAME: function(...) {...},
// ... }`, handed to the instance as `"./ssa-web_bg.js": import0`.
let glue = readFileSync(gluePath, 'utf8');
const replaceOnce = (pattern, replacement, what) => {
  const found = glue.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
  if (found !== 1) {
    throw new Error(`${gluePath}: ${what} found ${found} times, expected once`);
  }
  glue = glue.replace(pattern, replacement);
};
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
for (const [field, short] of renames) {
  replaceOnce(new RegExp(`(?<=\\s)${escaped(field)}(?=: )`), short, `import key ${field}`);
}
replaceOnce(/"\.\/ssa-web_bg\.js": import0/, `"${SHORT_MODULE}": import0`, 'the import module');

writeFileSync(wasmPath, writeSections(wasm.subarray(0, 8), sections));
writeFileSync(gluePath, glue);
console.log(`minify-wasm-imports: ${renames.size} imports renamed`);

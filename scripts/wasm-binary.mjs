// The parts of the wasm binary format that the post-build scripts
// (minify-wasm-imports.mjs, reorder-wasm-functions.mjs) both read and
// write: LEB128 integers, the section list, an import's description.

/** Reads the unsigned LEB128 integer at `at`: [value, next offset]. */
export function readUleb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** The unsigned LEB128 bytes of `value`. */
export function uleb(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** The module's sections after its 8-byte header: `{ id, body }` each. */
export function readSections(wasm) {
  const sections = [];
  for (let at = 8; at < wasm.length; ) {
    const id = wasm[at];
    const [size, start] = readUleb(wasm, at + 1);
    sections.push({ id, body: wasm.subarray(start, start + size) });
    at = start + size;
  }
  return sections;
}

/** The module of `header` (its first 8 bytes) and `sections`. */
export function writeSections(header, sections) {
  const parts = [header];
  for (const { id, body } of sections) parts.push(Uint8Array.from([id, ...uleb(body.length)]), body);
  return Buffer.concat(parts);
}

/** Skips an import's description (after its kind byte). */
export function skipImportDescription(bytes, kind, at) {
  const limits = (at) => {
    const flags = bytes[at++];
    [, at] = readUleb(bytes, at);
    if (flags & 1) [, at] = readUleb(bytes, at);
    return at;
  };
  switch (kind) {
    case 0: // function: its type index
      return readUleb(bytes, at)[1];
    case 1: // table: reference type, limits
      return limits(at + 1);
    case 2: // memory: limits
      return limits(at);
    case 3: // global: value type, mutability
      return at + 2;
    case 4: // tag: attribute, type index
      return readUleb(bytes, at + 1)[1];
    default:
      throw new Error(`unknown import kind ${kind}`);
  }
}

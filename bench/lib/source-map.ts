/**
 * Attributes a bundle's bytes to the sources of its source map: each mapped segment of
 * the generated code counts, up to the next segment of its line, for the source it maps
 * to. Only what the size figures need (no names, no original positions).
 */

interface RawSourceMap {
  sources: string[];
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a source-map digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** The generated text of `code` per source, plus what maps to no source (`null`). */
export function textBySource(code: string, map: RawSourceMap): Map<string | null, string[]> {
  const out = new Map<string | null, string[]>();
  const add = (source: string | null, text: string) => {
    if (text.length === 0) return;
    const list = out.get(source);
    if (list) list.push(text);
    else out.set(source, [text]);
  };
  const lines = code.split('\n');
  const mapLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l] ?? '';
    const segments = (mapLines[l] ?? '').split(',').filter((s) => s.length > 0);
    let column = 0;
    const starts: { column: number; source: string | null }[] = [];
    for (const segment of segments) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      let source: string | null = null;
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        source = map.sources[sourceIndex] ?? null;
      }
      starts.push({ column, source });
    }
    if (starts.length === 0 || (starts[0]?.column ?? 0) > 0) {
      add(null, line.slice(0, starts[0]?.column ?? line.length));
    }
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i];
      if (!start) continue;
      const end = starts[i + 1]?.column ?? line.length;
      add(start.source, line.slice(start.column, end));
    }
    // The newline itself belongs to no module.
    if (l < lines.length - 1) add(null, '\n');
  }
  return out;
}

/**
 * A readable module name: `lib/desk/desk.ts` for the project's files, the package name
 * (`viem`, `@noble/curves`) for everything under node_modules.
 */
export function moduleName(source: string | null, root: string): string {
  if (source === null) return '(unmapped: runtime glue, whitespace)';
  const normal = source.replace(/\\/g, '/');
  const path = normal.startsWith(`${root}/`) ? normal.slice(root.length + 1) : normal;
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
  }
  return path.replace(/^\0/, '').replace(/\?.*$/, '');
}

// Which code the Explorer's first scripts are made of, for `npm run bench:explorer` on a build made with
// `BROWSER_SOURCE_MAPS=true npm run build`: each chunk's gzipped size shared among its sources in proportion to
// the bytes their source map gives them, summed by package (the framework's parts, TanStack Query) and by the
// project's folders.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

/** The source map of a built chunk (its `sourceMappingURL`), or null when the build made none. */
function mapOf(file, code) {
  const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  const mapFile = url && path.join(path.dirname(file), url);
  return mapFile && fs.existsSync(mapFile) ? JSON.parse(fs.readFileSync(mapFile, 'utf8')) : null;
}

/** Generated characters per source in one chunk: each mapping owns the text up to the next one on its line. */
function charactersBySource(code, map) {
  const lines = code.split('\n');
  const mappings = [];
  new SourceMapConsumer(map).eachMapping((m) => mappings.push(m), null, SourceMapConsumer.GENERATED_ORDER);
  const bySource = new Map();
  mappings.forEach((m, k) => {
    const next = mappings[k + 1];
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : lines[m.generatedLine - 1].length;
    const source = m.source ?? '(unmapped)';
    bySource.set(source, (bySource.get(source) ?? 0) + end - m.generatedColumn);
  });
  return bySource;
}

function groupOf(source) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (inPackage) {
    const [, pkg, rest] = inPackage;
    if (pkg !== 'next') return pkg.startsWith('@tanstack/') ? 'TanStack Query' : pkg;
    if (rest.includes('react-dom')) return 'react-dom';
    if (rest.includes('react-server-dom')) return 'React Server Components client';
    if (/compiled\/(react|scheduler)\//.test(rest)) return 'react, scheduler';
    return 'Next runtime';
  }
  if (source.includes('[turbopack]')) return 'Turbopack runtime';
  const own = /\[project\]\/([^/]+\/[^/]+)\//.exec(source);
  return own ? `project: ${own[1]}` : 'other';
}

/**
 * The gzipped bytes of these built chunks (paths under `.next/`) by group, largest first; null when a chunk has no
 * source map (the build was made without BROWSER_SOURCE_MAPS=true).
 */
export function attributeChunks(root, chunkPaths) {
  const groups = new Map();
  for (const chunkPath of chunkPaths) {
    const file = path.join(root, '.next', chunkPath.replace(/^\/_next\//, ''));
    const code = fs.readFileSync(file, 'utf8');
    const map = mapOf(file, code);
    if (!map) return null;
    const gzip = zlib.gzipSync(code).length;
    for (const [source, characters] of charactersBySource(code, map)) {
      const group = groupOf(source);
      groups.set(group, (groups.get(group) ?? 0) + (gzip * characters) / code.length);
    }
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

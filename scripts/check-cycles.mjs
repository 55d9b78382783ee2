// `npm run lint` runs this after Biome: fails when the API's own files import one another in a
// circle (docs/decisions/024-one-owner-per-table.md). Every relative import of apps/api/src, type-only
// ones included, is resolved with TypeScript's own module resolution; the graph's strongly connected
// components (Tarjan) of more than one file, or a file importing itself, are circles.
//
//   node scripts/check-cycles.mjs [folder]    (default apps/api/src)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(process.argv[2] ?? 'apps/api/src');
const options = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: false };

/** Every .ts file under the folder. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const files = sources(root);
const inside = new Set(files);
/** file -> the files of the folder it imports (or re-exports from). */
const graph = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && inside.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
  }
  graph.set(file, [...targets]);
}

// Tarjan's strongly connected components, iterative so a deep chain cannot overflow the stack.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
for (const start of files) {
  if (index.has(start)) continue;
  const work = [[start, 0]];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length) {
    const frame = work[work.length - 1];
    const [node, i] = frame;
    const next = graph.get(node)[i];
    if (next !== undefined) {
      frame[1]++;
      if (!index.has(next)) {
        index.set(next, counter);
        low.set(next, counter++);
        stack.push(next);
        onStack.add(next);
        work.push([next, 0]);
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
      continue;
    }
    work.pop();
    if (work.length) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node).includes(node)) circles.push(component);
    }
  }
}

const rel = (file) => path.relative(process.cwd(), file);
if (circles.length) {
  console.error(`Import circles in ${rel(root)} (${circles.length}):`);
  for (const component of circles) console.error(`  ${component.map(rel).sort().join('\n    ')}`);
  process.exit(1);
}
console.log(`No import circle among the ${files.length} files of ${rel(root)}.`);

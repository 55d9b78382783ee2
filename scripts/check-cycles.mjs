// `npm run lint` runs this after Biome: fails when the files of any workspace import one another in
// a circle (docs/decisions/024-one-owner-per-table.md, docs/decisions/064-no-late-wiring.md). Each
// workspace's files are those of its tsconfig.json (the API's tests and benches, the web's build
// plugins included); every import among them, type-only ones and the web's `@/` paths included, is
// resolved with TypeScript's own module resolution under that tsconfig; the graph's strongly
// connected components (Tarjan) of more than one file, or a file importing itself, are circles.
//
//   node scripts/check-cycles.mjs [tsconfig.json…]    (default: every workspace: the API, the contract, the web, e2e)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const configs =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['apps/api/tsconfig.json', 'packages/contract/tsconfig.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'];

/** The files of a tsconfig and the options its imports resolve with. */
function workspace(configPath) {
  const file = path.resolve(configPath);
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(file));
  const files = parsed.fileNames.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts')).map((f) => path.resolve(f));
  return { files, options: parsed.options };
}

/** The circles among a workspace's files: each a list of files. */
function circlesOf({ files, options }) {
  const inside = new Set(files);
  /** file -> the files of the workspace it imports (or re-exports from). */
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
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

  return circles;
}

const rel = (file) => path.relative(process.cwd(), file);
let failed = false;
for (const config of configs) {
  const ws = workspace(config);
  const circles = circlesOf(ws);
  if (circles.length) {
    failed = true;
    console.error(`Import circles in ${path.dirname(config)} (${circles.length}):`);
    for (const component of circles) console.error(`  ${component.map(rel).sort().join('\n    ')}`);
  } else {
    console.log(`No import circle among the ${ws.files.length} files of ${path.dirname(config)}.`);
  }
}
if (failed) process.exit(1);

// `npm run lint` runs this after Biome: fails when the API's code assigns into the service context
// after it is built (docs/decisions/064-no-late-wiring.md). The context is complete when
// createServiceContext returns: what a lower module needs of a higher one is given to it there, and
// what a module keeps while it runs stays in the module. Flagged, in every .ts file of the folder:
// an assignment (`=`, `+=`, `??=`, …), `delete`, `++`/`--` or `Object.assign`/`Object.defineProperty`
// whose target is reached through a `ctx` (`ctx.machines.x = …`, `app.ctx.andon.y = …`,
// `ctx['andon'] = …`), and assignments into a parameter typed `ServiceContext` under another name.
//
//   node scripts/check-wiring.mjs [folder]    (default apps/api/src)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(process.argv[2] ?? 'apps/api/src');

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Names that hold a context in this file: `ctx`, and any parameter or variable typed ServiceContext. */
function contextNames(file) {
  const names = new Set(['ctx']);
  const visit = (node) => {
    if ((ts.isParameter(node) || ts.isVariableDeclaration(node)) && ts.isIdentifier(node.name) && node.type) {
      if (/\bServiceContext\b/.test(node.type.getText())) names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** Whether an access chain (`a.b.c`, `a['b']`) goes through a context: its root, or a `.ctx` link. */
function throughContext(expr, names) {
  let node = expr;
  let depth = 0;
  while (
    ts.isPropertyAccessExpression(node) ||
    ts.isElementAccessExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isParenthesizedExpression(node)
  ) {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'ctx' && depth > 0) return true;
    if (!ts.isNonNullExpression(node) && !ts.isParenthesizedExpression(node)) depth++;
    node = node.expression;
  }
  return depth > 0 && ts.isIdentifier(node) && names.has(node.text);
}

const isContext = (expr, names) =>
  (ts.isIdentifier(expr) && names.has(expr.text)) ||
  (ts.isPropertyAccessExpression(expr) && expr.name.text === 'ctx') ||
  throughContext(expr, names);

const assignments = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
]);

const found = [];
const files = sources(root);
for (const fileName of files) {
  const file = ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true);
  const names = contextNames(file);
  const report = (node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${path.relative(process.cwd(), fileName)}:${line + 1}: ${node.getText(file).split('\n')[0]}`);
  };
  const visit = (node) => {
    if (ts.isBinaryExpression(node) && assignments.has(node.operatorToken.kind) && throughContext(node.left, names)) report(node);
    else if (ts.isDeleteExpression(node) && throughContext(node.expression, names)) report(node);
    else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) &&
      throughContext(node.operand, names)
    )
      report(node);
    else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'Object' &&
      ['assign', 'defineProperty', 'defineProperties'].includes(node.expression.name.text) &&
      node.arguments.length > 0 &&
      isContext(node.arguments[0], names)
    )
      report(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
}

const rel = path.relative(process.cwd(), root);
if (found.length) {
  console.error(`Assignments into the service context after it is built, in ${rel} (${found.length}):`);
  for (const line of found) console.error(`  ${line}`);
  console.error('Give it to createServiceContext (context.ts) or keep it in the module (docs/decisions/064-no-late-wiring.md).');
  process.exit(1);
}
console.log(`No assignment into the service context among the ${files.length} files of ${rel}.`);

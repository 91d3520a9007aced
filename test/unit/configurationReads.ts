import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

// Every settings read in a source tree, found in its syntax tree (quotes, line breaks and file
// boundaries do not matter): the sections asked for with getConfiguration, the keys read from the
// `http` section, and every read this cannot follow (a computed section, a raw
// workspace/configuration request), which workspaceTrust.test.ts refuses.

export interface ConfigurationReads {
  sections: string[];
  httpKeys: string[];
  /** `file: text` of each read whose sections cannot be known from the source. */
  refused: string[];
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const literal = (n: ts.Node): string | undefined =>
  ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? n.text : undefined;

export function configurationReads(dir: string): ConfigurationReads {
  const out: ConfigurationReads = { sections: [], httpKeys: [], refused: [] };
  for (const file of files(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const refuse = (n: ts.Node) => out.refused.push(`${file}: ${n.getText(source)}`);
    /** The section names of one getConfiguration argument; refuses what is not literal. */
    const sectionsOf = (arg: ts.Expression): string[] => {
      if (literal(arg) !== undefined) return [literal(arg)!];
      if (ts.isArrayLiteralExpression(arg)) return arg.elements.flatMap((e) => sectionsOf(e));
      if (ts.isObjectLiteralExpression(arg)) {
        const section = arg.properties.find(
          (p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'section',
        );
        const value = section && ts.isPropertyAssignment(section) ? literal(section.initializer) : undefined;
        if (value !== undefined) return [value];
      }
      refuse(arg);
      return [];
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : ts.isIdentifier(callee)
            ? callee.text
            : '';
        if (name === 'getConfiguration') {
          const sections = node.arguments.flatMap((a) => sectionsOf(a));
          out.sections.push(...sections);
          const httpIndex = sections.indexOf('http');
          if (httpIndex >= 0) out.httpKeys.push(...httpKeysRead(node, httpIndex));
        }
        const first = node.arguments[0];
        if (name === 'sendRequest' && first && /configuration/i.test(first.getText(source))) refuse(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/** Keys read from the `http` section: the binding at its index in `const [a, http] = await ...`. */
function httpKeysRead(call: ts.CallExpression, index: number): string[] {
  let node: ts.Node = call;
  while (!ts.isVariableDeclaration(node) && node.parent) node = node.parent;
  if (!ts.isVariableDeclaration(node) || !ts.isArrayBindingPattern(node.name)) return [];
  const element = node.name.elements[index];
  if (!element || !ts.isBindingElement(element) || !ts.isIdentifier(element.name)) return [];
  const binding = element.name.text;
  const keys: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === binding)
      keys.push(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(node.getSourceFile());
  return keys;
}

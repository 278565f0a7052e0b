/**
 * What source files import and export, read with the TypeScript parser (no regexes, no compiling):
 * the tests that hold the shared library slices, the package's export list and the remotes'
 * imports to what the builds rely on.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One `import ... from` or `export ... from` of a module, as written. */
export interface ModuleReference {
  /** The module named, e.g. 'react-router-dom'. */
  from: string;
  /** The names taken for their values (type-only ones left out), as `from` exports them. */
  values: string[];
  /** `import * as x from` or `export * from`: every name of the module. */
  whole: boolean;
}

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
}

const specifierOf = (node: ts.Expression | undefined) =>
  node && ts.isStringLiteral(node) ? node.text : undefined;

/** The static imports and re-exports of a module (TypeScript or JavaScript). */
export function referencesOf(path: string): ModuleReference[] {
  const references: ModuleReference[] = [];
  for (const statement of parse(path).statements) {
    if (ts.isImportDeclaration(statement)) {
      const from = specifierOf(statement.moduleSpecifier);
      const clause = statement.importClause;
      if (!from || !clause || clause.isTypeOnly) continue;
      const bindings = clause.namedBindings;
      const values: string[] = clause.name ? ['default'] : [];
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) values.push((element.propertyName ?? element.name).text);
        }
      }
      const whole = !!bindings && ts.isNamespaceImport(bindings);
      references.push({ from, values, whole });
    } else if (ts.isExportDeclaration(statement)) {
      const from = specifierOf(statement.moduleSpecifier);
      if (!from || statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      const values =
        clause && ts.isNamedExports(clause)
          ? clause.elements
              .filter((element) => !element.isTypeOnly)
              .map((element) => (element.propertyName ?? element.name).text)
          : [];
      references.push({ from, values, whole: !clause || ts.isNamespaceExport(clause) });
    }
  }
  return references;
}

/**
 * The names a module exports as written, `type X` for a type-only one. `reexportsOnly` refuses
 * a module that declares anything itself (src/index.ts names what it re-exports).
 */
export function exportedNames(path: string, { reexportsOnly = false } = {}): string[] {
  const names: string[] = [];
  for (const statement of parse(path).statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause || !ts.isNamedExports(clause)) {
        throw new Error(`${path}: name each export (\`export *\` hides what the contract is)`);
      }
      for (const element of clause.elements) {
        const typeOnly = statement.isTypeOnly || element.isTypeOnly;
        names.push(`${typeOnly ? 'type ' : ''}${element.name.text}`);
      }
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      if (reexportsOnly || !ts.isVariableStatement(statement)) {
        throw new Error(`${path} only re-exports by name; declare things in their own module`);
      }
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    }
  }
  return names;
}

/**
 * The files under `folder` whose names match `pattern`, without node_modules, builds and (unless
 * `tests`) test files.
 */
export function sourceFiles(
  folder: string,
  { pattern = /\.tsx?$/, tests = false }: { pattern?: RegExp; tests?: boolean } = {},
): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path, { pattern, tests }));
    else if (pattern.test(entry) && (tests || !/\.test\.tsx?$/.test(entry))) files.push(path);
  }
  return files;
}

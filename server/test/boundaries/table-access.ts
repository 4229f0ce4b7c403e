import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Which tables a source file names, read from its syntax (never by running it): the table arguments of Kysely's
 * builders (`selectFrom('x as y')`, `insertInto`, `updateTable`, `deleteFrom`, joins, `mergeInto`) and, in the
 * text of string and template literals (raw `sql`), a known table after FROM, JOIN (reads), INTO, UPDATE, DELETE
 * FROM or TABLE (writes).
 * Comments are not code, so they are not read.
 */
export interface TableAccess {
  table: string;
  write: boolean;
  line: number;
  /** A Kysely builder named a table no migration creates (and no `.with()` of the file names). */
  unknown: boolean;
}

const READS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin']);
const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
const SQL_NAME = /\b(delete\s+from|from|join|into|update|table)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi;

export function tableAccesses(text: string, fileName: string, known: ReadonlySet<string>): TableAccess[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: TableAccess[] = [];
  const ctes = new Set<string>();
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const calls: { name: string; method: string; node: ts.Node }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const first = node.arguments[0];
      if (method === 'with' && first && ts.isStringLiteralLike(first)) ctes.add(first.text);
      if ((READS.has(method) || WRITES.has(method)) && first) {
        const items = ts.isArrayLiteralExpression(first) ? [...first.elements] : [first];
        for (const item of items)
          if (ts.isStringLiteralLike(item))
            calls.push({ name: item.text.trim().split(/\s+/)[0]!, method, node: item });
      }
    }
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const m of node.text.matchAll(SQL_NAME)) {
        const table = m[2]!.toLowerCase();
        const keyword = m[1]!.toLowerCase().split(/\s+/)[0]!;
        if (known.has(table))
          found.push({
            table,
            write: keyword !== 'from' && keyword !== 'join',
            line: lineOf(node),
            unknown: false,
          });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const call of calls) {
    if (ctes.has(call.name)) continue;
    found.push({
      table: call.name,
      write: WRITES.has(call.method),
      line: lineOf(call.node),
      unknown: !known.has(call.name),
    });
  }
  return found;
}

/** Every table the migrations create (`createTable('x')` or `create table x`). */
export function migrationTables(migrationsDir: string): Set<string> {
  const tables = new Set<string>();
  for (const file of fs.readdirSync(migrationsDir)) {
    const text = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    for (const m of text.matchAll(/createTable\(\s*'([a-z_][a-z0-9_]*)'/g)) tables.add(m[1]!);
    for (const m of text.matchAll(
      /create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?([a-z_][a-z0-9_]*)/gi,
    ))
      tables.add(m[1]!.toLowerCase());
  }
  return tables;
}

export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Who owns a table: one feature (`features/<name>`), or core or the platform. */
export type Owner = `features/${string}` | `core/${string}` | 'platform';

export interface Finding {
  feature: string;
  file: string;
  line: number;
  table: string;
  problem: string;
}

export interface Rules {
  owners: Readonly<Record<string, Owner>>;
  /** Tables every feature may read (never write). */
  readByAll: Readonly<Record<string, string>>;
  /** A feature that reads (never writes) one table of another feature, with the reason. */
  readAcross: readonly { feature: string; table: string; why: string }[];
}

/** What a feature's file does that the rules forbid. `feature` is `features/<name>`. */
export function check(feature: string, file: string, text: string, rules: Rules): Finding[] {
  const known = new Set(Object.keys(rules.owners));
  return tableAccesses(text, file, known).flatMap((access): Finding[] => {
    const at = { feature, file, line: access.line, table: access.table };
    if (access.unknown) return [{ ...at, problem: 'names a table that has no owner (add it to the map)' }];
    const owner = rules.owners[access.table]!;
    if (owner === feature || !owner.startsWith('features/')) return [];
    if (access.write) return [{ ...at, problem: `writes ${owner}'s table: ask app.${owner.slice(9)}` }];
    if (access.table in rules.readByAll) return [];
    if (rules.readAcross.some((r) => r.feature === feature && r.table === access.table)) return [];
    return [{ ...at, problem: `reads ${owner}'s table: ask app.${owner.slice(9)}` }];
  });
}

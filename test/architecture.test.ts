// The boundaries of ARCHITECTURE.md, checked: areas reach each other only through their index.ts, the shared
// layers never reach an area, nothing imports in a circle (files or areas), and every table has one owner.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { globSync, readFileSync } from 'node:fs';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { migrate, openDatabase } from '../src/db/index.ts';
import { AREAS, allMigrations, tableOwners, globalTables } from '../src/modules.ts';
import { areaEdges, renderAreaMap, withAreaMap } from '../scripts/area-edges.ts';

const ENGINE_TABLES = ['kysely_migration', 'kysely_migration_lock', 'sqlite_master', 'sqlite_schema'];

/**
 * Rule files that still ask which engine runs (ARCHITECTURE.md, "Growing an area", rule 6). The list only
 * shrinks: a new file asking fails the test, and so does a listed file that no longer asks (take it off).
 */
const RULE_FILES_READING_THE_ENGINE: string[] = [];
const isRuleFile = (path: string) =>
  !path.endsWith('.test.ts') && (path.startsWith('src/domain/') || /\/(service|rules)\.ts$/.test(path));
/** The code without its comments, which may well speak of the engines. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
/**
 * Tables that only their owning area reads as well as writes; the others ask the owner (the tenant register is
 * read through `ctx.companies` or the company area's `getCompany`). Migrations keep their history.
 */
const TABLES_READ_ONLY_BY_THEIR_OWNER = ['companies'];
const isMigration = (path: string) => /(^|[/-])migrations\.ts$/.test(path);
/** Whether the code names the table in a query: Kysely's builders or raw SQL. */
const queriesTable = (text: string, table: string) =>
  new RegExp(
    `\\b(selectFrom|updateTable|deleteFrom|insertInto|innerJoin|leftJoin|rightJoin|fullJoin)\\(\\s*'${table}\\b|\\b(from|join|update|into)\\s+${table}\\b`,
    'i',
  ).test(code(text));
const readsTheEngine = (text: string) => /\bengine\b|'postgres'|'sqlite'/.test(code(text));

describe('architecture', () => {
  let cruised: ICruiseResult;
  it('has no import into another area’s internals, from a shared layer into an area, or in a circle', async () => {
    const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs');
    cruised = (await cruise(['src'], { ...rules.options, validate: true, ruleSet: { forbidden: rules.forbidden } }))
      .output as ICruiseResult;
    const violations = cruised.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(violations).toEqual([]);
  }, 60_000);

  it('has no circle between areas', () => {
    const edges = areaEdges(cruised.modules);
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (area: string, path: string[]) => {
      if (state.get(area) === 'done') return;
      if (state.get(area) === 'open') return void circles.push([...path.slice(path.indexOf(area)), area].join(' → '));
      state.set(area, 'open');
      for (const next of edges.get(area) ?? []) visit(next, [...path, area]);
      state.set(area, 'done');
    };
    for (const area of edges.keys()) visit(area, []);
    expect(circles).toEqual([]);
  });

  it('draws the area map of ARCHITECTURE.md from the code (run `node scripts/area-edges.ts` to redraw it)', () => {
    const document = readFileSync(new URL('../ARCHITECTURE.md', import.meta.url), 'utf8');
    expect(withAreaMap(document, renderAreaMap(areaEdges(cruised.modules)))).toBe(document);
  });

  it('keeps rule files (service.ts, rules.ts, src/domain/) from asking which engine runs', () => {
    const root = new URL('../', import.meta.url);
    const asking = globSync('src/**/*.ts', { cwd: root })
      .filter(isRuleFile)
      .filter((path) => readsTheEngine(readFileSync(new URL(path, root), 'utf8')))
      .sort();
    expect(asking).toEqual(RULE_FILES_READING_THE_ENGINE);
  });

  it('reads the tables kept to their owner (the tenant register) only in the owning area', () => {
    const root = new URL('../', import.meta.url);
    const owners = tableOwners();
    const files = globSync('src/**/*.ts', { cwd: root }).filter((path) => !isMigration(path));
    const outside = TABLES_READ_ONLY_BY_THEIR_OWNER.flatMap((table) => {
      const owner = owners.get(table)!.area;
      return files
        .filter((path) => !path.startsWith(`src/${owner}/`))
        .filter((path) => queriesTable(readFileSync(new URL(path, root), 'utf8'), table))
        .map((path) => `${table}: ${path}`);
    });
    expect(outside).toEqual([]);
  });

  it('names every area once and declares each migration once', () => {
    const names = AREAS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    expect(() => allMigrations()).not.toThrow();
  });

  it('gives every table one owning area', async () => {
    const owners = tableOwners();
    const handle = openDatabase({ url: ':memory:', globalTables: globalTables() });
    try {
      await migrate(handle.db, allMigrations());
      const { rows } = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(handle.db);
      const unowned = rows
        .map((r) => r.name)
        .filter((t) => !owners.has(t) && !ENGINE_TABLES.includes(t) && t !== 'id_sequences');
      expect(unowned).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

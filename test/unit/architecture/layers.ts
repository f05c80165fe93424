// The layer rules of docs/ARCHITECTURE.md, read from its table, and the checks of an import graph against them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, type ImportEdge } from './sourceFiles';

/** The area of a file of src/: its top folder (`views`), a command family (`commands/admin`), or a top-level file
 * without `.ts` (`workbench`). `commands/index.ts` is the area `commands`. */
export function areaOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return parts[0]!.replace(/\.ts$/, '');
  if (parts[0] === 'commands' && parts.length > 2) return `commands/${parts[1]}`;
  return parts[0]!;
}

/** The row of the table that governs an area (`commands/admin` → `commands/*`). */
function ruleKey(area: string): string {
  return area.startsWith('commands/') ? 'commands/*' : area;
}

/** `area → areas it may import`, from the table between `<!-- layers:start -->` and `<!-- layers:end -->`. */
export function layerTable(markdown = readFileSync(join(repoRoot(), 'docs', 'ARCHITECTURE.md'), 'utf8')): Map<string, Set<string>> {
  const start = markdown.indexOf('<!-- layers:start -->');
  const end = markdown.indexOf('<!-- layers:end -->');
  if (start < 0 || end < start) throw new Error('docs/ARCHITECTURE.md has no layers table (<!-- layers:start --> … <!-- layers:end -->)');
  const table = new Map<string, Set<string>>();
  for (const line of markdown.slice(start, end).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[1]!.startsWith('`')) continue;
    const area = cells[1]!.replace(/`/g, '').replace(/^src\//, '').replace(/\/$/, '').replace(/\.ts$/, '');
    const allowed = [...cells[2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/^src\//, '').replace(/\/$/, '').replace(/\.ts$/, ''));
    table.set(area, new Set(allowed));
  }
  return table;
}

/** Files of src/api that editor code may import by value: dependency-free, so bundling them twice costs nothing. */
export const API_VALUE_MODULES: ReadonlySet<string> = new Set(['api/errorKind.ts', 'api/paging.ts']);

export interface Violation {
  readonly edge: ImportEdge;
  readonly why: string;
}

/** Imports that break the table (an area importing one its row does not list), and value imports of the client. */
export function layerViolations(edges: readonly ImportEdge[], table: Map<string, Set<string>>): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    const from = areaOf(edge.from);
    const to = areaOf(edge.to);
    if (from === to) continue;
    const allowed = table.get(ruleKey(from));
    if (!allowed) {
      violations.push({ edge, why: `the area ${from} has no row in the layers table` });
      continue;
    }
    const ok = allowed.has(to) || allowed.has('*') || (to.startsWith('commands/') && allowed.has('commands/*'));
    if (!ok) violations.push({ edge, why: `${from} may not import ${to}` });
    else if (to === 'api' && from !== 'apiLoader' && !edge.typeOnly && !API_VALUE_MODULES.has(edge.to)) {
      violations.push({ edge, why: 'editor code imports the client with `import type` only (values through loadApi())' });
    }
  }
  return violations;
}

/** Every import cycle between files (type imports included), each as the list of files around it. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.from === e.to) continue;
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from)!.add(e.to);
  }
  // Tarjan's strongly connected components: every component of more than one file is a cycle.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!indexOf.has(v)) connect(v);
  return cycles;
}

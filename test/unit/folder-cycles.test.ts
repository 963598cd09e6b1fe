/**
 * No two folders of src/ import each other, directly or round a circle: the rule dependency-cruiser
 * has no built-in form for (its no-circular sees files only). Read as farm-studio draws a folder:
 * inside each folder, its own files and its subfolders are the rooms, a subfolder standing for
 * everything under it; an import from one room to another is an arrow. Arrows between a folder's
 * files and its subfolders are allowed both ways (a context's index.ts wires its subfolders, which
 * use its pacing.ts); a circle of rooms is not (src/background/changes/ and sharing/ each importing
 * the other). The import graph is dependency-cruiser's own (type-only imports included), with the
 * project's configuration.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** A module of `depcruise --output-type json` and the modules it imports. */
interface CruisedModule {
  source: string;
  dependencies: Array<{ resolved: string }>;
}

/** Every import between two files of src/, as dependency-cruiser resolves it. */
function importsOfSrc(): Array<[string, string]> {
  const json = execFileSync('npx', ['depcruise', 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const { modules } = JSON.parse(json) as { modules: CruisedModule[] };
  return modules.flatMap(({ source, dependencies }) => dependencies.filter(({ resolved }) => resolved.startsWith('src/') && source.startsWith('src/')).map(({ resolved }): [string, string] => [source, resolved]));
}

/** The room of `file` inside `folder` (a file of it, or its subfolder holding the file); null for a file outside it. */
export function roomOf(folder: string, file: string): string | null {
  if (!file.startsWith(`${folder}/`)) return null;
  const [first, ...rest] = file.slice(folder.length + 1).split('/');
  return rest.length === 0 ? `${folder}/${first}` : `${folder}/${first}/`;
}

/**
 * The circles of rooms inside each folder of `imports` (each a list of rooms, two or more, that
 * reach each other), by Tarjan's strongly connected components. In: file -> file imports.
 */
export function folderCircles(imports: ReadonlyArray<readonly [string, string]>): string[][] {
  const folders = new Set<string>();
  for (const file of imports.flat()) {
    const parts = file.split('/');
    for (let end = 1; end < parts.length; end += 1) folders.add(parts.slice(0, end).join('/'));
  }
  const circles: string[][] = [];
  for (const folder of [...folders].sort()) {
    const arrows = new Map<string, Set<string>>();
    for (const [from, to] of imports) {
      const a = roomOf(folder, from);
      const b = roomOf(folder, to);
      if (a === null || b === null || a === b) continue;
      if (!arrows.has(a)) arrows.set(a, new Set());
      arrows.get(a)!.add(b);
    }
    circles.push(...stronglyConnected(arrows).filter((rooms) => rooms.length > 1));
  }
  return circles;
}

/** Tarjan's strongly connected components of a graph given as arrows from each node. */
function stronglyConnected(arrows: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of arrows.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        onStack.delete(top);
        component.push(top);
      } while (top !== node);
      components.push(component.sort());
    }
  };
  for (const node of arrows.keys()) if (!index.has(node)) visit(node);
  return components;
}

describe('folders of src/', () => {
  it('finds a circle of two folders, and one round three, but not a folder and its own files', () => {
    expect(folderCircles([['src/a/x.ts', 'src/b/y.ts'], ['src/b/z.ts', 'src/a/w.ts']])).toEqual([['src/a/', 'src/b/']]);
    expect(folderCircles([['src/a/x.ts', 'src/b/y.ts'], ['src/b/y.ts', 'src/c/z.ts'], ['src/c/z.ts', 'src/a/w.ts']])).toEqual([['src/a/', 'src/b/', 'src/c/']]);
    expect(folderCircles([['src/a/index.ts', 'src/a/sub/y.ts'], ['src/a/sub/y.ts', 'src/a/pacing.ts'], ['src/a/sub/y.ts', 'src/a/sub/deeper/z.ts']])).toEqual([]);
  });

  it('import no folder that imports them back, however far round', () => {
    const circles = folderCircles(importsOfSrc()).map((rooms) => rooms.join(' <-> '));
    expect(circles).toEqual([]);
  }, 60_000);
});

// Helpers of the in-host hostile tests: walk a Gitea tree view the way the editor does (getChildren, expand)
// until nothing is loading, and classify the state items the paged-tree base renders.
import type * as vscode from 'vscode';
import type { PagedTreeProvider } from '../../src/views/pagedTree';
import type { TreeNode } from '../../src/views/treeNode';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const isLoading = (n: TreeNode) => n.item.contextValue === 'loading';
export const isError = (n: TreeNode) => n.item.contextValue === 'error';

export function label(n: TreeNode): string {
  const l = n.item.label;
  return typeof l === 'string' ? l : (l?.label ?? '');
}

/** Children of `node` once no loading item is left (or the deadline passed: the caller asserts on what is left). */
export async function settledChildren(p: PagedTreeProvider, node: TreeNode | undefined, timeoutMs: number): Promise<TreeNode[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const children = await p.getChildren(node);
    if (!children.some(isLoading) || Date.now() > deadline) return children;
    await Promise.race([p.whenIdle(), sleep(500)]);
    await sleep(20);
  }
}

export interface Visited {
  parent: TreeNode | undefined;
  nodes: TreeNode[];
}

/** The top level and, below it, the children of up to `breadth` expandable nodes per level, `depth` levels deep. */
export async function walk(p: PagedTreeProvider, timeoutMs: number, depth = 2, breadth = 3): Promise<Visited[]> {
  const visited: Visited[] = [];
  let level: (TreeNode | undefined)[] = [undefined];
  for (let d = 0; d < depth && level.length; d++) {
    const next: TreeNode[] = [];
    for (const parent of level) {
      const nodes = await settledChildren(p, parent, timeoutMs);
      visited.push({ parent, nodes });
      next.push(...nodes.filter((n) => n.item.collapsibleState !== undefined && Number(n.item.collapsibleState) !== 0 /* None */).slice(0, breadth));
    }
    level = next;
  }
  return visited;
}

export function describeNodes(nodes: readonly TreeNode[]): string {
  return nodes.map((n) => `[${n.item.contextValue ?? ''}] ${label(n)}`).join(' | ');
}

export type Command = vscode.Command;

/**
 * The navigation as the console edits it: a tree of links, each with a stable key, and the moves
 * a merchant makes by dragging or with the move buttons (up, down, in under the link above, out
 * after its folder). Pure: each move gives a new tree, or the same one when it cannot be made.
 */
import type { StoredNavigationItem } from '../../../api';
import type { LinkTarget } from '../../../site/editor/link-target';

export interface NavNode {
  key: string;
  title: string;
  /** null for a folder (links under it, no page of its own). */
  link: LinkTarget | null;
  children: NavNode[];
}

/** Where a node sits: the indexes from the top level down. */
export type NodePath = number[];

/** How deep the site keeps navigation (src/site/model/schema.ts, MAX_NAVIGATION_DEPTH). */
export const MAX_DEPTH = 10;

let counter = 0;
export function newKey(): string {
  counter += 1;
  return `n${counter}`;
}

/** An item as the navigation call stores and answers it (src/api). */
export type StoredItem = StoredNavigationItem;

export function fromStored(items: readonly StoredItem[]): NavNode[] {
  return items.map((item) => ({
    key: newKey(),
    title: item.title,
    link: item.link,
    children: fromStored(item.children),
  }));
}

export function toStored(nodes: readonly NavNode[]): StoredItem[] {
  return nodes.map((node) => ({ title: node.title, link: node.link, children: toStored(node.children) }));
}

export function pathOf(nodes: readonly NavNode[], key: string): NodePath | null {
  for (const [i, node] of nodes.entries()) {
    if (node.key === key) return [i];
    const inner = pathOf(node.children, key);
    if (inner !== null) return [i, ...inner];
  }
  return null;
}

export function nodeAt(nodes: readonly NavNode[], path: NodePath): NavNode | undefined {
  let level: readonly NavNode[] = nodes;
  let found: NavNode | undefined;
  for (const i of path) {
    found = level[i];
    if (found === undefined) return undefined;
    level = found.children;
  }
  return found;
}

/** How many levels the node and the links under it take (1 for a link without children). */
export function depthOf(node: NavNode): number {
  return 1 + Math.max(0, ...node.children.map(depthOf));
}

/** The siblings list at `parent` replaced by `change(list)`. */
function withSiblings(nodes: readonly NavNode[], parent: NodePath, change: (list: NavNode[]) => NavNode[]): NavNode[] {
  if (parent.length === 0) return change([...nodes]);
  const [head, ...rest] = parent as [number, ...number[]];
  return nodes.map((node, i) => (i === head ? { ...node, children: withSiblings(node.children, rest, change) } : node));
}

export function removeAt(nodes: readonly NavNode[], path: NodePath): NavNode[] {
  const parent = path.slice(0, -1);
  const index = path.at(-1) as number;
  return withSiblings(nodes, parent, (list) => list.filter((_, i) => i !== index));
}

export function insertAt(nodes: readonly NavNode[], parent: NodePath, index: number, node: NavNode): NavNode[] {
  return withSiblings(nodes, parent, (list) => [...list.slice(0, index), node, ...list.slice(index)]);
}

export function updateAt(nodes: readonly NavNode[], path: NodePath, change: (node: NavNode) => NavNode): NavNode[] {
  const parent = path.slice(0, -1);
  const index = path.at(-1) as number;
  return withSiblings(nodes, parent, (list) => list.map((node, i) => (i === index ? change(node) : node)));
}

export type Move = 'up' | 'down' | 'in' | 'out';

/** Whether `move` can be made for the node at `path`. */
export function canMove(nodes: readonly NavNode[], path: NodePath, move: Move): boolean {
  const index = path.at(-1) as number;
  const parent = path.slice(0, -1);
  const siblings = parent.length === 0 ? nodes : (nodeAt(nodes, parent)?.children ?? []);
  const node = siblings[index];
  if (node === undefined) return false;
  switch (move) {
    case 'up':
      return index > 0;
    case 'down':
      return index < siblings.length - 1;
    case 'in':
      return index > 0 && path.length + depthOf(node) <= MAX_DEPTH;
    case 'out':
      return parent.length > 0;
  }
}

/** The tree after `move`, and the moved node's new path (the same tree and path when it cannot move). */
export function moveNode(nodes: readonly NavNode[], path: NodePath, move: Move): { nodes: NavNode[]; path: NodePath } {
  if (!canMove(nodes, path, move)) return { nodes: [...nodes], path };
  const node = nodeAt(nodes, path) as NavNode;
  const index = path.at(-1) as number;
  const parent = path.slice(0, -1);
  const without = removeAt(nodes, path);
  switch (move) {
    case 'up':
      return { nodes: insertAt(without, parent, index - 1, node), path: [...parent, index - 1] };
    case 'down':
      return { nodes: insertAt(without, parent, index + 1, node), path: [...parent, index + 1] };
    case 'in': {
      const newParent = [...parent, index - 1];
      const at = (nodeAt(without, newParent) as NavNode).children.length;
      return { nodes: insertAt(without, newParent, at, node), path: [...newParent, at] };
    }
    case 'out': {
      const grandparent = parent.slice(0, -1);
      const after = (parent.at(-1) as number) + 1;
      return { nodes: insertAt(without, grandparent, after, node), path: [...grandparent, after] };
    }
  }
}

export type DropPlace = 'before' | 'after' | 'inside';

/** The tree with the node `key` dropped before, after or inside the node `target` (unchanged when that would put it inside itself or too deep). */
export function dropNode(nodes: readonly NavNode[], key: string, target: string, place: DropPlace): NavNode[] {
  if (key === target) return [...nodes];
  const from = pathOf(nodes, key);
  if (from === null) return [...nodes];
  const node = nodeAt(nodes, from) as NavNode;
  if (pathOf(node.children, target) !== null) return [...nodes];
  const without = removeAt(nodes, from);
  const to = pathOf(without, target);
  if (to === null) return [...nodes];
  const levels = place === 'inside' ? to.length + 1 : to.length;
  if (levels - 1 + depthOf(node) > MAX_DEPTH) return [...nodes];
  if (place === 'inside') return insertAt(without, to, (nodeAt(without, to) as NavNode).children.length, node);
  const index = (to.at(-1) as number) + (place === 'after' ? 1 : 0);
  return insertAt(without, to.slice(0, -1), index, node);
}

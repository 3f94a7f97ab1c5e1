import { describe, expect, it } from 'vitest';
import { canMove, dropNode, fromStored, moveNode, toStored, type NavNode } from './tree';

const page = (value: string) => ({ type: 'page' as const, value });
const tree = (): NavNode[] =>
  fromStored([
    { title: 'Shop', link: page('/shop'), children: [] },
    { title: 'Gifts', link: page('/gifts'), children: [] },
    { title: 'Journal', link: page('/blog'), children: [] },
  ]);
const titles = (nodes: NavNode[]): unknown =>
  nodes.map((n) => (n.children.length === 0 ? n.title : { [n.title]: titles(n.children) }));

describe('navigation tree moves', () => {
  it('moves a link up, down, in under the link above and out after its folder', () => {
    let nodes = tree();
    let moved = moveNode(nodes, [2], 'up');
    expect(titles(moved.nodes)).toEqual(['Shop', 'Journal', 'Gifts']);
    expect(moved.path).toEqual([1]);
    moved = moveNode(moved.nodes, [1], 'in');
    expect(titles(moved.nodes)).toEqual([{ Shop: ['Journal'] }, 'Gifts']);
    expect(moved.path).toEqual([0, 0]);
    nodes = moved.nodes;
    expect(canMove(nodes, [0, 0], 'up')).toBe(false);
    expect(canMove(nodes, [0], 'in')).toBe(false);
    moved = moveNode(nodes, [0, 0], 'out');
    expect(titles(moved.nodes)).toEqual(['Shop', 'Journal', 'Gifts']);
    expect(moved.path).toEqual([1]);
    expect(moveNode(moved.nodes, [2], 'down').nodes.map((n) => n.title)).toEqual(['Shop', 'Journal', 'Gifts']);
  });

  it('drops a link before, after or inside another, never inside itself', () => {
    const nodes = tree();
    const [shop, gifts, journal] = nodes as [NavNode, NavNode, NavNode];
    expect(titles(dropNode(nodes, journal.key, shop.key, 'before'))).toEqual(['Journal', 'Shop', 'Gifts']);
    const nested = dropNode(nodes, journal.key, gifts.key, 'inside');
    expect(titles(nested)).toEqual(['Shop', { Gifts: ['Journal'] }]);
    expect(titles(dropNode(nested, gifts.key, journal.key, 'inside'))).toEqual(['Shop', { Gifts: ['Journal'] }]);
    expect(toStored(dropNode(nodes, shop.key, journal.key, 'after')).map((i) => i.title)).toEqual([
      'Gifts',
      'Journal',
      'Shop',
    ]);
  });
});

import { buildTree, type TreeNode } from '../../../lib/tree';
import type { Address } from '../types';

/** A row of the address tree table: the address and the addresses under it (none for a leaf). */
export interface AddressRow extends Address {
  children?: AddressRow[];
}

/** An option of the parent picker. */
export interface AddressOption {
  value: number;
  title: string;
  children?: AddressOption[];
}

interface AddressNode extends TreeNode {
  address: Address;
  children?: AddressNode[];
}

function addressTree(addresses: readonly Address[]): AddressNode[] {
  return buildTree<AddressNode>(
    addresses.map((address) => ({ id: address.addressId, parentId: address.parentId, name: address.addressName, address })),
  );
}

/** The flat list as the tree table's rows: the roots, each with the addresses under it. */
export function addressRows(addresses: readonly Address[]): AddressRow[] {
  const toRows = (nodes: readonly AddressNode[]): AddressRow[] =>
    nodes.map((node) => (node.children?.length ? { ...node.address, children: toRows(node.children) } : { ...node.address }));
  return toRows(addressTree(addresses));
}

/**
 * The parent picker's options: every address but `excluded` and the addresses under it (a
 * node never moves under itself or its own descendant).
 */
export function parentOptions(addresses: readonly Address[], excluded?: number): AddressOption[] {
  const toOptions = (nodes: readonly AddressNode[]): AddressOption[] =>
    nodes
      .filter((node) => node.address.addressId !== excluded)
      .map((node) => {
        const children = toOptions(node.children ?? []);
        return { value: node.address.addressId, title: node.address.addressName, children: children.length ? children : undefined };
      });
  return toOptions(addressTree(addresses));
}


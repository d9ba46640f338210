import type { AddressTreeNode, InspectionRoute, InspectionRouteChange, InspectionRoutePoint } from '../../types';

/** The route dialog's fields: the points in the order walked. */
export interface RouteFormValues {
  routeName: string;
  points: InspectionRoutePoint[];
  remark?: string;
}

export const NEW_ROUTE: Partial<RouteFormValues> = { points: [] };

export function toValues(route: InspectionRoute): RouteFormValues {
  return { routeName: route.routeName, points: route.points ?? [], remark: route.remark };
}

/** The body the server takes: the name trimmed, the points in order (the server names them). */
export function toChange(values: RouteFormValues): InspectionRouteChange {
  return {
    routeName: values.routeName.trim(),
    points: (values.points ?? []).map(({ pointType, refId }) => ({ pointType, refId })),
    remark: (values.remark ?? '').trim(),
  };
}

/** A gateway as the pickers and the server name a device point: "name (serial)". */
export function gatewayLabel({ gatewayName, gatewayNumber }: { gatewayName: string; gatewayNumber: string }): string {
  return gatewayNumber ? `${gatewayName} (${gatewayNumber})` : gatewayName;
}

/** The same point (type and id) is on the route already. */
export function isOnRoute(points: readonly Pick<InspectionRoutePoint, 'pointType' | 'refId'>[], pointType: string, refId: number): boolean {
  return points.some((point) => point.pointType === pointType && point.refId === refId);
}

/** The route's points, names joined in the order walked. */
export function pointsSummary(points: readonly InspectionRoutePoint[]): string {
  return points.map((point) => point.pointName).join(' → ');
}

/** An option of the address picker; the addresses on the route already cannot be picked again. */
export interface AddressOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: AddressOption[];
}

/** The address tree as the picker's options, the addresses in `taken` disabled. */
export function addressOptions(nodes: readonly AddressTreeNode[], taken: ReadonlySet<number>): AddressOption[] {
  return nodes.map((node) => {
    const children = addressOptions(node.children ?? [], taken);
    return { value: node.id, title: node.name, disabled: taken.has(node.id) || undefined, children: children.length > 0 ? children : undefined };
  });
}

/** The name of the address `id` in the tree, if it is there. */
export function addressName(nodes: readonly AddressTreeNode[], id: number): string | undefined {
  for (const node of nodes) {
    if (node.id === id) return node.name;
    const found = addressName(node.children ?? [], id);
    if (found !== undefined) return found;
  }
  return undefined;
}

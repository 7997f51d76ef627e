import type { Role } from '../../../domain/roles';

export type NavItem = { label: string; to: string; roles: Role[]; group: 'Work' | 'Catalogue' | 'Finance' | 'Settings' | 'Admin' };

/** Every area of the spec, with the roles that see it. */
export const NAV: NavItem[] = [
  { label: 'Orders', to: '/orders', roles: ['admin', 'seller', 'warehouse'], group: 'Work' },
  { label: 'Fulfillment', to: '/fulfillment', roles: ['seller', 'warehouse'], group: 'Work' },
  { label: 'Returns', to: '/returns', roles: ['admin', 'seller', 'warehouse'], group: 'Work' },
  { label: 'Inventory', to: '/inventory', roles: ['seller', 'warehouse'], group: 'Work' },
  { label: 'Bulk uploads', to: '/bulk', roles: ['admin', 'seller', 'warehouse'], group: 'Work' },
  { label: 'Catalogue', to: '/catalogs', roles: ['admin', 'seller', 'warehouse'], group: 'Catalogue' },
  { label: 'Retailers', to: '/retailers', roles: ['admin', 'seller', 'warehouse'], group: 'Catalogue' },
  { label: 'Invoices', to: '/invoices', roles: ['admin', 'seller', 'finance'], group: 'Finance' },
  { label: 'COD remittance', to: '/remittance', roles: ['finance', 'admin'], group: 'Finance' },
  { label: 'Weight disputes', to: '/weights', roles: ['finance', 'admin', 'seller'], group: 'Finance' },
  { label: 'Brands CSV', to: '/finance', roles: ['finance', 'admin'], group: 'Finance' },
  { label: 'Invoicing', to: '/settings/invoicing', roles: ['seller'], group: 'Settings' },
  { label: 'Channels', to: '/settings/channels', roles: ['seller'], group: 'Settings' },
  { label: 'GST', to: '/settings/gst', roles: ['seller'], group: 'Settings' },
  { label: 'Couriers', to: '/settings/couriers', roles: ['seller'], group: 'Settings' },
  { label: 'Preferences', to: '/settings/preferences', roles: ['admin', 'seller'], group: 'Settings' },
  { label: 'Tracking page', to: '/settings/tracking-layout', roles: ['seller'], group: 'Settings' },
  { label: 'Profile', to: '/profile', roles: ['admin', 'seller', 'warehouse'], group: 'Settings' },
  { label: 'Delivery orders', to: '/admin/delivery-orders', roles: ['admin'], group: 'Admin' },
  { label: 'Drivers', to: '/admin/drivers', roles: ['admin'], group: 'Admin' },
  { label: 'Journeys', to: '/admin/journeys', roles: ['admin'], group: 'Admin' },
  { label: 'Clusters', to: '/admin/clusters', roles: ['admin'], group: 'Admin' },
  { label: 'Warehouses', to: '/admin/warehouses', roles: ['admin'], group: 'Admin' },
  { label: 'Owners and users', to: '/admin/owners', roles: ['admin'], group: 'Admin' },
  { label: 'Promoters', to: '/admin/promoters', roles: ['admin'], group: 'Admin' },
  { label: 'Mail outbox', to: '/admin/outbox', roles: ['admin'], group: 'Admin' },
  { label: 'Audit log', to: '/admin/audit-log', roles: ['admin'], group: 'Admin' },
];

export const navFor = (role: Role) => NAV.filter((n) => n.roles.includes(role));

/** Where a role lands after sign-in. */
export const homeFor = (role: Role) => (role === 'warehouse' ? '/fulfillment' : role === 'finance' ? '/finance' : '/orders');

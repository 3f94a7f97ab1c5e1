/**
 * What a console section is and what it gets. The sections themselves are listed in
 * section-registry.ts (a section imports these types from here; were the list here too, each
 * section and the list would import each other).
 */
import type { ComponentType } from 'react';
import type { Permission } from '../site/roles';

import type { SectionProps } from './section-types';

// The props a section gets live apart, so a section can name them without importing this list of sections (a cycle).
export type { ConsoleSession, SectionProps } from './section-types';

export interface ConsoleSection {
  id: string;
  label: string;
  /** Who may open it: the roles with this permission, or with any of these. */
  permission: Permission | readonly Permission[];
  load: () => Promise<{ default: ComponentType<SectionProps> }>;
}

/** Whether a session may open `section` (the sidebar lists only these; the server checks every call again). */
export function mayOpen(can: Readonly<Record<Permission, boolean>>, section: ConsoleSection): boolean {
  const needed = typeof section.permission === 'string' ? [section.permission] : section.permission;
  return needed.some((permission) => can[permission]);
}

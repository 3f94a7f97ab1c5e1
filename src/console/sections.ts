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
  permission: Permission;
  load: () => Promise<{ default: ComponentType<SectionProps> }>;
}

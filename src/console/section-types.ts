/** What the shell gives every console section (src/console/sections.ts lists the sections). */
import type { Permission } from '../site/roles';

export interface ConsoleSession {
  email: string;
  roles: number[];
  roleNames: string[];
  websiteId: string;
  can: Record<Permission, boolean>;
}

export interface SectionProps {
  session: ConsoleSession;
  /** The path after /config/<id>/, split on '/'. */
  path: string[];
  navigate: (to: string) => void;
}

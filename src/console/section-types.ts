/** What the shell gives every console section (src/console/sections.ts lists the sections). */
import type { ConsoleSession } from '../api';

export type { ConsoleSession };

export interface SectionProps {
  session: ConsoleSession;
  /** The path after /config/<id>/, split on '/'. */
  path: string[];
  navigate: (to: string) => void;
}

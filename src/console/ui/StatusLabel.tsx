/** A small coloured label for a state: 'Sold out', 'On sale', 'Draft', 'Scheduled', 'Invited', … */
import type { ReactNode } from 'react';

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'critical';

export function StatusLabel({ tone = 'neutral', children }: { tone?: StatusTone; children: ReactNode }) {
  return <span className={`StatusLabel StatusLabel--${tone}`}>{children}</span>;
}

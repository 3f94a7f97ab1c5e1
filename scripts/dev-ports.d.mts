/** Types of scripts/dev-ports.mjs for the TypeScript tests. */
export function devPorts(
  env: Record<string, string | undefined>,
): { port: number; inspectorPort: number } | { error: string };
export function portInUse(port: number, host: string): Promise<boolean>;
export function portProblem(ports: { port: number; inspectorPort: number }, host: string): Promise<string | null>;

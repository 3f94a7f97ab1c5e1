/** The slowest interactions of a page (by interaction id, longest event duration each), at most `limit` kept. */
export class SlowestInteractions {
  private readonly byId = new Map<number, number>();

  constructor(private readonly limit: number) {}

  add(interactionId: number, duration: number): void {
    if (duration <= (this.byId.get(interactionId) ?? -1)) return;
    this.byId.set(interactionId, duration);
    if (this.byId.size <= this.limit) return;
    let fastest: number | null = null;
    for (const [id, d] of this.byId) if (fastest === null || d < (this.byId.get(fastest) ?? Infinity)) fastest = id;
    if (fastest !== null) this.byId.delete(fastest);
  }

  durations(): number[] {
    return [...this.byId.values()].sort((a, b) => b - a);
  }
}

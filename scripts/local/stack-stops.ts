/** What the local stack stops on the way out: each started piece's `stop`, in the order started. */
export type Stop = () => Promise<unknown>;

/** Stops the pieces last started first; one that fails to stop does not keep the others running. */
export async function stopAll(stops: Stop[]): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}

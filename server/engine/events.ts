/** A small typed event emitter: listeners run synchronously, in registration order. */
export class TypedEvents<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  on<Name extends keyof Events>(name: Name, listener: (payload: Events[Name]) => void): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener as (payload: never) => void);
    this.listeners.set(name, set);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<Name extends keyof Events>(name: Name, payload: Events[Name]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      // One failing listener must not stop the others or the engine.
      try {
        (listener as (payload: Events[Name]) => void)(payload);
      } catch (error) {
        console.error(`listener of ${String(name)} failed`, error);
      }
    }
  }
}

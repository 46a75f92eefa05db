import type { Locale } from '../i18n/locale';

/**
 * Messages that cross remote boundaries. Remotes never import each other:
 * they publish and subscribe here. Add an event by adding a key.
 */
export interface PortalEvents {
  'locale:changed': { locale: Locale };
  /** A remote asks the shell to show a toast (SPEC §9: default timeout 5000 ms). */
  notify: { kind: 'success' | 'error' | 'info'; message: string; timeoutMs?: number };
  /** The calculator hands a priced choice to the order flow. */
  'order:prefill': { shipmentType: 'letter' | 'parcel'; countryCode: string; weight: number; workflowId?: string };
  /** The map's location picker returns the chosen place. */
  'location:picked': { requestId: string; locationId: string; label: string };
  /**
   * A remote failed to load or crashed; the shell hides its navigation entries. `reason` is the
   * error's message, e.g. a shared contract version the running shell cannot meet.
   */
  'remote:failed': { name: string; reason?: string };
}

export type EventName = keyof PortalEvents;
export type Listener<K extends EventName> = (payload: PortalEvents[K]) => void;

export interface EventBus {
  on<K extends EventName>(event: K, listener: Listener<K>): () => void;
  off<K extends EventName>(event: K, listener: Listener<K>): void;
  emit<K extends EventName>(event: K, payload: PortalEvents[K]): void;
}

export function createEventBus(): EventBus {
  const listeners = new Map<EventName, Set<Listener<EventName>>>();
  const bus: EventBus = {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as Listener<EventName>);
      return () => bus.off(event, listener);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as Listener<EventName>);
    },
    emit(event, payload) {
      // Copy first: a listener may unsubscribe while we iterate.
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as Listener<typeof event>)(payload);
        } catch (error) {
          // One faulty subscriber (often in another remote) must not break the publisher.
          console.error(`event listener for "${event}" failed`, error);
        }
      }
    },
  };
  return bus;
}

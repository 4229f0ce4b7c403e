import { Subject, filter, map, type Observable } from 'rxjs';
import type { BusEventName, BusEvents } from './events';

interface Envelope<K extends BusEventName = BusEventName> {
  type: K;
  payload: BusEvents[K];
}

/**
 * The typed event bus. One instance per page: the shared package is a Module Federation singleton, so the host
 * and every remote see the same Subject.
 */
export class EventBus {
  private readonly subject = new Subject<Envelope>();

  emit<K extends BusEventName>(type: K, payload: BusEvents[K]): void {
    this.subject.next({ type, payload } as Envelope);
  }

  on<K extends BusEventName>(type: K): Observable<BusEvents[K]> {
    return this.subject.pipe(
      filter((e): e is Envelope<K> => e.type === type),
      map((e) => e.payload),
    );
  }
}

export const bus = new EventBus();

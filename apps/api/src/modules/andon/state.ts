import type { ServiceContext } from '../../context';
import type { EventBus } from '../../lib/event-bus';

/**
 * What the andon keeps while an app runs (docs/decisions/064-no-late-wiring.md): the light this
 * instance last sent per arco, and the pushes and MQTT messages under way (settled on close).
 */
export interface AndonState {
  lights: Map<number, string>;
  background: Set<Promise<unknown>>;
}

/**
 * One state per app: keyed by its event bus, which the context's copies for a transaction
 * (`{ ...ctx, db: trx }`) share. Two apps in one process (tests) keep theirs apart.
 */
const states = new WeakMap<EventBus, AndonState>();

export function andonState(ctx: ServiceContext): AndonState {
  let state = states.get(ctx.events);
  if (!state) {
    state = { lights: new Map(), background: new Set() };
    states.set(ctx.events, state);
  }
  return state;
}

// The andon: who is called, when, the answers and the figures (docs/decisions/043-andon.md), a file
// per section: roles.ts, rules.ts, calls.ts (published, pulled, answered, read), escalation.ts (the
// scheduler's pass), figures.ts and push.ts (Web Push). Other modules reach them through this file.
export {
  acknowledgeCall,
  arriveAtCall,
  callsAtArco,
  callsFor,
  findCall,
  openCallsOfArco,
  plantaAndon,
  pullCord,
  resolveCall,
} from './calls';
export { settleBackground } from './common';
export { ANDON_LATE_START_WAIT_MS, andonTick } from './escalation';
export { andonFigures, callTimesOf, type ParadaCallTimes, spread } from './figures';
export { publicKey, pushInBackground, subscribe, unsubscribe } from './push';
export { getRoles, setRoles } from './roles';
export { getRules, setRules } from './rules';

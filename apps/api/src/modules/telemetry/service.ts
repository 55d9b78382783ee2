// Weld telemetry in, bound to the pass being welded, judged against the circular's procedure, and the
// figures (docs/decisions/079-weld-telemetry.md, 080-weld-judgement-and-acceptance.md, 081-weld-figures-and-retention.md),
// a file per section as decision 071 lays modules out: ingest.ts (HTTP batches and MQTT messages, queued
// in groups) and ingest-group.ts (one group's transaction), judgement.ts (a pass against the procedure,
// the mark and the hold), passes.ts ('Iniciar'/'Finalizar soldadura', a pass's summary), decision.ts
// (the circular's judgement and Calidad's decision), live.ts, figures.ts (arc-on share and OEE),
// retention.ts and views.ts (the plant board's and the timeline's arc). The routes, app.ts and other
// modules reach them through this file.
export { awaitingDecision, decide, seamTelemetry } from './decision';
export { figures } from './figures';
export { handleTelemetryMessage, ingest, reportSamples } from './ingest';
export { liveArcos } from './live';
export { endRun, getRun, runAtArco, runSecondsView, startRun } from './passes';
export { countSamples, reduceOldSamples } from './retention';
// The plant board's arc burning and the timeline's arc-on stretches (docs/decisions/090-arc-on-board-and-timeline.md).
export { arcStretches, arcTime, weldNow } from './views';

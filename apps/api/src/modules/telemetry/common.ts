import type { ServiceContext } from '../../context';
import type * as repo from './repository';

// What the telemetry's sections share (docs/decisions/079-weld-telemetry.md).

export type Run = Awaited<ReturnType<typeof repo.findRun>> & {};
export type Executor = ServiceContext['db'];

export const iso = (ms: number) => new Date(ms).toISOString();

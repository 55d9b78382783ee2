import type { ServiceContext } from '../../context';
import * as figuresRepo from './figures-repository';

// The plant board's figures (modules/planta).
export const listActiveParadas = (ctx: ServiceContext) => figuresRepo.listActiveParadas(ctx.db);
export const finishedMinutesOn = (ctx: ServiceContext, date: string) => figuresRepo.finishedMinutesOn(ctx.db, date);
export const finishedStopsOverlapping = (
  ctx: ServiceContext,
  nave: string,
  range: { from: string; to: string; fromDate: string; toDate: string },
) => figuresRepo.finishedStopsOverlapping(ctx.db, ctx.engine, nave, range.from, range.to, range.fromDate, range.toDate);
export const microStopsOn = (ctx: ServiceContext, date: string) => figuresRepo.microStopsOn(ctx.db, date);
export const countStoppedArcos = (ctx: ServiceContext) => figuresRepo.countStoppedArcos(ctx.db);
export const countParadasOn = (ctx: ServiceContext, date: string) => figuresRepo.countParadasOn(ctx.db, date);

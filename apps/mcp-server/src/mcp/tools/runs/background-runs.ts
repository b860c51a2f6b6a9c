// The scan_hygiene and benchmark_memory tools: answered at once with a run, which continues in the background.
import { benchmarkMemory, scanHygiene } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';

export const scanHygieneHandler = defineHandler({
  name: 'scan_hygiene',
  run: (args, ctx) => scanHygiene(memoryDeps(ctx), ctx.deps.runs, actorOf(ctx), args),
});

export const benchmarkMemoryHandler = defineHandler({
  name: 'benchmark_memory',
  run: (args, ctx) => benchmarkMemory(memoryDeps(ctx), ctx.deps.runs, actorOf(ctx), args),
});

// The remember tool; its target refusals are also counted for alerting over HTTP.
import { hasRefusal, type WriteRefusedReason } from '@svc/contract';
import { remember, sessionLine } from '@svc/core';
import { isServiceError } from '@svc/errors';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';

const COUNTED: WriteRefusedReason[] = ['scope_target_required', 'project_hint_unresolvable'];

export const rememberHandler = defineHandler({
  name: 'remember',
  async run(args, ctx) {
    try {
      return await remember(memoryDeps(ctx), actorOf(ctx), args, { linkThread: !ctx.threadFromTransport });
    } catch (err) {
      const reason = isServiceError(err) ? COUNTED.find((r) => hasRefusal(err.message, r)) : undefined;
      if (reason && ctx.transport === 'http') ctx.deps.metrics.writeRefused.inc({ reason });
      throw err;
    }
  },
  sessionLine: (out) => (out.session ? sessionLine(out.session) : undefined),
});

// The promote_rule tool: a standing rule delivered to the caller's sessions at connect time.
import { promoteRule } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';

export const promoteRuleHandler = defineHandler({
  name: 'promote_rule',
  run: (args, ctx) => promoteRule(memoryDeps(ctx), actorOf(ctx), args),
});

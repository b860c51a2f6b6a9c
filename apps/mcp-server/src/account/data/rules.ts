// GET /account/rules: the person's standing rules (the project list is in ../project-routes.ts).
import { Router, type RequestHandler } from 'express';
import { listActiveRules, listCallerProjects } from '@svc/core';
import type { ServerDeps } from '../../deps';
import { projectOf } from './memory-view';
import { personOf } from './person';

export function ruleAndProjectRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  router.get('/account/rules', guard, async (_req, res) => {
    const actor = personOf(res);
    const { rules, projects } = await deps.database.asUser(actor, async (tx) => ({
      // The same active rules a new agent session receives at connect time.
      rules: await listActiveRules(tx),
      projects: await listCallerProjects(tx, actor.userId),
    }));
    const names = new Map(projects.map((p) => [p.id, p.name]));
    res.json({
      rules: rules.map((rule) => ({
        ...rule,
        project: projectOf(rule.scope === 'personal' ? null : rule.scope.slice('project:'.length), names),
      })),
    });
  });

  return router;
}

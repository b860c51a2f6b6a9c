// The table of administrative actions: what `svc` commands do, run here or by the process that owns the data.
import { runMigrations, type Database } from '@svc/db';
import { fail } from '@svc/errors';
import { ensureRequestContext } from '@svc/observability';
import { z } from 'zod';
import { backupCreate, backupCreateArgs, backupList, backupListArgs, backupVerify, backupVerifyArgs } from './backup-actions';
import { jobsList, jobsListArgs } from './jobs-actions';
import {
  projectAddMember,
  projectAddMemberArgs,
  projectList,
  projectListArgs,
  projectMembersArgs,
  projectMembersList,
  projectRemoveMember,
  projectRemoveMemberArgs,
} from './project-actions';
import { tokenCreate, tokenCreateArgs } from './token-actions';
import { userAdd, userAddArgs, userPassword, userPasswordArgs } from './user-actions';

interface AdminAction<S extends z.ZodType> {
  args: S;
  run(db: Database, args: z.infer<S>): Promise<string>;
}

const action = <S extends z.ZodType>(a: AdminAction<S>): AdminAction<S> => a;

const migrate = action({
  args: z.object({}),
  async run(db) {
    await runMigrations(db);
    return 'migrations applied';
  },
});

export const ADMIN_ACTIONS = {
  migrate,
  'user.add': action({ args: userAddArgs, run: userAdd }),
  'user.password': action({ args: userPasswordArgs, run: userPassword }),
  'token.create': action({ args: tokenCreateArgs, run: tokenCreate }),
  'jobs.list': action({ args: jobsListArgs, run: jobsList }),
  'project.list': action({ args: projectListArgs, run: projectList }),
  'project.members': action({ args: projectMembersArgs, run: projectMembersList }),
  'project.add-member': action({ args: projectAddMemberArgs, run: projectAddMember }),
  'project.remove-member': action({ args: projectRemoveMemberArgs, run: projectRemoveMember }),
  'backup.create': action({ args: backupCreateArgs, run: backupCreate }),
  'backup.list': action({ args: backupListArgs, run: backupList }),
  'backup.verify': action({ args: backupVerifyArgs, run: backupVerify }),
} as const;

export type AdminActionName = keyof typeof ADMIN_ACTIONS;
export type AdminArgs<N extends AdminActionName> = z.input<(typeof ADMIN_ACTIONS)[N]['args']>;

export function isAdminActionName(name: unknown): name is AdminActionName {
  return typeof name === 'string' && Object.hasOwn(ADMIN_ACTIONS, name);
}

/** Validates the arguments where they arrive and runs the action as one request of its own (audit rows carry its id). */
export async function runAdminAction(db: Database, name: string, args: unknown): Promise<string> {
  if (!isAdminActionName(name)) throw fail.validation(`Unknown administrative action ${name}`);
  const spec: AdminAction<z.ZodType> = ADMIN_ACTIONS[name];
  const parsed = spec.args.safeParse(args);
  if (!parsed.success) throw fail.validation(parsed.error.issues[0]?.message ?? 'invalid arguments', { action: name });
  return ensureRequestContext(() => spec.run(db, parsed.data));
}

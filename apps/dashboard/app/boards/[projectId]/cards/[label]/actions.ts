// Moving a card from its page: the card tool's rules run on the server, and its refusal comes back to the form in words.
'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { CARD_COLUMNS, pagesApi } from '../../../../../lib/api/data-pages';
import { failureText } from '../../../../../lib/page-result';
import { withNext } from '../../../../../lib/safe-next';
import { CROSS_SITE, fromDashboard, sessionToken } from '../../../../../lib/session';

export interface MoveState {
  error?: string;
  moved?: string;
}

const MoveForm = z.object({
  project: z.uuid(),
  label: z.string().regex(/^SVC-\d+$/),
  state: z.enum(CARD_COLUMNS),
  no_branch: z.string().trim().max(2000).optional(),
  not_landed: z.string().trim().max(2000).optional(),
  no_links: z.string().trim().max(2000).optional(),
});

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

export async function moveCard(_state: MoveState, form: FormData): Promise<MoveState> {
  if (!(await fromDashboard())) return { error: CROSS_SITE };
  const parsed = MoveForm.safeParse({
    project: form.get('project'),
    label: form.get('label'),
    state: form.get('state'),
    no_branch: text(form, 'no_branch'),
    not_landed: text(form, 'not_landed'),
    no_links: text(form, 'no_links'),
  });
  if (!parsed.success) return { error: 'Choose the state to move the card to.' };
  const { project, label, ...move } = parsed.data;
  const here = `/boards/${project}/cards/${label}`;
  const token = await sessionToken();
  if (!token) redirect(withNext('/login', here));
  const answer = await pagesApi(token).moveCard(project, label, move);
  if (answer.ok) redirect(`${here}?moved=${answer.data.card.state}`);
  if (answer.status === 401) redirect(withNext('/login', here));
  // The card tool's refusal (branch_required, branch_open, links_required, type_required) is meant to be read.
  return { error: answer.status === 403 ? 'You can read this board but not move its cards: your role is reader.' : failureText(answer) };
}

// The page a project invitation link opens: after sign-in, what the invitation offers and a button to accept it.
import { DataPage } from '../../../components/data-page';
import { projectsApi } from '../../../lib/api/projects';
import { dataOr, failureText, isFailure } from '../../../lib/page-result';
import { param, type SearchParams } from '../../../lib/search-params';
import { requireToken } from '../../../lib/session';
import { ROLE_HELP } from '../[projectId]/role-select';
import { when } from '../when';
import { AcceptForm } from './accept-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Join a project · Memory service' };

const DEAD = 'This invitation link is unknown, already used, revoked or expired. Ask the project owner for a new one.';

export default async function JoinPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const code = (param(await searchParams, 'code') ?? '').slice(0, 100);
  const here = `/projects/join?code=${encodeURIComponent(code)}`;
  const token = await requireToken(here);
  if (!code) {
    return (
      <DataPage path="/projects" title="Join a project">
        <p className="error" role="alert">
          This invitation link is incomplete.
        </p>
      </DataPage>
    );
  }
  const answer = dataOr(await projectsApi(token).previewInvitation(code), here);
  if (isFailure(answer)) {
    return (
      <DataPage path="/projects" title="Join a project">
        <p className="error" role="alert">
          {answer.status === 404 ? DEAD : failureText(answer)}
        </p>
      </DataPage>
    );
  }
  return (
    <DataPage path="/projects" title="Join a project">
      <section className="panel">
        <p>
          You are invited to <strong>{answer.project.name}</strong> as a <strong>{answer.role}</strong>.
        </p>
        <p className="muted">{ROLE_HELP[answer.role]}. The invitation lasts until {when(answer.expires_at)}.</p>
        {answer.for_you ? (
          <AcceptForm code={code} projectName={answer.project.name} />
        ) : (
          <p className="error" role="alert">
            This invitation is for {answer.email}. Sign out and sign in as {answer.email} to accept it.
          </p>
        )}
      </section>
    </DataPage>
  );
}

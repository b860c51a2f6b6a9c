// One project: what it holds, its members and their roles, and (for owners) inviting, roles, invitations and settings.
import { DataPage } from '../../../components/data-page';
import { projectsApi, type ProjectMember, type ProjectSummary } from '../../../lib/api/projects';
import { dataOr, isFailure } from '../../../lib/page-result';
import { param, type SearchParams } from '../../../lib/search-params';
import { requireToken } from '../../../lib/session';
import { day, when } from '../when';
import { changeRole, leaveProject, removeMember, revokeInvitation } from './actions';
import { InviteForm } from './invite-form';
import { ROLE_HELP, RoleSelect } from './role-select';
import { SettingsForm } from './settings-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Project · Memory service' };

const NOTICES: Record<string, string> = {
  role_changed: 'The role was changed.',
  removed: 'The member was removed. What they wrote stays in the project.',
  revoked: 'The invitation was revoked; its link no longer works.',
  saved: 'Saved.',
  joined: 'Welcome: you are now a member of this project.',
  already_member: 'You were a member already; your role is unchanged.',
};

const PROBLEMS: Record<string, string> = {
  last_owner: 'A project keeps at least one owner: make another member owner first.',
  already_member: 'That person is already a member.',
  owners_only: 'Only an owner of the project may do that.',
  gone: 'That member or invitation is no longer there.',
  failed: 'That did not work. Try again.',
};

function Facts({ project }: { project: ProjectSummary }) {
  return (
    <dl className="facts">
      <div>
        <dt>Your role</dt>
        <dd>{project.role}</dd>
      </div>
      <div>
        <dt>Memories</dt>
        <dd>{project.memories}</dd>
      </div>
      <div>
        <dt>Cards (open / all)</dt>
        <dd>
          {project.open_cards} / {project.cards}
        </dd>
      </div>
      <div>
        <dt>Last activity</dt>
        <dd>{when(project.last_activity_at)}</dd>
      </div>
      <div>
        <dt>Also known as</dt>
        <dd>{[...project.aliases, ...(project.initials ? [project.initials] : [])].join(', ') || '—'}</dd>
      </div>
    </dl>
  );
}

function MemberRow({ member, projectId, owner }: { member: ProjectMember; projectId: string; owner: boolean }) {
  const who = member.display_name ? `${member.display_name} (${member.email})` : member.email;
  return (
    <tr data-testid="member-row">
      <th scope="row">
        {who}
        {member.you ? <span className="muted"> — you</span> : null}
      </th>
      <td>
        {owner ? (
          <form action={changeRole} className="row">
            <input type="hidden" name="project_id" value={projectId} />
            <input type="hidden" name="user_id" value={member.user_id} />
            <RoleSelect id={`role-${member.user_id}`} name="role" label={`Role of ${member.email}`} value={member.role} hideLabel />
            <button type="submit" className="secondary" aria-label={`Change role of ${member.email}`}>
              Change
            </button>
          </form>
        ) : (
          member.role
        )}
      </td>
      <td>{day(member.joined_at)}</td>
      <td>
        {member.you ? (
          <form action={leaveProject}>
            <input type="hidden" name="project_id" value={projectId} />
            <input type="hidden" name="user_id" value={member.user_id} />
            <button type="submit" className="secondary">
              Leave project
            </button>
          </form>
        ) : owner ? (
          <form action={removeMember}>
            <input type="hidden" name="project_id" value={projectId} />
            <input type="hidden" name="user_id" value={member.user_id} />
            <button type="submit" className="secondary" aria-label={`Remove ${member.email}`}>
              Remove
            </button>
          </form>
        ) : null}
      </td>
    </tr>
  );
}

export default async function ProjectPage(props: { params: Promise<{ projectId: string }>; searchParams: Promise<SearchParams> }) {
  const { projectId } = await props.params;
  const params = await props.searchParams;
  const here = `/projects/${encodeURIComponent(projectId)}`;
  const answer = dataOr(await projectsApi(await requireToken(here)).get(projectId), here);
  if (isFailure(answer)) return <DataPage path="/projects" title="Project" failure={answer} />;
  const { project, members, invitations } = answer;
  const owner = project.role === 'owner';
  const notice = NOTICES[param(params, 'notice') ?? ''];
  const problem = PROBLEMS[param(params, 'problem') ?? ''];
  return (
    <DataPage path="/projects" title={project.name}>
      <p>
        <a href="/projects">← All projects</a> · <a href={`/boards/${encodeURIComponent(project.id)}`}>Open the board</a>
      </p>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {problem ? (
        <p className="error" role="alert">
          {problem}
        </p>
      ) : null}
      <Facts project={project} />

      <section className="panel" aria-labelledby="members-heading">
        <h2 id="members-heading">Members ({members.length})</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Role</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <MemberRow key={m.user_id} member={m} projectId={project.id} owner={owner} />
            ))}
          </tbody>
        </table>
        <ul className="muted small">
          {Object.values(ROLE_HELP).map((help) => (
            <li key={help}>{help}</li>
          ))}
        </ul>
      </section>

      {owner ? (
        <>
          <section className="panel" aria-labelledby="invite-heading">
            <h2 id="invite-heading">Invite someone</h2>
            <InviteForm projectId={project.id} />
            {invitations.length > 0 ? (
              <>
                <h3>Open invitations</h3>
                <table data-testid="invitations">
                  <thead>
                    <tr>
                      <th scope="col">Email</th>
                      <th scope="col">Role</th>
                      <th scope="col">Expires</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {invitations.map((i) => (
                      <tr key={i.id}>
                        <td>{i.email}</td>
                        <td>{i.role}</td>
                        <td>{when(i.expires_at)}</td>
                        <td>
                          <form action={revokeInvitation}>
                            <input type="hidden" name="project_id" value={project.id} />
                            <input type="hidden" name="invitation_id" value={i.id} />
                            <button type="submit" className="secondary" aria-label={`Revoke the invitation of ${i.email}`}>
                              Revoke
                            </button>
                          </form>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            ) : null}
          </section>
          <section className="panel" aria-labelledby="settings-heading">
            <h2 id="settings-heading">Name and aliases</h2>
            <SettingsForm projectId={project.id} name={project.name} aliases={project.aliases} />
          </section>
        </>
      ) : null}
    </DataPage>
  );
}

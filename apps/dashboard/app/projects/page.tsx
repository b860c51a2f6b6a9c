// Projects: each with the caller's role, its members, memories, cards and last activity, and links to its page and board.
import { DataPage } from '../../components/data-page';
import { projectsApi } from '../../lib/api/projects';
import { dataOr, isFailure } from '../../lib/page-result';
import { param, type SearchParams } from '../../lib/search-params';
import { requireToken } from '../../lib/session';
import { when } from './when';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Projects · Memory service' };

export default async function ProjectsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const left = param(await searchParams, 'notice') === 'left';
  const answer = dataOr(await projectsApi(await requireToken('/projects')).list(), '/projects');
  if (isFailure(answer)) return <DataPage path="/projects" title="Projects" failure={answer} />;
  // The most recently active first: that is the project one is most likely looking for.
  const projects = [...answer.projects].sort((a, b) => b.last_activity_at.localeCompare(a.last_activity_at));
  return (
    <DataPage path="/projects" title="Projects">
      {left ? (
        <p className="notice" role="status">
          You left the project. What you wrote there stays in it.
        </p>
      ) : null}
      {projects.length === 0 ? (
        <p className="muted">
          No projects yet. A project is set up the first time an agent remembers something in a repository, or when
          someone shares one with you.
        </p>
      ) : (
        <table data-testid="projects">
          <caption className="visually-hidden">Your projects</caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Your role</th>
              <th scope="col">Members</th>
              <th scope="col">Memories</th>
              <th scope="col">Cards (open / all)</th>
              <th scope="col">Last activity</th>
              <th scope="col">Board</th>
            </tr>
          </thead>
          <tbody>
            {projects.map((p) => (
              <tr key={p.id} data-testid="project-row">
                <th scope="row">
                  <a href={`/projects/${encodeURIComponent(p.id)}`}>{p.name}</a>
                  {p.aliases.length > 0 ? <div className="muted small">also {p.aliases.join(', ')}</div> : null}
                </th>
                <td>{p.role}</td>
                <td>{p.members}</td>
                <td>{p.memories}</td>
                <td>
                  {p.open_cards} / {p.cards}
                </td>
                <td>{when(p.last_activity_at)}</td>
                <td>
                  <a href={`/boards/${encodeURIComponent(p.id)}`} aria-label={`Board of ${p.name}`}>
                    Board
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </DataPage>
  );
}

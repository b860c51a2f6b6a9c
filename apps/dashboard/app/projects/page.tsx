// Projects: each links to its board.
import { DataPage } from '../../components/data-page';
import { dataApi } from '../../lib/api/data';
import { dataOr, isFailure } from '../../lib/page-result';
import { requireToken } from '../../lib/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Projects · Memory service' };

export default async function ProjectsPage() {
  const answer = dataOr(await dataApi(await requireToken('/projects')).projects(), '/projects');
  if (isFailure(answer)) return <DataPage path="/projects" title="Projects" failure={answer} />;
  return (
    <DataPage path="/projects" title="Projects">
      {answer.projects.length === 0 ? (
        <p className="muted">No projects yet.</p>
      ) : (
        <ul>
          {answer.projects.map((p) => (
            <li key={p.id}>
              <a href={`/boards/${encodeURIComponent(p.id)}`}>{p.name}</a>
            </li>
          ))}
        </ul>
      )}
    </DataPage>
  );
}

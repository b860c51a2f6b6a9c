// Boards: one per project the person belongs to, with how many cards are in each state.
import { DataPage } from '../../components/data-page';
import { CARD_COLUMNS, pagesApi } from '../../lib/api/data-pages';
import { dataOr, isFailure } from '../../lib/page-result';
import { requireToken } from '../../lib/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Boards · Memory service' };

export default async function BoardsPage() {
  const answer = dataOr(await pagesApi(await requireToken('/boards')).boards(), '/boards');
  if (isFailure(answer)) return <DataPage path="/boards" title="Boards" failure={answer} />;
  return (
    <DataPage path="/boards" title="Boards">
      {answer.boards.length === 0 ? (
        <p className="muted">No boards yet. A project&apos;s board appears once you or your agents work in a project.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Board</th>
              {CARD_COLUMNS.map((s) => (
                <th key={s} scope="col">
                  {s}
                </th>
              ))}
              <th scope="col">Your role</th>
            </tr>
          </thead>
          <tbody>
            {answer.boards.map((b) => (
              <tr key={b.project.id}>
                <td>
                  <a href={`/boards/${encodeURIComponent(b.project.id)}`}>{b.project.name}</a>
                </td>
                {CARD_COLUMNS.map((s) => (
                  <td key={s}>{b.counts[s] ?? 0}</td>
                ))}
                <td>{b.project.role}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </DataPage>
  );
}

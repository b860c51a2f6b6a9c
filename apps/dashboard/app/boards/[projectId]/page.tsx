// A project's board: a column per card state, each with its count, cards labelled SVC-N and linking to their page.
import { DataPage } from '../../../components/data-page';
import { CARD_COLUMNS, pagesApi, type CardSummary } from '../../../lib/api/data-pages';
import { dataOr, isFailure } from '../../../lib/page-result';
import { requireToken } from '../../../lib/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Board · Memory service' };

function CardItem({ card, projectId }: { card: CardSummary; projectId: string }) {
  return (
    <li className="card" data-testid="card">
      <a href={`/boards/${encodeURIComponent(projectId)}/cards/${card.label}`}>
        <strong>{card.label}</strong> {card.title}
      </a>
      <span className="muted">
        {card.type ?? 'no type'}
        {card.open_branches.length ? ` · ${card.open_branches.map((b) => b.name).join(', ')}` : ''}
      </span>
    </li>
  );
}

export default async function BoardPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const here = `/boards/${encodeURIComponent(projectId)}`;
  const answer = dataOr(await pagesApi(await requireToken(here)).board(projectId), here);
  if (isFailure(answer)) return <DataPage path="/boards" title="Board" failure={answer} />;
  return (
    <DataPage path="/boards" title={`Board: ${answer.project.name}`}>
      <p>
        <a href="/boards">← All boards</a>
      </p>
      <div className="board states">
        {CARD_COLUMNS.map((state) => {
          const cards = answer.cards.filter((c) => c.state === state);
          const count = answer.counts[state] ?? 0;
          return (
            <section key={state} className="panel column" aria-labelledby={`col-${state}`} data-testid={`column-${state}`}>
              <h2 id={`col-${state}`}>
                {state} <span className="count">{count}</span>
              </h2>
              {cards.length === 0 ? (
                <p className="muted">{count > 0 ? 'More cards than one page shows.' : 'No cards.'}</p>
              ) : (
                <ul className="cards">
                  {cards.map((card) => (
                    <CardItem key={card.id} card={card} projectId={answer.project.id} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </DataPage>
  );
}

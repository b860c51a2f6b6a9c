// A project's board: its cards in columns, in the order of the card states.
import { CARD_STATES } from '@svc/contract';
import { DataPage } from '../../../components/data-page';
import type { CardItem } from '../../../lib/api/data-schemas';
import { dataApi } from '../../../lib/api/data';
import { dataOr, isFailure } from '../../../lib/page-result';
import { requireToken } from '../../../lib/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Board · Memory service' };

function columnsOf(cards: CardItem[]): { state: string; cards: CardItem[] }[] {
  const order: readonly string[] = CARD_STATES;
  const states = [...new Set(cards.map((c) => c.state ?? 'other'))];
  states.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return states.map((state) => ({ state, cards: cards.filter((c) => (c.state ?? 'other') === state) }));
}

export default async function BoardPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const here = `/boards/${encodeURIComponent(projectId)}`;
  const answer = dataOr(await dataApi(await requireToken(here)).board(projectId), here);
  if (isFailure(answer)) return <DataPage path="/projects" title="Board" failure={answer} />;
  const columns = columnsOf(answer.cards);
  return (
    <DataPage path="/projects" title={answer.project ? `Board: ${answer.project.name}` : 'Board'}>
      {columns.length === 0 ? (
        <p className="muted">No cards on this board.</p>
      ) : (
        <div className="board">
          {columns.map((col) => (
            <section key={col.state} className="panel" aria-label={col.state}>
              <h2>{col.state.replaceAll('_', ' ')}</h2>
              <ul>
                {col.cards.map((card) => (
                  <li key={card.id}>
                    {card.label ? <strong>{card.label} </strong> : null}
                    {card.title}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </DataPage>
  );
}

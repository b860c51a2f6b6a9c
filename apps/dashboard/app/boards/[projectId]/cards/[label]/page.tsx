// One card: its SVC-N label, title, type, state, body, relations, branches, attachments and log, and the form that moves it.
import { notFound } from 'next/navigation';
import { DataPage } from '../../../../../components/data-page';
import { pagesApi, type CardDetail } from '../../../../../lib/api/data-pages';
import { dataOr, isFailure } from '../../../../../lib/page-result';
import { param, type SearchParams } from '../../../../../lib/search-params';
import { requireToken } from '../../../../../lib/session';
import { MoveForm } from './move-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Card · Memory service' };

const when = (iso: string | null) => (iso ? `${iso.replace('T', ' ').slice(0, 16)} UTC` : '');

function Relations({ card }: { card: CardDetail['card'] }) {
  if (card.relations.length === 0) {
    return <p className="muted">{card.no_links_reason ? `Relates to no other card: ${card.no_links_reason}` : 'No relations stated yet.'}</p>;
  }
  return (
    <ul>
      {card.relations.map((r) => (
        <li key={`${r.card_id}-${r.relation}`}>
          {r.relation.replaceAll('_', ' ')} <a href={`./${r.card_label}`}>{r.card_label}</a>
          {r.reason ? `: ${r.reason}` : ''}
          {r.declared ? '' : ' (undeclared, from an attachment)'}
        </li>
      ))}
    </ul>
  );
}

function Branches({ card }: { card: CardDetail['card'] }) {
  if (card.branches.length === 0) {
    return <p className="muted">{card.no_branch_reason ? `No branch needed: ${card.no_branch_reason}` : 'No branch.'}</p>;
  }
  return (
    <ul>
      {card.branches.map((b) => (
        <li key={`${b.repo}-${b.name}-${b.opened_at}`}>
          <code>{b.name}</code> in {b.repo}: {b.state.replace('_', ' ')}
          {b.commit ? ` at ${b.commit}` : ''}
          {b.not_landed_reason ? ` (${b.not_landed_reason})` : ''}
        </li>
      ))}
    </ul>
  );
}

export default async function CardPage({
  params,
  searchParams,
}: {
  params: Promise<{ projectId: string; label: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { projectId, label } = await params;
  const moved = param(await searchParams, 'moved');
  const here = `/boards/${encodeURIComponent(projectId)}/cards/${encodeURIComponent(label)}`;
  const answer = await pagesApi(await requireToken(here)).card(projectId, label);
  if (!answer.ok && (answer.status === 404 || answer.code === 'validation_failed')) notFound();
  const detail = dataOr(answer, here);
  if (isFailure(detail)) return <DataPage path="/boards" title={label} failure={detail} />;
  const { card, log } = detail;
  return (
    <DataPage path="/boards" title={`${card.label}: ${card.title}`}>
      <p>
        <a href={`/boards/${encodeURIComponent(projectId)}`}>← Board</a>
      </p>
      {moved ? (
        <p className="notice" role="status">
          Moved to {moved}.
        </p>
      ) : null}
      <dl className="facts">
        <dt>Label</dt>
        <dd data-testid="card-label">{card.label}</dd>
        <dt>State</dt>
        <dd data-testid="card-state">{card.state}</dd>
        <dt>Type</dt>
        <dd>{card.type ?? 'none yet'}</dd>
        <dt>Created</dt>
        <dd>{when(card.created_at)}</dd>
      </dl>
      <section className="panel" aria-label="Body">
        {card.body ? <p className="prewrap">{card.body}</p> : <p className="muted">No description.</p>}
      </section>
      <h2>Move</h2>
      <MoveForm project={projectId} label={card.label} state={card.state} />
      <h2>Relations</h2>
      <Relations card={card} />
      <h2>Branches</h2>
      <Branches card={card} />
      {card.refs.length ? (
        <>
          <h2>Attached</h2>
          <ul>
            {card.refs.map((r) => (
              <li key={`${r.ref_kind}-${r.ref}`}>
                {r.ref_kind === 'memory' ? <a href={`/memories/${r.ref}`}>memory {r.ref}</a> : `${r.ref_kind} ${r.ref}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>Log</h2>
      {log.length === 0 ? (
        <p className="muted">Nothing logged yet.</p>
      ) : (
        <ol className="log" data-testid="card-log">
          {log.map((entry) => (
            <li key={entry.id}>
              <span className="muted">{when(entry.created_at)}</span> {entry.note}
            </li>
          ))}
        </ol>
      )}
    </DataPage>
  );
}

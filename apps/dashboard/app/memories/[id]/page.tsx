// One memory: its English text beside the original and its language, its versions and supersedes links, its conflicts.
import { notFound } from 'next/navigation';
import { FailureNote } from '../../../components/failure-note';
import { Nav } from '../../../components/nav';
import { pagesApi, type MemoryDetail } from '../../../lib/api/data-pages';
import { dataOr, isFailure } from '../../../lib/page-result';
import { param, type SearchParams } from '../../../lib/search-params';
import { requireToken } from '../../../lib/session';
import { forgetMemory, restoreMemory } from '../actions';
import { stateLabel } from '../memory-state';
import { ConflictPanel } from './conflict-panel';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Memory · Memory service' };

const NOTICES: Record<string, string> = {
  settled: 'The conflict was settled.',
  forgotten: 'The memory was forgotten.',
  restored: 'The memory was restored.',
};
const PROBLEMS: Record<string, string> = {
  not_settled: 'The conflict could not be settled: it may be settled already, or the merged text was empty or refused.',
  failed: 'That did not work. Try again.',
};

function Links({ label, ids }: { label: string; ids: string[] | undefined }) {
  if (!ids?.length) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <ul className="plain">
          {ids.map((id) => (
            <li key={id}>
              <a href={`/memories/${id}`}>{id}</a>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

function Versions({ history, current }: { history: MemoryDetail['history']; current: string }) {
  if (history.versions.length < 2) return <p className="muted">This memory has no other versions.</p>;
  return (
    <ol className="versions">
      {history.versions.map((v) => (
        <li key={v.id} aria-current={v.id === current ? 'true' : undefined}>
          {v.id === current ? <strong>{v.content}</strong> : <a href={`/memories/${v.id}`}>{v.content}</a>}{' '}
          <span className="muted">
            · {v.created_at?.slice(0, 10)} · {stateLabel(v)}
            {v.id === history.current ? ' · current' : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

export default async function MemoryPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  const { id } = await params;
  const query = await searchParams;
  const here = `/memories/${encodeURIComponent(id)}`;
  const answer = await pagesApi(await requireToken(here)).memory(id);
  if (!answer.ok && (answer.status === 404 || answer.code === 'validation_failed')) notFound();
  const detail = dataOr(answer, here);
  const notice = NOTICES[param(query, 'notice') ?? ''];
  const problem = PROBLEMS[param(query, 'notice') ?? ''];
  return (
    <>
      <Nav current="/memories" />
      <main className="page">
        <p>
          <a href="/memories">← All memories</a>
        </p>
        <h1>Memory</h1>
        {notice ? <p className="notice" role="status">{notice}</p> : null}
        {problem ? <p className="error" role="alert">{problem}</p> : null}
        {isFailure(detail) ? (
          <FailureNote failure={detail} />
        ) : (
          <MemoryBody detail={detail} here={here} />
        )}
      </main>
    </>
  );
}

function MemoryBody({ detail, here }: { detail: MemoryDetail; here: string }) {
  const m = detail.memory;
  const retired = m.status === 'retired';
  const original = m.original && m.original.content !== m.content ? m.original : null;
  return (
    <>
      <section className="panel" aria-label="Text">
        {original ? (
          <div className="sides">
            <div lang="en">
              <h2>English</h2>
              <p data-testid="memory-english">{m.content}</p>
            </div>
            <div lang={original.language}>
              <h2>Original ({original.language})</h2>
              <p data-testid="memory-original">{original.content}</p>
            </div>
          </div>
        ) : (
          <p data-testid="memory-english">{m.content}</p>
        )}
        {m.language && m.language !== 'en' && !original ? (
          <p className="muted">Written in {m.language}; its English translation is not made yet.</p>
        ) : null}
      </section>
      <dl className="facts">
        <dt>State</dt>
        <dd>{stateLabel(m)}</dd>
        <dt>Kind</dt>
        <dd>{m.kind}</dd>
        <dt>Language</dt>
        <dd>{m.language}</dd>
        <dt>Where</dt>
        <dd>{m.project ? `Project ${m.project.name ?? m.project.id}` : 'Personal'}</dd>
        {m.tags?.length ? (
          <>
            <dt>Tags</dt>
            <dd>{m.tags.join(', ')}</dd>
          </>
        ) : null}
        <dt>Created</dt>
        <dd>{m.created_at?.replace('T', ' ').slice(0, 16)} UTC</dd>
        {retired && m.invalidation_reason ? (
          <>
            <dt>Forgotten because</dt>
            <dd>{m.invalidation_reason}</dd>
          </>
        ) : null}
        <Links label="Supersedes" ids={m.supersedes} />
        <Links label="Superseded by" ids={m.superseded_by} />
      </dl>
      <form action={retired ? restoreMemory : forgetMemory}>
        <input type="hidden" name="id" value={m.id} />
        <input type="hidden" name="back" value={here} />
        <button type="submit" className={retired ? 'secondary' : 'danger'}>
          {retired ? 'Restore' : 'Forget'}
        </button>
      </form>
      <h2>Versions</h2>
      <Versions history={detail.history} current={m.id} />
      <h2>Conflicts</h2>
      {detail.conflicts.length === 0 ? (
        <p className="muted">No conflict involves this memory.</p>
      ) : (
        detail.conflicts.map((c) => <ConflictPanel key={c.id} conflict={c} memoryId={m.id} />)
      )}
    </>
  );
}

// Memories: search, list, forget and restore.
import { FailureNote } from '../../components/failure-note';
import { Nav } from '../../components/nav';
import { dataApi } from '../../lib/api/data';
import { dataOr, isFailure } from '../../lib/page-result';
import { param, type SearchParams } from '../../lib/search-params';
import { requireToken } from '../../lib/session';
import { MemoryRow } from './memory-row';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Memories · Memory service' };

const NOTICES: Record<string, string> = {
  forgotten: 'The memory was forgotten. You can restore it from the list with retired memories shown.',
  restored: 'The memory was restored.',
  failed: 'That did not work. Try again.',
};

export default async function MemoriesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const q = (param(params, 'q') ?? '').slice(0, 500);
  const includeRetired = param(params, 'retired') === '1';
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(includeRetired ? { retired: '1' } : {}) }).toString();
  const back = `/memories${query ? `?${query}` : ''}`;
  const token = await requireToken(back);
  const answer = dataOr(await dataApi(token).memories({ q, includeRetired }), back);
  const notice = NOTICES[param(params, 'notice') ?? ''];
  return (
    <>
      <Nav current="/memories" />
      <main className="page">
        <h1>Memories</h1>
        {notice ? <p className="notice" role="status">{notice}</p> : null}
        <form method="get" action="/memories" className="row" role="search">
          <label className="row" style={{ flex: 1 }}>
            <span>Search</span>
            <input type="search" name="q" defaultValue={q} />
          </label>
          <label className="row">
            <input type="checkbox" name="retired" value="1" defaultChecked={includeRetired} /> Show forgotten
          </label>
          <button type="submit">Search</button>
        </form>
        {isFailure(answer) ? (
          <FailureNote failure={answer} />
        ) : answer.memories.length === 0 ? (
          <p className="muted">{q ? 'No memory matches.' : 'No memories yet. Your agents write them as they work.'}</p>
        ) : (
          <table style={{ marginTop: '1rem' }}>
            <thead>
              <tr>
                <th scope="col">Memory</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="muted">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.memories.map((m) => (
                <MemoryRow key={m.id} memory={m} back={back} />
              ))}
            </tbody>
          </table>
        )}
      </main>
    </>
  );
}

// Memories: search by words and meaning, filter by project, kind, language and state, and act on many at once.
import { MEMORY_KINDS } from '@svc/contract';
import { FailureNote } from '../../components/failure-note';
import { Nav } from '../../components/nav';
import { dataApi } from '../../lib/api/data';
import { pagesApi, type MemoryFilters } from '../../lib/api/data-pages';
import { dataOr, isFailure } from '../../lib/page-result';
import { param, type SearchParams } from '../../lib/search-params';
import { requireToken } from '../../lib/session';
import { BulkForm } from './bulk-form';
import { MemoryRow } from './memory-row';
import { STATE_CHOICES } from './memory-state';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Memories · Memory service' };

function noticeText(params: SearchParams): string | undefined {
  const done = param(params, 'done') ?? '0';
  const skipped = Number(param(params, 'skipped') ?? '0');
  const notSkipped = skipped > 0 ? ` ${skipped} could not be (not yours to change, or already done).` : '';
  switch (param(params, 'notice')) {
    case 'forgotten':
      return 'The memory was forgotten. You can restore it from the list with forgotten memories shown.';
    case 'restored':
      return 'The memory was restored.';
    case 'bulk_forgotten':
      return `${done} forgotten.${notSkipped}`;
    case 'bulk_moved':
      return `${done} moved.${notSkipped}`;
    default:
      return undefined;
  }
}

const PROBLEMS: Record<string, string> = {
  failed: 'That did not work. Try again.',
  none_selected: 'Tick at least one memory first.',
  no_destination: 'Choose where to move the memories.',
  move_forbidden: 'You cannot move memories into that project: readers cannot add to it.',
};

function filtersOf(params: SearchParams): MemoryFilters {
  const pick = (name: string) => (param(params, name) ?? '').slice(0, 512) || undefined;
  // The older "show forgotten" link (retired=1) lists every state.
  const state = pick('state') ?? (param(params, 'retired') === '1' ? 'all' : undefined);
  return { q: pick('q'), project: pick('project'), kind: pick('kind'), language: pick('language'), state, cursor: pick('cursor') };
}

export default async function MemoriesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const filters = filtersOf(params);
  const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  const back = `/memories${query ? `?${query}` : ''}`;
  const token = await requireToken(back);
  const [answer, projects] = await Promise.all([pagesApi(token).memories(filters), dataApi(token).projects()]);
  const list = dataOr(answer, back);
  const mine = projects.ok ? projects.data.projects : [];
  const notice = noticeText(params);
  const problem = PROBLEMS[param(params, 'notice') ?? ''];
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <Nav current="/memories" />
      <main className="page wide">
        <h1>Memories</h1>
        {notice ? <p className="notice" role="status">{notice}</p> : null}
        {problem ? <p className="error" role="alert">{problem}</p> : null}
        <form method="get" action="/memories" className="filters" role="search" aria-label="Memories">
          <label className="grow">
            <span>Search</span>
            <input type="search" name="q" defaultValue={filters.q} placeholder="Words or meaning" />
          </label>
          <label>
            <span>Project</span>
            <select name="project" defaultValue={filters.project ?? ''}>
              <option value="">All</option>
              <option value="personal">Personal</option>
              {mine.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>Kind</span>
            <select name="kind" defaultValue={filters.kind ?? ''}>
              <option value="">All</option>
              {MEMORY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>Language</span>
            <select name="language" defaultValue={filters.language ?? ''}>
              <option value="">All</option>
              {(isFailure(list) ? [] : list.languages).map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>State</span>
            <select name="state" defaultValue={filters.state ?? 'live'}>
              {STATE_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Search</button>
          {filtered ? (
            <a href="/memories" className="button secondary">
              Clear
            </a>
          ) : null}
        </form>
        {isFailure(list) ? (
          <FailureNote failure={list} />
        ) : list.memories.length === 0 ? (
          <p className="muted">{filtered ? 'No memory matches.' : 'No memories yet. Your agents write them as they work.'}</p>
        ) : (
          <BulkForm>
            <input type="hidden" name="back" value={back} />
            <p className="muted" aria-live="polite">
              {list.memories.length} shown{list.more_unsearched ? '; more match: narrow the search or the filters to see them' : ''}.
            </p>
            <table>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Select</span>
                  </th>
                  <th scope="col">Memory</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Language</th>
                  <th scope="col">State</th>
                  <th scope="col">Project</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="visually-hidden">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.memories.map((m) => (
                  <MemoryRow key={m.id} memory={m} />
                ))}
              </tbody>
            </table>
            {list.next_cursor ? (
              <p>
                <a href={`/memories?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(query)), cursor: list.next_cursor })}`}>
                  Older memories →
                </a>
              </p>
            ) : null}
            <fieldset className="bulk">
              <legend>With the ticked memories</legend>
              <button type="submit" name="op" value="forget" className="danger">
                Forget
              </button>
              <label className="inline">
                <span>Move to</span>
                <select name="scope" defaultValue="">
                  <option value="">Choose…</option>
                  <option value="personal">Personal</option>
                  {mine
                    .filter((p) => p.role !== 'reader')
                    .map((p) => (
                      <option key={p.id} value={`project:${p.id}`}>
                        {p.name}
                      </option>
                    ))}
                </select>
              </label>
              <button type="submit" name="op" value="move" className="secondary">
                Move
              </button>
              <button type="submit" name="op" value="export" className="secondary">
                Export as JSON
              </button>
            </fieldset>
          </BulkForm>
        )}
      </main>
    </>
  );
}

// The memories list's form: forget or restore one row, forget or move the ticked memories, or download them as JSON.
import { NextResponse, type NextRequest } from 'next/server';
import { dataApi } from '../../../lib/api/data';
import { pagesApi } from '../../../lib/api/data-pages';
import { dashboardOrigin } from '../../../lib/env';
import { safeNext, withNext } from '../../../lib/safe-next';
import { isSameOrigin } from '../../../lib/same-origin';
import { SESSION_COOKIE } from '../../../lib/session-cookie';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCOPE = /^(personal|project:[0-9a-f-]{36})$/i;

/** The list again, where the person was, with what happened in words the page knows. */
function back(origin: string, to: string, notice: Record<string, string>): NextResponse {
  const url = new URL(to, origin);
  url.searchParams.delete('notice');
  url.searchParams.delete('done');
  url.searchParams.delete('skipped');
  for (const [k, v] of Object.entries(notice)) url.searchParams.set(k, v);
  return NextResponse.redirect(url, 303);
}

export async function POST(request: NextRequest): Promise<Response> {
  const origin = dashboardOrigin();
  if (!isSameOrigin(request.headers, origin)) return new Response('Cross-site form refused', { status: 403 });
  const form = await request.formData();
  const to = safeNext(String(form.get('back') ?? ''), '/memories');
  const token = request.cookies.get(SESSION_COOKIE)?.value;
  if (!token) return NextResponse.redirect(new URL(withNext('/login', to), origin), 303);
  // A row's own button: that one memory, whatever is ticked.
  const row = /^(forget|restore):(.+)$/.exec(String(form.get('row') ?? ''));
  if (row && UUID.test(row[2]!)) {
    const how = row[1] as 'forget' | 'restore';
    const done = await dataApi(token)[how](row[2]!);
    return back(origin, to, { notice: done.ok ? (how === 'forget' ? 'forgotten' : 'restored') : 'failed' });
  }
  // Only the server's rules decide what may be done; these checks only keep malformed input out.
  const ids = [...new Set(form.getAll('ids').map(String))].filter((id) => UUID.test(id)).slice(0, 100);
  if (ids.length === 0) return back(origin, to, { notice: 'none_selected' });
  const api = pagesApi(token);
  const op = String(form.get('op') ?? '');

  if (op === 'export') {
    const answer = await api.exportMemories(ids);
    if (!answer.ok) return back(origin, to, { notice: 'failed' });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(JSON.stringify(answer.data, null, 2), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="memories-${day}.json"`,
        'cache-control': 'no-store',
      },
    });
  }
  if (op === 'forget') {
    const answer = await api.bulk({ action: 'forget', ids });
    if (!answer.ok) return back(origin, to, { notice: 'failed' });
    return back(origin, to, { notice: 'bulk_forgotten', done: String(answer.data.retired?.length ?? 0), skipped: String(answer.data.skipped.length) });
  }
  if (op === 'move') {
    const scope = String(form.get('scope') ?? '');
    if (!SCOPE.test(scope)) return back(origin, to, { notice: 'no_destination' });
    const answer = await api.bulk({ action: 'move', ids, scope });
    if (!answer.ok) return back(origin, to, { notice: answer.status === 403 ? 'move_forbidden' : 'failed' });
    return back(origin, to, { notice: 'bulk_moved', done: String(answer.data.moved?.length ?? 0), skipped: String(answer.data.skipped.length) });
  }
  return back(origin, to, { notice: 'failed' });
}

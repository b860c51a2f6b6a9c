// Usage over the last days: tool calls in total, per day and per tool, as the server's ledger counts them.
import { DataPage } from '../../components/data-page';
import { DataTable } from '../../components/data-table';
import { dataApi } from '../../lib/api/data';
import { dataOr, isFailure } from '../../lib/page-result';
import { param, type SearchParams } from '../../lib/search-params';
import { requireToken } from '../../lib/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Usage · Memory service' };

export default async function UsagePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const days = Math.min(Math.max(Math.trunc(Number(param(await searchParams, 'days'))) || 30, 1), 365);
  const here = `/usage?days=${days}`;
  const answer = dataOr(await dataApi(await requireToken(here)).usage(days), here);
  if (isFailure(answer)) return <DataPage path="/usage" title="Usage" failure={answer} />;
  return (
    <DataPage path="/usage" title={`Usage, last ${answer.days} days`}>
      <p>
        {answer.total.calls} tool calls, {answer.total.errors} of them failed.
      </p>
      <h2>By tool</h2>
      <DataTable rows={answer.by_tool} columns={['tool', 'calls', 'errors']} />
      <h2>By day</h2>
      <DataTable rows={[...answer.daily].reverse()} columns={['date', 'calls', 'errors']} />
    </DataPage>
  );
}

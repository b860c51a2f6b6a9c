// Rules: the standing rules agents were asked to follow.
import { DataPage } from '../../components/data-page';
import { DataTable } from '../../components/data-table';
import { dataApi } from '../../lib/api/data';
import { dataOr, isFailure } from '../../lib/page-result';
import { requireToken } from '../../lib/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Rules · Memory service' };

export default async function RulesPage() {
  const answer = dataOr(await dataApi(await requireToken('/rules')).rules(), '/rules');
  if (isFailure(answer)) return <DataPage path="/rules" title="Rules" failure={answer} />;
  return (
    <DataPage path="/rules" title="Rules">
      <DataTable rows={answer.rules} columns={['rule_text', 'status', 'created_at']} />
    </DataPage>
  );
}

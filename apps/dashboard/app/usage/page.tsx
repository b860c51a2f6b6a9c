// Usage and health: tool calls per day and per tool as a chart, totals, and the state of background jobs, backups, alarms and the language model.
import { DataPage } from '../../components/data-page';
import { DataTable } from '../../components/data-table';
import { FailureNote } from '../../components/failure-note';
import { UsageChart } from '../../components/usage-chart';
import { pagesApi, type HealthReport } from '../../lib/api/data-pages';
import { dataOr, isFailure } from '../../lib/page-result';
import { param, type SearchParams } from '../../lib/search-params';
import { requireToken } from '../../lib/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Usage · Memory service' };

const HOUR_MS = 3_600_000;

function age(iso: string, now: number): string {
  const hours = (now - Date.parse(iso)) / HOUR_MS;
  if (hours < 1) return 'less than an hour ago';
  if (hours < 48) return `${Math.floor(hours)} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

const at = (iso: string | null) => (iso ? `${iso.replace('T', ' ').slice(0, 16)} UTC` : '–');

function Health({ health, now }: { health: HealthReport; now: number }) {
  const { backups, alarms, jobs, language_model: model } = health;
  // A day and a half: the daily backup runs at 03:30 UTC, so an older one means at least one was missed.
  const stale = backups !== null && backups.latest !== null && now - Date.parse(backups.latest.created_at) > 36 * HOUR_MS;
  return (
    <>
      <h2>Health</h2>
      <div className="health">
        <section className="panel" aria-labelledby="h-model">
          <h3 id="h-model">Language model</h3>
          <p data-testid="language-model">
            {model.configured ? `On: ${model.model}.` : 'Off: LLM_BASE_URL is not set.'}
          </p>
          <p className="muted">
            {model.configured
              ? 'Memories in other languages are translated into English; transcripts are read by the model; hygiene asks it to confirm.'
              : 'No translation; transcripts are read by the offline extractor; hygiene uses its word checks only.'}
          </p>
        </section>
        {backups && alarms ? (
          <>
        <section className="panel" aria-labelledby="h-backups">
          <h3 id="h-backups">Backups</h3>
          {backups.error ? (
            <p className="error">The backups cannot be read: {backups.error}</p>
          ) : backups.latest ? (
            <p className={stale ? 'error' : undefined} data-testid="latest-backup">
              Latest {age(backups.latest.created_at, now)} ({at(backups.latest.created_at)}, {backups.latest.reason}), {backups.count} kept
              {backups.unreadable ? `, ${backups.unreadable} unreadable` : ''}.
            </p>
          ) : (
            <p className="error" data-testid="latest-backup">
              No backup yet.
            </p>
          )}
          {backups.where ? <p className="muted">Stored in {backups.where}.</p> : null}
        </section>
        <section className="panel" aria-labelledby="h-alarms">
          <h3 id="h-alarms">Alarms</h3>
          {alarms.open.length === 0 ? (
            <p data-testid="alarms">No open alarm.</p>
          ) : (
            <ul className="error" data-testid="alarms">
              {alarms.open.map((a) => (
                <li key={a.alarm}>
                  {a.alarm} since {at(a.raised_at)}
                </li>
              ))}
            </ul>
          )}
          {alarms.raised_since_start.length ? (
            <p className="muted">
              Raised since the server started: {alarms.raised_since_start.map((a) => `${a.alarm} ×${a.count}`).join(', ')}.
            </p>
          ) : null}
        </section>
          </>
        ) : (
          <section className="panel" aria-labelledby="h-operator">
            <h3 id="h-operator">Jobs, backups and alarms</h3>
            <p className="muted" data-testid="operator-only">Shown to the owner of this instance.</p>
          </section>
        )}
      </div>
      {health.operator ? (
        <>
      <h3>Background jobs</h3>
      {jobs.length === 0 ? (
        <p className="muted">No job has been scheduled yet: the queue starts with the server.</p>
      ) : (
        <table data-testid="jobs">
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Schedule (UTC)</th>
              <th scope="col">Next run</th>
              <th scope="col">Last outcome</th>
              <th scope="col">Last started</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((j) => (
              <tr key={j.job}>
                <td>{j.job}</td>
                <td>{j.schedule ?? 'on request'}</td>
                <td>{at(j.next_run)}</td>
                <td className={j.last_outcome === 'failed' ? 'error-text' : undefined}>{j.last_outcome ?? 'never run'}</td>
                <td>{at(j.last_started)}</td>
                <td>{j.duration_ms === null ? '–' : `${j.duration_ms} ms`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
        </>
      ) : null}
    </>
  );
}

export default async function UsagePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const days = Math.min(Math.max(Math.trunc(Number(param(await searchParams, 'days'))) || 30, 1), 365);
  const here = `/usage?days=${days}`;
  const api = pagesApi(await requireToken(here));
  const [usage, health] = await Promise.all([api.usage(days), api.health()]);
  const answer = dataOr(usage, here);
  const healthAnswer = dataOr(health, here);
  if (isFailure(answer)) return <DataPage path="/usage" title="Usage" failure={answer} />;
  const now = Date.now();
  const busyDays = answer.daily.filter((d) => d.calls > 0).reverse();
  return (
    <DataPage path="/usage" title={`Usage, last ${answer.days} days`}>
      <p data-testid="usage-total">
        {answer.total.calls} tool calls, {answer.total.errors} of them failed
        {answer.language_model?.calls
          ? `; ${answer.language_model.calls} language-model calls (${answer.language_model.prompt_tokens + answer.language_model.completion_tokens} tokens)`
          : ''}
        .
      </p>
      <UsageChart report={answer} />
      <h2>By tool</h2>
      <DataTable rows={answer.by_tool} columns={['tool', 'calls', 'errors']} />
      <details>
        <summary>By day</summary>
        {/* The chart keeps every day of the window; the table lists only the days something happened. */}
        {busyDays.length === 0 ? (
          <p className="muted" data-testid="no-calls">
            No tool was called in these {answer.days} days.
          </p>
        ) : (
          <DataTable rows={busyDays} columns={['date', 'calls', 'errors']} />
        )}
      </details>
      {isFailure(healthAnswer) ? <FailureNote failure={healthAnswer} /> : <Health health={healthAnswer} now={now} />}
    </DataPage>
  );
}

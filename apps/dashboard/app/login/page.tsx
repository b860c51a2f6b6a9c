// Sign-in page: password form, the external provider's button when the server has one configured, and
// the way to an account: /setup on an instance without any, /signup where sign-up is open.
import { redirect } from 'next/navigation';
import { signInApi } from '../../lib/api/account';
import { safeNext } from '../../lib/safe-next';
import type { SearchParams } from '../../lib/search-params';
import { LoginForm } from './login-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Sign in · Memory service' };

const NOTICES: Record<string, string> = {
  oidc_failed: 'Signing in with the external provider did not work. Try again or use your password.',
  signed_out: 'You are signed out.',
  deleted: 'Your account has been deleted.',
  set_up: 'This instance already has its owner. Sign in, or ask the owner for an invitation.',
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const next = safeNext(typeof params.next === 'string' ? params.next : null);
  const notice = typeof params.notice === 'string' ? NOTICES[params.notice] : undefined;
  const [oidc, signup] = await Promise.all([signInApi().oidc(), signInApi().signupState()]);
  if (signup.ok && signup.data.needs_setup) redirect('/setup');
  return (
    <main className="narrow" id="main">
      <h1>Sign in</h1>
      {notice ? (
        <p className={params.notice === 'oidc_failed' ? 'error' : 'notice'} role="status">
          {notice}
        </p>
      ) : null}
      <LoginForm next={next} />
      {oidc.ok && oidc.data.enabled ? (
        <>
          <p className="divider">or</p>
          <form method="post" action="/login/oidc">
            <input type="hidden" name="next" value={next} />
            <button type="submit" className="secondary" style={{ width: '100%' }}>
              Sign in with {oidc.data.name ?? 'single sign-on'}
            </button>
          </form>
        </>
      ) : null}
      {signup.ok && signup.data.open ? (
        <p className="muted">
          No account yet? <a href="/signup">Create one</a>
        </p>
      ) : null}
    </main>
  );
}

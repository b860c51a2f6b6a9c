// First run: on an instance without any account, make the owner's; afterwards the page sends people to sign in.
import { redirect } from 'next/navigation';
import { FailureNote } from '../../components/failure-note';
import { signInApi } from '../../lib/api/account';
import { SetupForm } from './setup-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Set up · Memory service' };

export default async function SetupPage() {
  const state = await signInApi().setupState();
  if (state.ok && !state.data.needed) redirect('/login?notice=set_up');
  return (
    <main className="narrow" id="main">
      <h1>Set up the memory service</h1>
      {state.ok ? (
        <>
          <p>
            This instance has no account yet. The account you create now is its <strong>owner</strong>: it can
            invite other people later.
          </p>
          <SetupForm />
        </>
      ) : (
        <FailureNote failure={state} />
      )}
    </main>
  );
}

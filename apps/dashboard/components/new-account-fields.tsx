// The fields of a new account: email, an optional name, the password twice with its rule beside it.
import { PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from '../lib/new-account';

export function NewAccountFields({
  email,
  displayName,
  fixedEmail,
}: {
  email?: string;
  displayName?: string;
  /** An invitation for one address: the field is filled in and cannot be changed. */
  fixedEmail?: string | null;
}) {
  return (
    <>
      <label>
        Email
        <input
          type="email"
          name="email"
          autoComplete="username"
          required
          defaultValue={fixedEmail ?? email}
          readOnly={Boolean(fixedEmail)}
        />
      </label>
      <label>
        <span>
          Name <span className="muted">(optional)</span>
        </span>
        <input type="text" name="display_name" autoComplete="name" maxLength={200} defaultValue={displayName} />
      </label>
      <label>
        Password
        <input
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-describedby="password-rule"
        />
      </label>
      <p id="password-rule" className="muted hint">
        {PASSWORD_HINT}
      </p>
      <label>
        Password again
        <input
          type="password"
          name="password_again"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
        />
      </label>
    </>
  );
}

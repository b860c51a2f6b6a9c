// A server failure shown on a page, in words a person can act on.
import type { ApiFailure } from '../lib/api/client';
import { failureText } from '../lib/page-result';

export function FailureNote({ failure }: { failure: ApiFailure }) {
  return (
    <p className="error" role="alert">
      {failureText(failure)}
    </p>
  );
}

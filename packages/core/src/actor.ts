// Who a domain operation acts for: the signed-in person and the assurance level of their session.
import type { UserContext } from '@svc/db';

export type Actor = Required<UserContext>;

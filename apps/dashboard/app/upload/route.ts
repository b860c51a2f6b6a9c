// The upload form is disabled: every method answers 404, before and after sign-in alike.
export const dynamic = 'force-dynamic';

function disabled(): Response {
  return new Response('Uploads are disabled', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

export const GET = disabled;
export const HEAD = disabled;
export const POST = disabled;
export const PUT = disabled;
export const PATCH = disabled;
export const DELETE = disabled;
export const OPTIONS = disabled;

// The frame of the simple list pages: navigation, heading, and the server's failure when there is one.
import type { ReactNode } from 'react';
import type { ApiFailure } from '../lib/api/client';
import { FailureNote } from './failure-note';
import { Nav } from './nav';

export function DataPage(props: { path: string; title: string; failure?: ApiFailure; children?: ReactNode }) {
  return (
    <>
      <Nav current={props.path} />
      <main className="page">
        <h1>{props.title}</h1>
        {props.failure ? <FailureNote failure={props.failure} /> : props.children}
      </main>
    </>
  );
}

// A secret the server shows once (a token, an invitation link): what it is, the value, a copy button and a way on.
import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';

export function ShownOnce(props: { id: string; value: string; copyLabel: string; doneHref: string; children: ReactNode }) {
  return (
    <div className="notice" role="status">
      <p>{props.children}</p>
      <p>
        <code className="secret" id={props.id} data-testid={props.id}>
          {props.value}
        </code>
      </p>
      <div className="row">
        <CopyButton text={props.value} label={props.copyLabel} targetId={props.id} />
        <a href={props.doneHref}>Done</a>
      </div>
    </div>
  );
}

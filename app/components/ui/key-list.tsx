import { Fragment } from "react";

export interface KeyListItem {
  term: string;
  value: string;
  testId?: string;
  /** Lets a long value (an otpauth address) break anywhere. */
  wrap?: boolean;
}

/** Keys and secrets shown for the user to copy, each as code under its name. */
export function KeyList({ items }: { items: readonly KeyListItem[] }) {
  return (
    <dl className="key-list">
      {items.map((item) => (
        <Fragment key={item.term}>
          <dt>{item.term}</dt>
          <dd>
            <code data-testid={item.testId} className={item.wrap ? "wrap" : undefined}>
              {item.value}
            </code>
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The words of a validation issue of the registration rules, in the shell's language. */
import { renderIssue, type FieldIssue } from '../registerPatterns.ts';
import type { Labels } from '../../../shell/labels.tsx';

/** Text of a validation issue from the `accounts` catalogue, bounds filled in. */
export function issueText(labels: Labels, issue: FieldIssue): string {
  return renderIssue(issue, (key) => {
    const v = key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], labels.accounts);
    return typeof v === 'string' ? v : key;
  });
}

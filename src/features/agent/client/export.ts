/**
 * A report's CSV export (issue 13): the file of the period and filters shown, saved by the
 * browser, and a note of what it holds (or why it was refused) under the button. The server
 * streams the file a page at a time; a refusal (another export still running:
 * agent.export.busy) comes as a message in the page's language.
 */
import { map } from 'nanostores';
import type { ApiClient } from '../../../kernel/http/client.ts';
import { fill } from '../../../kernel/i18n/browser.ts';
import { agentExport, EXPORT_MAX_ROWS } from '../contract.ts';
import { csvDataRows, type Report } from './report-logic.ts';
import { saveFile } from '../../../ui/save-file.ts';

export interface ExportView {
  busy: boolean;
  note: { text: string; error?: boolean } | null;
}

/** The words of the note: `exported` holds {{rows}} and {{file}}, `truncated` {{rows}}. */
export interface ExportWords {
  exported: string;
  truncated: string;
}

export { saveFile };

/** One export button's store; `save` hands the file to the browser (saveFile). */
export function createExport(o: { client: () => ApiClient; report: Report; words: ExportWords; save?: (blob: Blob, fileName: string) => void }) {
  const $export = map<ExportView>({ busy: false, note: null });
  const save = o.save ?? saveFile;
  /** Exports the rows of `query` (the report's period and filters). */
  async function run(query: Record<string, string>): Promise<void> {
    $export.set({ busy: true, note: null });
    try {
      const file = await o.client().download(agentExport, { query: { ...query, report: o.report } });
      const rows = csvDataRows(await file.blob.text(), o.report);
      const fileName = file.fileName || `${o.report}.csv`;
      save(file.blob, fileName);
      $export.set({ ...$export.get(), note: { text: rows >= EXPORT_MAX_ROWS ? fill(o.words.truncated, { rows }) : fill(o.words.exported, { rows, file: fileName }) } });
    } catch (err) {
      $export.set({ ...$export.get(), note: { text: err instanceof Error ? err.message : String(err), error: true } });
    } finally {
      $export.set({ ...$export.get(), busy: false });
    }
  }
  return { $export, run };
}

export type Export = ReturnType<typeof createExport>;

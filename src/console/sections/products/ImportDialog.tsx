/**
 * Importing products from a CSV file (Shopify's product columns): the merchant chooses a file, the
 * dry run lists every row's problems (row, column, message) or what would be created and updated, and
 * names each column it ignores; only then "Import products" saves all of it in one step. New pictures are
 * measured here first, as the pictures editor measures an address, so the storefront knows their shape.
 */
import { useState } from 'react';
import { CSV_LIMITS, CSV_MESSAGES } from '../../../site/editor/product-csv';
import { api, type ProductImport } from '../../../api';
import { consoleApi } from '../../ui/api';
import { measuredAt } from '../../ui/PicturesEditor';
import { SaveStatus, useSave } from '../../ui/SaveStatus';
import { useModalDialog } from '../../ui/useModalDialog';

/** A picture that has not loaded in `seconds` is left unmeasured (the server takes it as square). */
const withinSeconds = (size: Promise<string | null>, seconds: number) =>
  Promise.race([size, new Promise<null>((resolve) => setTimeout(() => resolve(null), seconds * 1000))]);

type Step = { kind: 'choose' } | { kind: 'checked'; csv: string; name: string; result: ProductImport };

export function ImportDialog({ onClose }: { onClose: (imported: boolean) => void }) {
  const dialog = useModalDialog();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const { state, run } = useSave();

  const check = async (file: File | undefined) => {
    setStep({ kind: 'choose' });
    setFileProblem(null);
    if (file === undefined) return;
    if (file.size > CSV_LIMITS.bytes) return setFileProblem(CSV_MESSAGES.tooLarge);
    const csv = await file.text();
    const result = await run(() => consoleApi(api.importProducts.at(), { csv, apply: false }));
    if (result !== undefined) setStep({ kind: 'checked', csv, name: file.name, result });
  };

  const apply = async () => {
    if (step.kind !== 'checked') return;
    const sizes: Record<string, string> = {};
    const measured = await Promise.all(step.result.newImages.map((url) => withinSeconds(measuredAt(url), 10)));
    step.result.newImages.forEach((url, i) => {
      const size = measured[i];
      if (size != null) sizes[url] = size;
    });
    const done = await run(() => consoleApi(api.importProducts.at(), { csv: step.csv, apply: true, sizes }));
    if (done !== undefined) return onClose(true);
    // Refused whole (the store changed since the dry run): show what the file's problems are now.
    const again = await consoleApi(api.importProducts.at(), { csv: step.csv, apply: false }).catch(() => undefined);
    if (again !== undefined) setStep({ ...step, result: again });
  };

  const result = step.kind === 'checked' ? step.result : null;
  const creates = result?.products.filter((p) => p.action === 'create').length ?? 0;
  const updates = (result?.products.length ?? 0) - creates;
  return (
    <dialog
      ref={dialog}
      className="ConfirmModal ConfirmModal--wide"
      aria-labelledby="import-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <div className="ConfirmModal-body">
        <h2 id="import-title">Import products</h2>
        <p className="Muted">
          A CSV file with Shopify’s product columns, such as an exported one: one row per variant, a product’s handle on
          each of its rows. Up to 2 MB and 5,000 rows. Nothing changes until you import.
        </p>
        <div className="Field">
          <label htmlFor="import-file">CSV file</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void check(event.target.files?.[0])}
            aria-describedby={fileProblem === null ? undefined : 'import-file-error'}
          />
          {fileProblem !== null && (
            <p id="import-file-error" className="FieldError" role="alert">
              {fileProblem}
            </p>
          )}
        </div>
        <div aria-live="polite">
          {result !== null && result.problems.length > 0 && (
            <div className="ImportProblems">
              <p role="alert">
                <strong>
                  {result.problems.length} {result.problems.length === 1 ? 'problem' : 'problems'} in{' '}
                  {step.kind === 'checked' ? step.name : ''}
                </strong>
                : fix {result.problems.length === 1 ? 'it' : 'them'} in the file and choose it again. Nothing was
                changed.
              </p>
              <table className="ImportProblems-table">
                <caption className="visually-hidden">Problems by row</caption>
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Column</th>
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {result.problems.map((problem) => (
                    <tr key={`${problem.row}-${problem.column}-${problem.message}`}>
                      <td>{problem.row}</td>
                      <td>{problem.column || '—'}</td>
                      <td>{problem.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {result !== null && result.problems.length === 0 && (
            <p role="status">
              Ready: {creates} new {creates === 1 ? 'product' : 'products'}, {updates} to update.
            </p>
          )}
          {result !== null && result.ignored.length > 0 && (
            <ul className="ImportIgnored" aria-label="Columns not imported">
              {result.ignored.map((column) => (
                <li key={column.column}>{column.message}</li>
              ))}
            </ul>
          )}
        </div>
        <SaveStatus state={state.status === 'saved' ? { status: 'idle' } : state} />
        <div className="ConfirmModal-actions">
          <button type="button" className="Button" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="Button Button--primary"
            disabled={result === null || result.problems.length > 0 || state.status === 'saving'}
            onClick={() => void apply()}
          >
            Import products
          </button>
        </div>
      </div>
    </dialog>
  );
}

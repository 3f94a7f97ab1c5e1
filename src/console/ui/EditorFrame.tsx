/**
 * The frame of the console's content editors (a page, an index page, a blog post), one for the three:
 * `useEditor` keeps the draft beside what was last loaded or saved (leaving with a difference asks first,
 * useUnsavedChanges.ts), runs one save at a time with its status, and gives each field its problem (the
 * editor's own check first, then the worker's); `EditorFrame` draws the screen around the editor's fields:
 * the breadcrumbs, the heading with its actions, the form in two columns, and the actions card last in the
 * second one (the summary of the editor's own problems, the save's status, Save and the editor's other buttons).
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { z } from 'zod';
import { PRODUCT_MESSAGES } from '../../site/editor/product-form';
import { pageFormProblems } from '../../site/editor/page-form';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import { useConfirm } from './ConfirmModal';
import { savedFieldError } from './Field';
import { SaveStatus, useSave } from './SaveStatus';
import { useUnsavedChanges } from './useUnsavedChanges';

type Checked<T> = { success: true; data: T } | { success: false; error: z.ZodError };

export function useEditor<Draft extends object>(initial: () => Draft) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [baseline, setBaseline] = useState<Draft>(draft);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  const { confirm, modal } = useConfirm();
  const unsaved = JSON.stringify(draft) !== JSON.stringify(baseline);
  useUnsavedChanges(unsaved, confirm);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((before) => ({ ...before, [key]: value }));
  /** What is stored now (loaded, saved, restored) becomes the draft and what it is compared with. */
  const start = (stored: Draft) => {
    setDraft(stored);
    setBaseline(stored);
  };
  /** The checked value, or undefined once its problems are shown at their fields (the save's status cleared). */
  const passes = <T,>(checked: Checked<T>): T | undefined => {
    if (!checked.success) {
      setProblems(pageFormProblems(checked.error));
      save.reset();
      return undefined;
    }
    setProblems({});
    return checked.data;
  };
  /** A field's problem: the editor's own check's, else the worker's (by field, or a message 'name: …'). */
  const field = (name: string): string | undefined => problems[name] ?? savedFieldError(save.state, name);
  const summary = Object.keys(problems).length > 0 ? PRODUCT_MESSAGES.invalid : undefined;
  return { draft, setDraft, set, start, unsaved, passes, field, summary, save, confirm, modal };
}

export type Editor = Pick<ReturnType<typeof useEditor>, 'save' | 'summary' | 'modal'>;

export function EditorFrame({
  editor,
  crumbs,
  title,
  actions,
  narrow = false,
  formClass = 'Columns',
  browserChecks = false,
  canEdit,
  onSubmit,
  main,
  side,
  buttons,
  children,
}: {
  editor: Editor;
  crumbs: Crumb[];
  title: string;
  /** Beside the heading: the status, View on site, History. */
  actions?: ReactNode;
  narrow?: boolean;
  formClass?: string;
  /** The form lets the browser check its required fields before it is sent (the post's title). */
  browserChecks?: boolean;
  canEdit: boolean;
  onSubmit: () => void;
  /** The first column's cards. */
  main: ReactNode;
  /** The second column's cards, above the actions. */
  side?: ReactNode;
  /** After Save in the actions card (Delete). */
  buttons?: ReactNode;
  /** After the form (a dialog the editor opens). */
  children?: ReactNode;
}) {
  const { save, summary, modal } = editor;
  return (
    <div className={narrow ? 'Page Page--narrow' : 'Page'}>
      <Breadcrumbs items={crumbs} />
      <div className="PageHeader">
        <h1>{title}</h1>
        <div className="PageHeader-actions">{actions}</div>
      </div>
      <form
        className={formClass}
        noValidate={!browserChecks}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <div>{main}</div>
        <div>
          {side}
          <div className="Card PostActions">
            {summary !== undefined && (
              <p className="FieldError" role="alert">
                {summary}
              </p>
            )}
            <SaveStatus state={save.state} />
            <button
              type="submit"
              className="Button Button--primary"
              disabled={!canEdit || save.state.status === 'saving'}
            >
              Save
            </button>
            {buttons}
          </div>
        </div>
      </form>
      {modal}
      {children}
    </div>
  );
}

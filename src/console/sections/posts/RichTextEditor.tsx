/**
 * Rich text for posts and pages, on TipTap (ProseMirror): the formatting toolbar (bold, italic,
 * headings, lists, quote, link, image, and code block for the code-injection roles, who get the
 * spec's message instead on Android), the link editor and the file manager for images. It edits
 * HTML within what the store's sanitizer keeps (src/site/model/rich-text.ts: headings 2–4, no classes or
 * styles); the worker sanitizes it again.
 */
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, type ReactNode } from 'react';
import type { ConsoleSession } from '../../section-types';
import { FilePicker } from '../files/FilePicker';
import { LinkEditor } from './LinkEditor';

export const RICH_TEXT_MESSAGES = { codeOnAndroid: 'Code editing is not available on Android.' } as const;

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  session: ConsoleSession;
}

function ToolButton({
  label,
  active,
  onClick,
  children,
  disabled = false,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    // A pointer press keeps the focus (and the selection) in the text, so what is typed next goes there, not to the button.
    <button
      type="button"
      className="RichText-tool"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </button>
  );
}

function Toolbar({
  editor,
  canCode,
  onLink,
  onImage,
}: {
  editor: Editor;
  canCode: boolean;
  onLink: () => void;
  onImage: () => void;
}) {
  const on = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      code: e.isActive('codeBlock'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="RichText-toolbar" role="toolbar" aria-label="Formatting">
      <ToolButton label="Bold" active={on.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </ToolButton>
      <ToolButton label="Italic" active={on.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolButton>
      <ToolButton label="Heading" active={on.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        Heading
      </ToolButton>
      <ToolButton label="Subheading" active={on.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        Subheading
      </ToolButton>
      <ToolButton label="Bulleted list" active={on.bullet} onClick={() => chain().toggleBulletList().run()}>
        • Bulleted
      </ToolButton>
      <ToolButton label="Numbered list" active={on.ordered} onClick={() => chain().toggleOrderedList().run()}>
        Numbered
      </ToolButton>
      <ToolButton label="Quote" active={on.quote} onClick={() => chain().toggleBlockquote().run()}>
        Quote
      </ToolButton>
      <ToolButton label="Link" active={on.link} onClick={onLink}>
        Link
      </ToolButton>
      <ToolButton label="Image" onClick={onImage}>
        Image
      </ToolButton>
      {canCode && (
        <ToolButton label="Code block" active={on.code} onClick={() => chain().toggleCodeBlock().run()}>
          {'</>'}
        </ToolButton>
      )}
    </div>
  );
}

export function RichTextEditor({ id, label, value, onChange, session }: RichTextEditorProps) {
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  // Set once the editor has made its view and takes typing: the page (and a browser test) can tell it is ready.
  const [ready, setReady] = useState(false);
  const android = /\bAndroid\b/i.test(navigator.userAgent);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        class: 'RichText-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
    onCreate: () => setReady(true),
  });
  // A closing dialog gives the focus back to the button that opened it; the writer goes on in the text instead.
  const closeDialog = () => {
    setDialog(null);
    requestAnimationFrame(() => editor?.commands.focus());
  };
  // A value loaded after the editor was made (the post arrives from the server) replaces its content.
  useEffect(() => {
    if (editor !== null && value !== editor.getHTML() && !editor.isFocused)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <div className="RichText" data-ready={ready ? 'true' : 'false'}>
      <span id={`${id}-label`} className="RichText-label">
        {label}
      </span>
      {editor !== null && (
        <Toolbar
          editor={editor}
          canCode={session.can.codeInjection && !android}
          onLink={() => setDialog('link')}
          onImage={() => setDialog('image')}
        />
      )}
      <EditorContent editor={editor} />
      {session.can.codeInjection && android && <p className="Field-hint">{RICH_TEXT_MESSAGES.codeOnAndroid}</p>}
      {dialog === 'link' && editor !== null && (
        <LinkEditor
          session={session}
          href={(editor.getAttributes('link')['href'] as string | undefined) ?? ''}
          newWindow={editor.getAttributes('link')['target'] === '_blank'}
          onApply={(href, newWindow) => {
            const link = editor.chain().focus().extendMarkRange('link');
            if (href === null) link.unsetLink().run();
            else if (editor.state.selection.empty && !editor.isActive('link'))
              editor
                .chain()
                .focus()
                .insertContent({
                  type: 'text',
                  text: href.replace(/^(mailto|tel):/, ''),
                  marks: [{ type: 'link', attrs: { href, target: newWindow ? '_blank' : null } }],
                })
                .run();
            else link.setLink({ href, target: newWindow ? '_blank' : null }).run();
            // The cursor goes after the link, as in a word processor, so the next key does not replace the linked text.
            editor.commands.setTextSelection(editor.state.selection.to);
            closeDialog();
          }}
          onClose={closeDialog}
        />
      )}
      {dialog === 'image' && editor !== null && (
        <FilePicker
          canUpload={session.can.content}
          title="Choose an image"
          imagesOnly
          onPick={(file) => {
            editor
              .chain()
              .focus()
              .setImage({
                src: `${file.url}?w=1500`,
                alt: file.name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' '),
              })
              .run();
            closeDialog();
          }}
          onClose={closeDialog}
        />
      )}
    </div>
  );
}

import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef } from 'react';

/** The editor's controls in Spanish. */
const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrita',
  italicControlLabel: 'Cursiva',
  underlineControlLabel: 'Subrayado',
  strikeControlLabel: 'Tachado',
  clearFormattingControlLabel: 'Quitar formato',
  h2ControlLabel: 'Título',
  h3ControlLabel: 'Subtítulo',
  bulletListControlLabel: 'Lista con viñetas',
  orderedListControlLabel: 'Lista numerada',
  blockquoteControlLabel: 'Cita',
  linkControlLabel: 'Enlace',
  unlinkControlLabel: 'Quitar enlace',
  undoControlLabel: 'Deshacer',
  redoControlLabel: 'Rehacer',
  linkEditorInputLabel: 'Dirección del enlace',
  linkEditorInputPlaceholder: 'https://www.ejemplo.com',
  linkEditorExternalLink: 'Abrir en una pestaña nueva',
  linkEditorInternalLink: 'Abrir en la misma pestaña',
  linkEditorSave: 'Guardar',
};

/** An empty editor is an empty description, not "<p></p>". */
export function normalizeEditorHtml(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html;
}

/**
 * Rich text (Mantine RichTextEditor on tiptap) as a form field: the value is HTML, which the
 * server sanitises. A value set from outside (the form being reset) replaces the content without
 * counting as a change.
 */
export function RichTextField({
  label,
  description,
  value,
  onChange,
  error,
  readOnly = false,
}: {
  label: string;
  description?: React.ReactNode;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  readOnly?: boolean;
}) {
  const id = useId();
  const lastEmitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      Link.configure({ openOnClick: false }),
    ],
    content: value,
    editable: !readOnly,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-labelledby': `${id}-label`,
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = normalizeEditorHtml(e.getHTML(), e.isEmpty);
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  return (
    <Input.Wrapper label={label} description={description} error={error} id={id} labelProps={{ id: `${id}-label` }}>
      <RichTextEditor
        editor={editor}
        labels={LABELS}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        {readOnly ? null : (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={readOnly ? undefined : 160} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

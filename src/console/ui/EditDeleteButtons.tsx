/** A table row's Edit and Delete buttons, each named with the row it acts on for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <button type="button" className="Button Button--small" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </button>{' '}
      <button type="button" className="Button Button--small" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </button>
    </>
  );
}

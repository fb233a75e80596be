/**
 * The small buttons at the end of a table row, named after what they act on ("Edit Backend",
 * "Delete Backend") so that a screen reader, and a test, can tell the rows' buttons apart.
 */
export function RowButton(props: { action: string; target: string; onClick: () => void }) {
  return (
    <button
      type="button"
      class="secondary small"
      aria-label={`${props.action} ${props.target}`}
      onClick={props.onClick}
    >
      {props.action}
    </button>
  );
}

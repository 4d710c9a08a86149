import { useEffect, useRef } from 'preact/hooks';
import './ChoiceRow.css';

/** One button of a choice row: what it posts (`id`) and what it says. */
export interface Choice {
  id: string;
  label: string;
  /** Its accessible name, when the label alone says too little. */
  name?: string;
}

/**
 * A row of choices under a message ("Regenerate as", "Review by"): one button each and Cancel. The first takes focus
 * when the row opens; Escape anywhere in the row closes it. The row names itself by `label`, for screen readers.
 */
export function ChoiceRow({
  label,
  choices,
  onPick,
  onCancel,
}: {
  label: string;
  choices: readonly Choice[];
  onPick: (id: string) => void;
  onCancel: () => void;
}) {
  const row = useRef<HTMLFieldSetElement>(null);
  useEffect(() => row.current?.querySelector('button')?.focus(), []);
  return (
    // Escape anywhere in the row closes it; the buttons do the rest.
    <fieldset
      ref={row}
      class="regenerate-choices"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <span class="regenerate-label">{label}</span>
      {choices.map((c) => (
        <button key={c.id} type="button" class="link-button" aria-label={c.name} onClick={() => onPick(c.id)}>
          {c.label}
        </button>
      ))}
      <button type="button" class="link-button" onClick={onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}

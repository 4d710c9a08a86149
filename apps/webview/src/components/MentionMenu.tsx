import type { MentionMenu as Menu } from '../models/ComposerModel';
import './MentionMenu.css';

/**
 * The `@` autocomplete (who to address) and the `#` one (workspace files by path; a file's entry is `mention-<path>`,
 * which `aria-activedescendant` finds even when the path holds a space), above the message box. The box keeps focus
 * (an autocompleting textbox: this is the listbox its `aria-controls` names, and its `aria-activedescendant` names the
 * highlighted entry), and a live line says how many match, for screen readers. A mouse pick uses `onMouseDown` so
 * the box does not lose focus first.
 */
export function MentionMenu({ menu, onPick }: { menu: Menu; onPick: (index: number) => void }) {
  const count = menu.candidates.length;
  return (
    <div class="mention-menu" data-testid="mention-menu">
      <div id="mention-menu" role="listbox" aria-label={menu.files ? 'Files to add' : 'Who to address'}>
        {menu.candidates.map((candidate, index) => (
          <div
            key={candidate.id}
            tabIndex={-1}
            id={`mention-${candidate.id}`}
            role="option"
            aria-selected={index === menu.active ? 'true' : 'false'}
            class={index === menu.active ? 'mention-option mention-option--active' : 'mention-option'}
            data-testid="mention-option"
            data-id={candidate.id}
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(index);
            }}
          >
            <span class="mention-name">
              {menu.files ? '' : '@'}
              {candidate.id}
            </span>
            <span class="mention-detail">
              {candidate.label === candidate.id ? '' : `${candidate.label} · `}
              {candidate.detail}
            </span>
          </div>
        ))}
      </div>
      <p class="visually-hidden" role="status">
        {count === 1 ? '1 match' : `${count} matches`}, Enter or Tab to choose, Escape to close
      </p>
    </div>
  );
}

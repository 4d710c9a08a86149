import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazyModule';
import { lazyView } from './lazyView';

function Notice({ text }: { text: string }) {
  return (
    <section aria-label="Notice" data-testid="notice">
      {text}
    </section>
  );
}

/** A module whose load the test finishes. */
function deferredModule() {
  let finish: (module: { Notice: typeof Notice }) => void = () => {};
  const importer = vi.fn(() => new Promise<{ Notice: typeof Notice }>((resolve) => (finish = resolve)));
  return { importer, finish: (module = { Notice }) => finish(module) };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a lazily loaded view', () => {
  it('shows nothing until its chunk has loaded, then itself with its props and roles; the chunk loads once', async () => {
    const { importer, finish } = deferredModule();
    const LazyNotice = lazyView(lazyModule('a notice', importer), (m) => m.Notice);
    const { container } = render(
      <div>
        <LazyNotice text="first" />
        <LazyNotice text="second" />
      </div>,
    );
    expect(container.querySelector('div')?.childNodes).toHaveLength(0);
    finish();
    const shown = await screen.findAllByRole('region', { name: 'Notice' });
    expect(shown.map((n) => n.textContent)).toEqual(['first', 'second']);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('is not loaded until a view renders', () => {
    const { importer } = deferredModule();
    lazyView(lazyModule('a notice', importer), (m) => m.Notice);
    expect(importer).not.toHaveBeenCalled();
  });

  it('a load that keeps failing is logged and shows nothing; the next render tries afresh', {
    timeout: 10_000,
  }, async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let failures = 3;
    const module = lazyModule('a notice', async () => {
      if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
      return { Notice };
    });
    const LazyNotice = lazyView(module, (m) => m.Notice);
    render(<LazyNotice text="hello" />);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(screen.queryByTestId('notice')).toBeNull();
    cleanup();
    render(<LazyNotice text="hello" />);
    expect((await screen.findByTestId('notice')).textContent).toBe('hello');
  });
});

import { Emitter } from '@roundtable/core/base/event';
import { Disposable } from '@roundtable/core/base/lifecycle';

/**
 * Which chat views have a page on screen. A view's page is not kept while hidden, so a page that talks is shown,
 * and one marked hidden (or disposed) is not. Fires whether any view is shown, only when that changes.
 */
export class ShownViews extends Disposable {
  private readonly shown = new Set<object>();
  private readonly emitter = this._register(new Emitter<boolean>());
  readonly onDidChange = this.emitter.event;

  get any(): boolean {
    return this.shown.size > 0;
  }

  set(view: object, shown: boolean): void {
    const before = this.any;
    if (shown) this.shown.add(view);
    else this.shown.delete(view);
    if (this.any !== before) this.emitter.fire(this.any);
  }
}

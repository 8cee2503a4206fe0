/**
 * One load kept in memory until it is known to be out of date: the first caller starts it, every caller
 * shares it, a failed load is not kept, and `dropIf` (synchronous, so the next caller already loads
 * afresh) drops a loaded value that a check found old.
 */
export class Kept<T> {
  private loading: Promise<T> | undefined;
  private loaded: T | undefined;

  private readonly load: () => Promise<T>;

  constructor(load: () => Promise<T>) {
    this.load = load;
  }

  get(): Promise<T> {
    if (this.loading) return this.loading;
    const loading = this.load();
    this.loading = loading;
    loading.then(
      (value) => {
        if (this.loading === loading) this.loaded = value;
      },
      () => {
        if (this.loading === loading) this.loading = undefined;
      },
    );
    return loading;
  }

  /** A load still under way is left: it reads what is there now. */
  dropIf(isOld: (value: T) => boolean): void {
    if (this.loaded !== undefined && isOld(this.loaded)) {
      this.loading = undefined;
      this.loaded = undefined;
    }
  }
}

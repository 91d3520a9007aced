// A list the service gives a page at a time (the Projects and Test Cases views): pages read on
// demand and appended without repeating a row, a reread that reads as many pages as were loaded
// (so the rows scrolled to stay), and answers for a list read again meanwhile dropped. No
// `vscode` import: test/unit/pagedList.test.ts drives it.

export interface ListPage<T> {
  items: T[];
  /** More follow on the next page. */
  hasMore: boolean;
  total?: number;
}

export class PagedList<T extends { id: number }> {
  private rows: T[] | undefined;
  private nextPage = 0;
  private more = false;
  /** A reread reads as many pages as were loaded, so the rows scrolled to stay. */
  private keepPages = 0;
  /** Bumped by every reset: answers for an older list are dropped. */
  private generationNow = 0;
  /** How many rows the service says the whole list has, when it says. */
  total: number | undefined;
  /** When the first page was last read (ms since the epoch). */
  readAt: number | undefined;

  constructor(
    /** Reads page `page` (from 0). */
    private readonly read: (page: number) => Promise<ListPage<T>>,
    /** Told of the rows each page added, with the generation they belong to. */
    private readonly onRows: (fresh: T[], generation: number) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The rows read so far; undefined until the first page is. */
  get items(): readonly T[] | undefined {
    return this.rows;
  }

  get hasMore(): boolean {
    return this.more;
  }

  /** Which list this is: an answer or a lookup begun under another one is stale. */
  get generation(): number {
    return this.generationNow;
  }

  /** Forgets every row: the next `ensure` reads from the first page. */
  reset(): void {
    this.generationNow += 1;
    this.rows = undefined;
    this.nextPage = 0;
    this.more = false;
    this.total = undefined;
  }

  /** The list again, as many pages as are loaded now. */
  catchUp(): void {
    const pages = this.nextPage;
    this.reset();
    this.keepPages = pages;
  }

  /** Reads the first page, or as many as `catchUp` kept, when nothing is loaded. */
  async ensure(): Promise<void> {
    if (this.rows) return;
    const generation = this.generationNow;
    const pages = Math.max(1, this.keepPages);
    this.keepPages = 0;
    do await this.readPage(generation);
    while (generation === this.generationNow && this.more && this.nextPage < pages);
  }

  /** The next page, appended; nothing when there is none. */
  async loadMore(): Promise<void> {
    if (this.more) await this.readPage(this.generationNow);
  }

  /** Takes the row of `id` out; false when the list does not hold it. */
  remove(id: number): boolean {
    if (!this.rows?.some((r) => r.id === id)) return false;
    this.rows = this.rows.filter((r) => r.id !== id);
    if (this.total !== undefined) this.total -= 1;
    return true;
  }

  private async readPage(generation: number): Promise<void> {
    const page = await this.read(this.nextPage);
    if (generation !== this.generationNow) return;
    if (this.nextPage === 0) this.readAt = this.now();
    const known = new Set((this.rows ?? []).map((r) => r.id));
    const fresh = page.items.filter((r) => !known.has(r.id));
    this.rows = [...(this.rows ?? []), ...fresh];
    this.nextPage += 1;
    this.more = page.hasMore;
    this.total = page.total;
    this.onRows(fresh, generation);
  }
}

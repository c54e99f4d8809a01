import { describe, expect, it } from 'vitest';
import type { ListParams, ListResult, Row } from '../../../../src/engine/api/dataProvider.js';
import { createListPager } from '../../../../src/engine/controllers/list/listPager.js';

/** 120 guests of Grand Nusantara Bandung, answered by keyset when a cursor is given, by offset otherwise. */
function guestBook(total = 120, countCap = 10_000) {
  const guests: Row[] = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `Tamu ${String(i + 1).padStart(3, '0')}` }));
  const asked: ListParams[] = [];
  return {
    asked,
    source: {
      async getList(_entity: string, p: ListParams): Promise<ListResult> {
        asked.push(p);
        const start = p.after ? Number(p.after) : (p.offset ?? 0);
        const rows = guests.slice(start, start + p.limit);
        const end = start + rows.length;
        return {
          rows,
          total: p.after ? null : Math.min(total, countCap),
          totalExact: total <= countCap,
          nextCursor: end < total ? String(end) : undefined,
        };
      },
    },
  };
}

describe('list pager: pages of one query as a grid scrolls', () => {
  it('asks the first page by offset with the query, sort and filter, and knows the end from the count', async () => {
    const { source, asked } = guestBook();
    const counts: (number | null)[] = [];
    const getPage = createListPager(
      source,
      { entity: 'frontoffice/guest', q: 'tamu', filter: { nationality: { op: 'eq', value: 'ID' } } },
      { onCount: (r) => counts.push(r.total) },
    );
    const page = await getPage({ startRow: 0, endRow: 50, sort: 'name', dir: 'desc' });
    expect(page.rows).toHaveLength(50);
    expect(page.lastRow).toBe(120);
    expect(asked[0]).toEqual({
      limit: 50,
      offset: 0,
      after: undefined,
      sort: 'name',
      dir: 'desc',
      q: 'tamu',
      filter: { nationality: { op: 'eq', value: 'ID' } },
    });
    expect(counts).toEqual([120]);
  });

  it('continues the next block from the keyset cursor of the previous one, which skips the count', async () => {
    const { source, asked } = guestBook();
    const counts: (number | null)[] = [];
    const getPage = createListPager(source, { entity: 'frontoffice/guest', filter: {} }, { onCount: (r) => counts.push(r.total) });
    await getPage({ startRow: 0, endRow: 50 });
    const second = await getPage({ startRow: 50, endRow: 100 });
    expect(asked[1]).toMatchObject({ after: '50', offset: 0 });
    expect(second.rows[0].name).toBe('Tamu 051');
    const last = await getPage({ startRow: 100, endRow: 150 });
    expect(last).toMatchObject({ lastRow: 120 });
    expect(last.rows).toHaveLength(20);
    expect(counts).toEqual([120]);
  });

  it('falls back to the offset when the grid jumps far down', async () => {
    const { source, asked } = guestBook();
    const getPage = createListPager(source, { entity: 'frontoffice/guest', filter: {} });
    await getPage({ startRow: 0, endRow: 50 });
    await getPage({ startRow: 100, endRow: 150 });
    expect(asked[1]).toMatchObject({ offset: 100, after: undefined });
  });

  it('leaves the end open while the count is capped ("10.000+ rows")', async () => {
    const { source } = guestBook(120, 100);
    const getPage = createListPager(source, { entity: 'frontoffice/guest', filter: {} });
    expect((await getPage({ startRow: 0, endRow: 50 })).lastRow).toBeUndefined();
  });

  it('says when the first page is asked for and when a page fails', async () => {
    const events: string[] = [];
    const getPage = createListPager(
      {
        getList: async () => {
          throw new Error('You may not read guests');
        },
      },
      { entity: 'frontoffice/guest', filter: {} },
      { onStart: () => events.push('start'), onError: (e) => events.push(e.message) },
    );
    await expect(getPage({ startRow: 0, endRow: 50 })).rejects.toThrow('You may not read guests');
    expect(events).toEqual(['start', 'You may not read guests']);
  });
});

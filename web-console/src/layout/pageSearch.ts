import Fuse from 'fuse.js';
import type { SearchablePage } from '../routes/menu';

/** Fuzzy search settings (spec section 9). */
export const SEARCH_THRESHOLD = 0.4;
export const TITLE_WEIGHT = 0.7;
export const PATH_WEIGHT = 0.3;

interface Indexed {
  page: SearchablePage;
  /** Titles in both languages (each level, and the whole chain). */
  title: string[];
  path: string;
}

/** Fuzzy search over the permitted pages' titles (both languages) and paths. */
export function createPageSearch(pages: readonly SearchablePage[]): (query: string) => SearchablePage[] {
  const fuse = new Fuse<Indexed>(
    pages.map((page) => ({
      page,
      title: [...new Set([...page.titleZh, ...page.titleEn, page.titleZh.join(' > '), page.titleEn.join(' > ')])],
      path: page.path,
    })),
    {
      keys: [
        { name: 'title', weight: TITLE_WEIGHT },
        { name: 'path', weight: PATH_WEIGHT },
      ],
      threshold: SEARCH_THRESHOLD,
      shouldSort: true,
      location: 0,
      distance: 100,
      minMatchCharLength: 1,
    },
  );
  return (query) => {
    const text = query.trim();
    if (!text) return [];
    return fuse.search(text).map((result) => result.item.page);
  };
}

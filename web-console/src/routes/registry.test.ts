import { describe, expect, it } from 'vitest';
import { hasPage, NotAvailablePage, pageFor } from './registry';

describe('component registry', () => {
  it('maps known server component names to their pages', () => {
    expect(hasPage('index')).toBe(true);
    expect(pageFor('index')).not.toBe(NotAvailablePage);
  });

  it('maps every other name to the not-available page', () => {
    for (const name of ['system/user/index', 'Layout', 'ParentView', 'toString', '', undefined]) {
      expect(pageFor(name)).toBe(NotAvailablePage);
    }
    expect(hasPage('constructor')).toBe(false);
  });
});

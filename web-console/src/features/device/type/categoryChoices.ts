import { useMemo } from 'react';
import type { SelectOption } from '../../../components/listPage';
import { useGetDeviceCategoriesQuery } from '../api';

/** The categories a type may belong to: the first 500 of the project (the most a page holds). */
export const CATEGORY_CHOICES = { pageNum: 1, pageSize: 500 };

/**
 * The project's categories as options (name and code); `also` adds a category the first 500
 * leave out (the edited type's own), so its name still shows.
 */
export function useCategoryChoices(also?: { categoryId: number; categoryName: string }): { choices: SelectOption[]; loading: boolean } {
  const { data, isFetching } = useGetDeviceCategoriesQuery(CATEGORY_CHOICES);
  const choices = useMemo(() => {
    const listed = (data?.rows ?? []).map((category) => ({
      value: category.categoryId,
      label: `${category.categoryName} (${category.categoryCode})`,
    }));
    if (also && !listed.some((choice) => choice.value === also.categoryId)) listed.push({ value: also.categoryId, label: also.categoryName });
    return listed;
  }, [data, also]);
  return { choices, loading: isFetching };
}

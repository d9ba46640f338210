import { createContext } from 'react';

/**
 * The dictionary type whose items the drawer lists: the list kit's add-and-edit dialog gets
 * only the row, and a new item belongs to this type.
 */
export const OpenedTypeContext = createContext('');

import AsEntered from '../../../components/AsEntered';

/** A time or date the server sent, or '-'. */
export const orNone = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '-' : value);

/** A name, number or text as entered (left out of the language walk), or '-'. */
export const entered = (value: string | null | undefined, clip = false) => (value ? <AsEntered text={value} clip={clip} /> : '-');

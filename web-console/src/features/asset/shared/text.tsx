import AsEntered from '../../../components/AsEntered';
import type { Asset, AssetAttribute, AssetOption, AssetType } from '../types';
import '../i18n';

/** A date or time the server sent, or '-'. */
export const orNone = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : value);

/** A code, name or text as entered (left out of the language walk), or '-'. */
export const entered = (value: string | null | undefined, clip = false) => (value ? <AsEntered text={value} clip={clip} /> : '-');

/** A name given in both languages, in the current one (the other when it is empty). */
export function nameIn(language: string, named: { nameZh: string; nameEn: string }): string {
  return language === 'en' ? named.nameEn || named.nameZh : named.nameZh || named.nameEn;
}

/** An asset's type name in the current language. */
export function typeNameOf(language: string, asset: Pick<Asset, 'typeNameZh' | 'typeNameEn'>): string {
  return nameIn(language, { nameZh: asset.typeNameZh ?? '', nameEn: asset.typeNameEn ?? '' });
}

/** A type as an option of a Select: its name in the current language. */
export function typeOption(language: string, type: Pick<AssetType, 'typeId' | 'nameZh' | 'nameEn'>) {
  return { value: type.typeId, label: nameIn(language, type) };
}

/** A sub-option's label in the current language, else its value. */
export function optionText(language: string, option: AssetOption): string {
  return (language === 'en' ? option.labelEn || option.labelZh : option.labelZh || option.labelEn) || option.value;
}

/** An attribute's name in the current language. */
export const attributeName = (language: string, attribute: Pick<AssetAttribute, 'nameZh' | 'nameEn'>) => nameIn(language, attribute);

import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import '../i18n';

/** The members' names as entered, in order: "a → b" in a sequence, "a、b" at once. */
export default function MemberNames({ names, sequential }: { names: readonly string[]; sequential: boolean }) {
  const { t } = useTranslation();
  if (names.length === 0) return '-';
  const separator = t(sequential ? 'lighting.combinedScene.sequenceSeparator' : 'lighting.combinedScene.memberSeparator');
  return (
    <span style={{ display: 'inline-block', maxWidth: 360, whiteSpace: 'normal' }}>
      {names.map((name, index) => (
        <Fragment key={`${index}-${name}`}>
          {index > 0 ? separator : null}
          <AsEntered text={name} />
        </Fragment>
      ))}
    </span>
  );
}

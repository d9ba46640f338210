import AsEntered from '../../../components/AsEntered';

/** A handler's label in the reader's language; a key without one (not in the registry) as the server sent it. */
export default function HandlerLabel({ label, handlerKey }: { label: string; handlerKey: string }) {
  return label === handlerKey ? <AsEntered text={handlerKey} /> : <span title={handlerKey}>{label}</span>;
}

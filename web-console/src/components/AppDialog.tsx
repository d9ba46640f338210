import { Modal, type ModalProps } from 'antd';
import { DIALOG_WIDTHS, type DialogWidth } from './dialogWidths';


export interface AppDialogProps extends Omit<ModalProps, 'width' | 'maskClosable'> {
  /** 500px ('small', the default) or 50% ('half'). */
  size?: DialogWidth;
}

/** A dialog that a click on the backdrop does not close (spec section 9). */
export default function AppDialog({ size = 'small', ...props }: AppDialogProps) {
  return <Modal {...props} width={DIALOG_WIDTHS[size]} maskClosable={false} />;
}

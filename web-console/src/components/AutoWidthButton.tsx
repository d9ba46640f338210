import { Button, type ButtonProps } from 'antd';
import { buttonWidth } from '../lib/text';

/** A button as wide as the spec's rule says for its text (section 5). */
export default function AutoWidthButton({ text, style, ...props }: ButtonProps & { text: string }) {
  return (
    <Button {...props} style={{ ...style, width: buttonWidth(text), paddingInline: 0 }}>
      {text}
    </Button>
  );
}

import { Col, Form, type FormItemProps } from 'antd';

export interface FormFieldProps extends FormItemProps {
  /** Columns of 24 it takes from the md breakpoint up (12: half the row). */
  span?: number;
  /** Columns of 24 below md (24: the whole row). */
  xs?: number;
}

/** One field of a dialog's form, in a grid column: full width on small screens, `span` above. */
export default function FormField({ span = 24, xs = 24, ...item }: FormFieldProps) {
  return (
    <Col xs={xs} md={span}>
      <Form.Item {...item} />
    </Col>
  );
}

import type { Advice, AdviceReply, AdviceSend } from '../types';

/** The reply form's fields. */
export interface ReplyFormValues {
  reply: string;
  status: string;
}

/** Pending feedback is answered as replied unless chosen otherwise; answered feedback keeps its status and reply to edit. */
export function replyValues(advice: Advice): ReplyFormValues {
  return { reply: advice.reply, status: advice.status === '0' ? '1' : advice.status };
}

/** The reply as the server takes it: the text trimmed. */
export function toReply(values: ReplyFormValues, advice: Advice): AdviceReply {
  return { adviceId: advice.adviceId, reply: (values.reply ?? '').trim(), status: values.status };
}

/** The feedback form's fields. */
export interface FeedbackFormValues {
  title: string;
  content: string;
}

/** Feedback as the server takes it: the texts trimmed. */
export function toSend(values: FeedbackFormValues): AdviceSend {
  return { title: (values.title ?? '').trim(), content: (values.content ?? '').trim() };
}

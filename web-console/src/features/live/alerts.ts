import { createElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFeedback, MESSAGE_SECONDS } from '../../app/feedback';
import i18n from '../../i18n';
import { getSettings } from '../../lib/settings';
import type { AlarmEvent, WorkOrderOverdueEvent } from './events';
import { notificationsSupported } from './notifications';
import '../alarm/i18n';
import './i18n';

type AudioContextClass = typeof AudioContext;

let audio: AudioContext | undefined;

function audioContextClass(): AudioContextClass | undefined {
  const scope = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/** A short two-tone beep made with the Web Audio API (no audio file). */
export function beep(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 660],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.16);
    }
  } catch {
    // no sound device, or the browser blocks audio until the user interacts
  }
}

/** What a raised alarm says, in the current language. */
export function alarmTexts(event: AlarmEvent): { title: string; body: string } {
  const english = i18n.language === 'en';
  const content = (english ? event.contentEn : event.contentZh) || event.contentZh || event.contentEn;
  const level = i18n.t(`alarm.level.${event.alarmLevel as '1'}`, { defaultValue: event.alarmLevel });
  return {
    title: i18n.t('alarm.live.alarmRaised', { name: event.alarmName, level }),
    body: i18n.t('alarm.live.alarmBody', { device: event.deviceName, content, time: event.alarmTime }),
  };
}

/** A text drawn again in the new language when the language changes while it is on screen. */
function Translated({ text }: { text: () => string }): ReactNode {
  useTranslation();
  return text();
}

const translated = (text: () => string) => createElement(Translated, { text });

/** The one on-screen notification of raised alarms: each new alarm takes its place. */
const ALARM_NOTIFICATION_KEY = 'alarm-raised';

/**
 * Tells the user about a raised alarm: an antd notification (5 seconds) in the current
 * language, following a switch of language while it shows; the beep and a desktop
 * notification (in the language of the moment: it cannot change) when switched on in the
 * settings. One notification at a time shows the newest alarm (the bell counts them all): a
 * fleet raising alarms every second would otherwise stack notices over the page's buttons.
 */
export function announceAlarm(event: AlarmEvent): void {
  const { title, body } = alarmTexts(event);
  void loadFeedback().then((feedback) =>
    feedback.notification.warning({
      key: ALARM_NOTIFICATION_KEY,
      message: translated(() => alarmTexts(event).title),
      description: createElement('span', null, translated(() => alarmTexts(event).body)),
      duration: MESSAGE_SECONDS,
    }),
  );
  const settings = getSettings();
  if (settings.alarmSound) beep();
  if (settings.alarmNotification && notificationsSupported() && Notification.permission === 'granted') {
    try {
      new Notification(title, { body, tag: `alarm-${event.alarmId}` });
    } catch {
      // some browsers allow notifications from a service worker only
    }
  }
}

/** What an overdue work order says to its handler, in the current language. */
export function workOrderOverdueText(event: WorkOrderOverdueEvent): string {
  return i18n.t('live.workOrderOverdue', { orderNumber: event.orderNumber });
}

/**
 * Tells the handler that their work order is overdue: an antd notification (5 seconds) in the
 * current language, following a switch of language while it shows.
 */
export function announceWorkOrderOverdue(event: WorkOrderOverdueEvent): void {
  void loadFeedback().then((feedback) =>
    feedback.notification.warning({
      key: `workOrder-overdue-${event.workOrderId}`,
      message: translated(() => workOrderOverdueText(event)),
      duration: MESSAGE_SECONDS,
    }),
  );
}

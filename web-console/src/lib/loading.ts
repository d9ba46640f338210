/** The global loading mask (spec section 2) is shown and hidden by this event. */
export const LOADING_EVENT = 'lumiscape:loading';

export interface LoadingDetail {
  show: boolean;
  text?: string;
}

function emit(detail: LoadingDetail): void {
  window.dispatchEvent(new CustomEvent<LoadingDetail>(LOADING_EVENT, { detail }));
}

export function showLoading(text?: string): void {
  emit({ show: true, text });
}

export function hideLoading(): void {
  emit({ show: false });
}

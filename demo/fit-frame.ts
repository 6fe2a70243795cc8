/** Keeps a same-origin frame as tall as its document, so the card shows it whole, lines and Details included. */
export function fitFrame(frame: HTMLIFrameElement): void {
  const fit = () => {
    const root = frame.contentDocument?.documentElement;
    if (!root) return;
    const observer = new ResizeObserver(() => (frame.style.height = `${root.scrollHeight}px`));
    observer.observe(root);
  };
  frame.addEventListener('load', fit);
  if (frame.contentDocument?.readyState === 'complete') fit();
}

/** Saves `text` as a download named `fileName`, as a page can: a link to a blob URL, clicked. */
export function saveFile(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  // The download reads the URL after the click returns; free it once that has surely begun.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

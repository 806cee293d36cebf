// Files the app hands the user (CSV statements, exports, QR codes): one way to save them.

/** Saves a Blob under a file name through a temporary link, as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked a little later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Saves `data` as an indented JSON file. */
export const saveJson = (name: string, data: unknown) => saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name)
